// The JSON/JSONC backend of the fix editor. It touches only the characters it must: inserts go after
// the last member (keeping a trailing comment on its line), removals take their own lines and one
// separator, and everything else, comments included, stays byte for byte.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { childrenOf, itemsOf, type JsonValue, type SyntaxNode } from '../tree';
import type { FormattingOptions, OffsetEdit } from '../../types';
import type { DocumentEditor, InsertValue } from '../editor';
import { detectEol, detectIndentUnit, indentationAt, lineStartOf, pastBlanks, reindent, startsLine } from '../layout';
import { commaSides, removalIndexes } from '../removedItems';

export class JsonEditor implements DocumentEditor {
  private readonly eol: string;
  private readonly unit: string;

  constructor(
    private readonly text: string,
    formatting?: FormattingOptions,
  ) {
    this.eol = detectEol(text);
    this.unit = detectIndentUnit(text, formatting);
  }

  replaceValue(node: SyntaxNode, value: InsertValue): OffsetEdit[] {
    const multiline = this.isMultiline(node);
    return [
      {
        offset: node.offset,
        length: node.length,
        newText: this.render(value, this.indentFor(node, value, multiline), multiline),
      },
    ];
  }

  replaceString(node: SyntaxNode, value: string): OffsetEdit[] {
    return [{ offset: node.offset, length: node.length, newText: JSON.stringify(value) }];
  }

  addMembers(object: SyntaxNode, members: Array<[string, InsertValue]>, before?: SyntaxNode): OffsetEdit[] {
    if (before) return this.insertBefore(object, before, members);
    return this.append(object, (indent, multiline) => members.map(([key, value]) => this.member(key, value, indent, multiline)));
  }

  appendElements(array: SyntaxNode, elements: InsertValue[]): OffsetEdit[] {
    return this.append(array, (indent, multiline) => elements.map((value) => this.render(value, indent, multiline)));
  }

  /** Appends rendered items (members or elements) after the last child of an object or array. */
  private append(container: SyntaxNode, render: (indent: string, multiline: boolean) => string[]): OffsetEdit[] {
    const children = childrenOf(container);
    if (children.length === 0) return this.fillEmpty(container, render);
    const first = children[0];
    const last = children[children.length - 1];
    const multiline = startsLine(this.text, first.offset);
    const itemIndent = multiline ? indentationAt(this.text, first.offset) : '';
    const rendered = render(itemIndent, multiline);
    const lastEnd = last.offset + last.length;
    const comma = this.nextToken(lastEnd);
    const hasTrailingComma = comma.kind === SyntaxKind.CommaToken;
    const afterLast = hasTrailingComma ? comma.offset + 1 : lastEnd;
    if (!multiline) {
      const text = (hasTrailingComma ? ' ' : ', ') + rendered.join(', ') + (hasTrailingComma ? ',' : '');
      return [{ offset: afterLast, length: 0, newText: text }];
    }
    const insertAt = this.endOfLineTrivia(afterLast);
    const block = rendered.map((item) => this.eol + itemIndent + item).join(',');
    if (hasTrailingComma || insertAt === lastEnd) {
      return [{ offset: insertAt, length: 0, newText: (hasTrailingComma ? '' : ',') + block }];
    }
    return [
      { offset: lastEnd, length: 0, newText: ',' },
      { offset: insertAt, length: 0, newText: block },
    ];
  }

  replaceMember(property: SyntaxNode, key: string, value: InsertValue): OffsetEdit[] {
    const multiline = this.isMultiline(property);
    const indent = this.indentFor(property, value, multiline);
    return [{ offset: property.offset, length: property.length, newText: this.member(key, value, indent, multiline) }];
  }

  /**
   * The indentation of the line `node` is on, which text written in its place continues: looked up
   * only when that text has line breaks (finding a line's start on a minified document scans the
   * whole text, and fixes ask for every node they replace).
   */
  private indentFor(node: SyntaxNode, value: InsertValue, multiline: boolean): string {
    return multiline || this.copiesLines(value) ? indentationAt(this.text, node.offset) : '';
  }

  /** Whether `value` copies a node whose text has several lines (they keep their layout, re-indented). */
  private copiesLines(value: InsertValue): boolean {
    if ('json' in value) return false;
    if ('copyOf' in value) return /[\r\n]/.test(this.text.slice(value.copyOf.offset, value.copyOf.offset + value.copyOf.length));
    if ('elements' in value) return value.elements.some((element) => this.copiesLines(element));
    return value.members.some(([, member]) => this.copiesLines(member));
  }

