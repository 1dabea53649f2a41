// The JSON/JSONC backend of the fix editor. It touches only the characters it must: inserts go after
// the last member (keeping a trailing comment on its line), removals take their own lines and one
// separator, and everything else, comments included, stays byte for byte.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { SyntaxNode } from '../tree';
import type { FormattingOptions, OffsetEdit } from '../types';
import type { DocumentEditor, InsertValue } from './editor';
import { detectEol, detectIndentUnit, indentationAt, lineStartOf, reindent, startsLine } from './layout';

export class JsonEditor implements DocumentEditor {
  private readonly eol: string;
  private readonly unit: string;

  constructor(private readonly text: string, formatting?: FormattingOptions) {
    this.eol = detectEol(text);
    this.unit = detectIndentUnit(text, formatting);
  }

  replaceValue(node: SyntaxNode, value: InsertValue): OffsetEdit[] {
    const indent = indentationAt(this.text, node.offset);
    return [{ offset: node.offset, length: node.length, newText: this.render(value, indent, this.isMultiline(node)) }];
  }

  replaceString(node: SyntaxNode, value: string): OffsetEdit[] {
    return [{ offset: node.offset, length: node.length, newText: JSON.stringify(value) }];
  }

  addMembers(object: SyntaxNode, members: Array<[string, InsertValue]>, before?: SyntaxNode): OffsetEdit[] {
    const properties = object.children ?? [];
    if (before) return this.insertBefore(object, before, members);
    if (properties.length === 0) return this.fillEmpty(object, members);
    const first = properties[0];
    const last = properties[properties.length - 1];
    const multiline = startsLine(this.text, first.offset);
    const memberIndent = multiline ? indentationAt(this.text, first.offset) : '';
    const rendered = members.map(([key, value]) => this.member(key, value, memberIndent, multiline));
    const lastEnd = last.offset + last.length;
    const comma = this.nextToken(lastEnd);
    const hasTrailingComma = comma.kind === SyntaxKind.CommaToken;
    const afterLast = hasTrailingComma ? comma.offset + 1 : lastEnd;
    if (!multiline) {
      const text = (hasTrailingComma ? ' ' : ', ') + rendered.join(', ') + (hasTrailingComma ? ',' : '');
      return [{ offset: afterLast, length: 0, newText: text }];
    }
    const insertAt = this.endOfLineTrivia(afterLast);
    const block = rendered.map((member) => this.eol + memberIndent + member).join(',');
    if (hasTrailingComma || insertAt === lastEnd) {
      return [{ offset: insertAt, length: 0, newText: (hasTrailingComma ? '' : ',') + block }];
    }
    return [
      { offset: lastEnd, length: 0, newText: ',' },
      { offset: insertAt, length: 0, newText: block },
    ];
  }

  replaceMember(property: SyntaxNode, key: string, value: InsertValue): OffsetEdit[] {
    const indent = indentationAt(this.text, property.offset);
    return [{ offset: property.offset, length: property.length, newText: this.member(key, value, indent, this.isMultiline(property)) }];
  }

  removeMember(property: SyntaxNode): OffsetEdit[] {
    const object = property.parent;
    const siblings = object?.children ?? [property];
    const index = siblings.indexOf(property);
    const end = property.offset + property.length;
    const next = siblings[index + 1];
    if (next) {
      // Not last: take the member through its comma; its whole lines when it stands on lines of its own.
      const comma = this.nextToken(end);
      const afterComma = comma.kind === SyntaxKind.CommaToken ? comma.offset + 1 : end;
      const lineBreak = this.endOfLineTrivia(afterComma);
      if (startsLine(this.text, property.offset) && this.lineBreakLength(lineBreak) > 0) {
        const start = lineStartOf(this.text, property.offset);
        return [{ offset: start, length: lineBreak + this.lineBreakLength(lineBreak) - start, newText: '' }];
      }
      return [{ offset: property.offset, length: this.skipWhitespace(afterComma) - property.offset, newText: '' }];
    }
    const previous = siblings[index - 1];
    if (!previous) {
      // The only member: leave an empty object (a trailing comma would make it invalid, so it goes too).
      const start = startsLine(this.text, property.offset) ? this.previousLineEnd(property.offset) : property.offset;
      const trailing = this.nextToken(end);
      const through = trailing.kind === SyntaxKind.CommaToken ? trailing.offset + 1 : end;
      return [{ offset: start, length: through - start, newText: '' }];
    }
    // Last of several: drop the separator after the previous member (keeping its comments) and the member itself.
    const separator = this.nextToken(previous.offset + previous.length);
    const edits: OffsetEdit[] = [];
    if (separator.kind === SyntaxKind.CommaToken && separator.offset < property.offset) {
      edits.push({ offset: separator.offset, length: 1, newText: '' });
    }
    const start = startsLine(this.text, property.offset) ? this.previousLineEnd(property.offset) : property.offset;
    const from = Math.max(start, separator.kind === SyntaxKind.CommaToken ? separator.offset + 1 : start);
    edits.push({ offset: from, length: end - from, newText: '' });
    return edits;
  }

  private insertBefore(object: SyntaxNode, before: SyntaxNode, members: Array<[string, InsertValue]>): OffsetEdit[] {
    void object;
    const multiline = startsLine(this.text, before.offset);
    const indent = multiline ? indentationAt(this.text, before.offset) : '';
    const rendered = members.map(([key, value]) => this.member(key, value, indent, multiline));
    const separator = multiline ? `,${this.eol}${indent}` : ', ';
    return [{ offset: before.offset, length: 0, newText: rendered.join(separator) + separator }];
  }

  private fillEmpty(object: SyntaxNode, members: Array<[string, InsertValue]>): OffsetEdit[] {
    const objectIndent = indentationAt(this.text, object.offset);
    const memberIndent = objectIndent + this.unit;
    const inner = members.map(([key, value]) => this.eol + memberIndent + this.member(key, value, memberIndent, true)).join(',');
    const openEnd = object.offset + 1;
    const closeStart = object.offset + object.length - 1;
    const between = this.text.slice(openEnd, closeStart);
    if (/^\s*$/.test(between)) {
      return [{ offset: openEnd, length: between.length, newText: inner + this.eol + objectIndent }];
    }
    // Comments inside the empty object stay; the members go right after the brace.
    return [{ offset: openEnd, length: 0, newText: inner }];
  }

  private member(key: string, value: InsertValue, indent: string, multiline: boolean): string {
    return `${JSON.stringify(key)}: ${this.render(value, indent, multiline)}`;
  }

  /** Renders a value whose first line continues a line indented by `indent`. */
  private render(value: InsertValue, indent: string, multiline: boolean): string {
    if ('json' in value) {
      if (!multiline) return JSON.stringify(value.json);
      return JSON.stringify(value.json, null, this.unit).split('\n').join(this.eol + indent);
    }
    if ('copyOf' in value) {
      const node = value.copyOf;
      const source = this.text.slice(node.offset, node.offset + node.length);
      return reindent(source, indentationAt(this.text, node.offset), indent, this.eol);
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
      if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia || kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) {
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
      if ((kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) &&
        !/[\r\n]/.test(this.text.slice(tokenOffset, tokenOffset + scanner.getTokenLength()))) {
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

  /** The end of the previous line's content (before its line break), so removing from there removes a whole line. */
  private previousLineEnd(offset: number): number {
    let start = lineStartOf(this.text, offset);
    if (start > 0 && this.text.charCodeAt(start - 1) === 10) start--;
    if (start > 0 && this.text.charCodeAt(start - 1) === 13) start--;
    return start;
  }
}