  removeMember(property: SyntaxNode): OffsetEdit[] {
    const siblings = property.parent ? childrenOf(property.parent) : [property];
    const index = siblings.indexOf(property);
    const previous = siblings[index - 1];
    const next = siblings[index + 1];
    const end = property.offset + property.length;
    const trailing = this.nextToken(end);
    const hasOwnComma = trailing.kind === SyntaxKind.CommaToken;
    const through = hasOwnComma ? trailing.offset + 1 : end;
    const edits: OffsetEdit[] = [];
    const lineBreak = this.endOfLineTrivia(through);
    if (startsLine(this.text, property.offset) && this.lineBreakLength(lineBreak) > 0) {
      // The member has lines of its own (with its comma and any comment after it): they go whole.
      const start = lineStartOf(this.text, property.offset);
      edits.push({ offset: start, length: lineBreak + this.lineBreakLength(lineBreak) - start, newText: '' });
    } else {
      const stop = next ? this.skipWhitespace(through) : through;
      edits.push({ offset: property.offset, length: stop - property.offset, newText: '' });
    }
    if (!next && previous && !hasOwnComma) {
      // It was the last member: the comma that separated it from the previous one goes too,
      // while comments after that comma stay.
      const separator = this.nextToken(previous.offset + previous.length);
      if (separator.kind === SyntaxKind.CommaToken && separator.offset < property.offset) {
        edits.push({ offset: separator.offset, length: 1, newText: '' });
      }
    }
    return edits;
  }

  removeElements(array: SyntaxNode, elements: readonly SyntaxNode[], emptying = false): OffsetEdit[] {
    const indexes = removalIndexes(array, elements, emptying);
    if (!indexes) return [];
    const items = itemsOf(array);
    const commaAfter = (index: number): number | undefined => {
      const token = this.nextToken(items[index].offset + items[index].length);
      return token.kind === SyntaxKind.CommaToken ? token.offset : undefined;
    };
    const sides = commaSides(indexes, items.length, commaAfter(items.length - 1) !== undefined);
    const edits: OffsetEdit[] = [];
    for (let position = 0; position < indexes.length; position++) {
      const index = indexes[position];
      const item = items[index];
      if (sides[position] === 'none') {
        edits.push(this.alone(item));
        continue;
      }
      // A comma missing where one must be (broken text): the parse guessed the list, nothing is removed.
      const comma = sides[position] === 'after' ? commaAfter(index) : commaAfter(index - 1);
      if (comma === undefined) return [];
      for (const edit of sides[position] === 'after' ? this.withCommaAfter(item, comma) : this.withCommaBefore(item, comma))
        edits.push(edit);
    }
    return edits;
  }

  /**
   * An item and the comma after it. An item with a line of its own loses the line; else the item, the
   * comma and the blanks after it go (a comment after them stays, at the item's place). Comments
   * between the item and its comma stay too: then only the item and the comma go.
   */
  private withCommaAfter(item: SyntaxNode, comma: number): OffsetEdit[] {
    const end = item.offset + item.length;
    const stop = this.pastBlanks(comma + 1);
    if (!isBlank(this.text, end, comma)) {
      return [
        { offset: item.offset, length: item.length, newText: '' },
        { offset: comma, length: 1, newText: '' },
      ];
    }
    if (startsLine(this.text, item.offset) && this.endsLine(stop)) {
      const start = lineStartOf(this.text, item.offset);
      return [{ offset: start, length: stop + this.lineBreakLength(stop) - start, newText: '' }];
    }
    return [{ offset: item.offset, length: stop - item.offset, newText: '' }];
  }

  /**
   * The last item (or one of a run of them that ends a list without a trailing comma) and the comma
   * before it, which ends the previous item's line when the item has a line of its own.
   */
  private withCommaBefore(item: SyntaxNode, comma: number): OffsetEdit[] {
    const stop = this.pastBlanks(item.offset + item.length);
    if (startsLine(this.text, item.offset) && this.endsLine(stop)) {
      const start = lineStartOf(this.text, item.offset);
      return [
        { offset: comma, length: 1, newText: '' },
        { offset: start, length: stop + this.lineBreakLength(stop) - start, newText: '' },
      ];
    }
    if (isBlank(this.text, comma + 1, item.offset))
      return [{ offset: comma, length: item.offset + item.length - comma, newText: '' }];
    return [
      { offset: comma, length: 1, newText: '' },
      { offset: item.offset, length: stop - item.offset, newText: '' },
    ];
  }

  /** The last item of a list losing every item: its line when it has one of its own, else its text and the blanks after it. */
  private alone(item: SyntaxNode): OffsetEdit {
    const stop = this.pastBlanks(item.offset + item.length);
    if (startsLine(this.text, item.offset) && this.endsLine(stop)) {
      const start = lineStartOf(this.text, item.offset);
      return { offset: start, length: stop + this.lineBreakLength(stop) - start, newText: '' };
    }
    return { offset: item.offset, length: stop - item.offset, newText: '' };
  }

  /** Whether a line break (or the end of the text) is at `offset`. */
  private endsLine(offset: number): boolean {
    return offset >= this.text.length || this.lineBreakLength(offset) > 0;
  }

  private pastBlanks(offset: number): number {
    return pastBlanks(this.text, offset);
  }

  private insertBefore(object: SyntaxNode, before: SyntaxNode, members: Array<[string, InsertValue]>): OffsetEdit[] {
    void object;
    const multiline = startsLine(this.text, before.offset);
    const indent = multiline ? indentationAt(this.text, before.offset) : '';
    const rendered = members.map(([key, value]) => this.member(key, value, indent, multiline));
    const separator = multiline ? `,${this.eol}${indent}` : ', ';
    return [{ offset: before.offset, length: 0, newText: rendered.join(separator) + separator }];
  }

  private fillEmpty(container: SyntaxNode, render: (indent: string, multiline: boolean) => string[]): OffsetEdit[] {
    const containerIndent = indentationAt(this.text, container.offset);
    const itemIndent = containerIndent + this.unit;
    const inner = render(itemIndent, true)
      .map((item) => this.eol + itemIndent + item)
      .join(',');
    const openEnd = container.offset + 1;
    const closeStart = container.offset + container.length - 1;
    const between = this.text.slice(openEnd, closeStart);
    if (/^\s*$/.test(between)) {
      return [{ offset: openEnd, length: between.length, newText: inner + this.eol + containerIndent }];
    }
    // Comments inside the empty container stay; the members go right after the brace.
    return [{ offset: openEnd, length: 0, newText: inner }];
  }

  private member(key: string, value: InsertValue, indent: string, multiline: boolean): string {
    return `${JSON.stringify(key)}: ${this.render(value, indent, multiline)}`;
  }

  /** Renders a value whose first line continues a line indented by `indent`. */
  private render(value: InsertValue, indent: string, multiline: boolean): string {
    if ('json' in value) {
      if (!multiline) return inlineJson(value.json);
      return JSON.stringify(value.json, null, this.unit)
        .split('\n')
        .join(this.eol + indent);
    }
    if ('copyOf' in value) {
      const node = value.copyOf;
      const source = this.text.slice(node.offset, node.offset + node.length);
      return reindent(source, () => indentationAt(this.text, node.offset), indent, this.eol);
    }
    if ('elements' in value) {
      if (value.elements.length === 0) return '[]';
      if (!multiline) return `[${value.elements.map((element) => this.render(element, indent, false)).join(', ')}]`;
      const inner = indent + this.unit;
      const lines = value.elements.map((element) => inner + this.render(element, inner, true));
      return `[${this.eol}${lines.join(`,${this.eol}`)}${this.eol}${indent}]`;
    }
    if (value.members.length === 0) return '{}';
    if (!multiline) {
      return `{ ${value.members.map(([key, member]) => this.member(key, member, indent, false)).join(', ')} }`;
    }
    const inner = indent + this.unit;
    const lines = value.members.map(([key, member]) => inner + this.member(key, member, inner, true));
    return `{${this.eol}${lines.join(`,${this.eol}`)}${this.eol}${indent}}`;
  }

  private isMultiline(node: SyntaxNode): boolean {
    return startsLine(this.text, node.offset) || /[\r\n]/.test(this.text.slice(node.offset, node.offset + node.length));
  }

  /** The next token after `offset` that is not white space, a line break or a comment. */
  private nextToken(offset: number): { kind: SyntaxKind; offset: number } {
    const scanner = createScanner(this.text, false);
    scanner.setPosition(offset);
    for (;;) {
      const kind = scanner.scan();
      if (
        kind === SyntaxKind.Trivia ||
        kind === SyntaxKind.LineBreakTrivia ||
        kind === SyntaxKind.LineCommentTrivia ||
        kind === SyntaxKind.BlockCommentTrivia
      ) {
        continue;
      }
      return { kind, offset: scanner.getTokenOffset() };
    }
  }

  /**
   * From `offset`, past spaces and comments that end on the same line: the offset of the line break
   * that follows, or `offset` itself when something else comes first on the line.
   */
  private endOfLineTrivia(offset: number): number {
    const scanner = createScanner(this.text, false);
    scanner.setPosition(offset);
    for (;;) {
      const kind = scanner.scan();
      const tokenOffset = scanner.getTokenOffset();
      if (kind === SyntaxKind.Trivia) continue;
      if (
        (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) &&
        !/[\r\n]/.test(this.text.slice(tokenOffset, tokenOffset + scanner.getTokenLength()))
      ) {
        continue;
      }
      return kind === SyntaxKind.LineBreakTrivia ? tokenOffset : offset;
    }
  }

  private lineBreakLength(offset: number): number {
    if (this.text.startsWith('\r\n', offset)) return 2;
    return this.text[offset] === '\n' || this.text[offset] === '\r' ? 1 : 0;
  }

  private skipWhitespace(offset: number): number {
    let position = offset;
    while (position < this.text.length && /\s/.test(this.text[position])) position++;
    return position;
  }
}

/** Whether the text from `start` to `end` is spaces and tabs only. */
function isBlank(text: string, start: number, end: number): boolean {
  for (let position = start; position < end; position++) {
    if (text[position] !== ' ' && text[position] !== '\t') return false;
  }
  return true;
}

/**
 * A value on one line the way the inserted members around it are written (`"key": value`, `, `
 * between items, a blank inside braces): JSON.stringify's minified text would stand out in the
 * author's spaced line.
 */
function inlineJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  const members = Object.keys(value).map((key) => `${JSON.stringify(key)}: ${inlineJson(value[key])}`);
  return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
}
