// The YAML backend of the fix editor. Block YAML gets block YAML at the document's indentation,
// flow collections get flow YAML; removals take a member's own lines (nested ones included) and
// nothing else; every other character, comments included, stays as it was. Nodes that stand for an
// alias's or a merge key's content have their text elsewhere: edits inside them are refused (an
// empty edit list), except replacing an alias as a whole; so are edits inside an anchored collection
// that aliases share (the edit would change every alias). A member merged in with `<<` is never
// edited where its text is (the merge source, which other mappings may merge too): replacing its
// value adds an own member to the merging mapping instead, which wins over the merged one.
import { childrenOf, itemsOf, keyNodeOf, propertiesOf, type SyntaxNode } from '../tree';
import type { FormattingOptions, OffsetEdit } from '../../types';
import type { DocumentEditor, InsertValue, ReadBack } from '../editor';
import { detectIndentUnit, pastBlanks, usableFormatting } from '../layout';
import { commaSides, removalIndexes } from '../removedItems';
import {
  yamlLineBreak,
  yamlLineBreakLength,
  yamlLineEnd,
  yamlLineStart,
  yamlSmallestIndentation,
  yamlStartsLine,
} from './yamlLines';
import { isAliasCopy, isInMergeSource, isInSharedAnchor, isMergedMember, mergePairsOf, mergesKey } from './yamlTreeNode';
import { keyText, stringText, type QuoteStyle } from './yamlScalarText';
import { pad, YamlValueWriter } from './yamlValueText';
import { intendedValue, YamlEditCheck } from './yamlEditCheck';

export class YamlEditor implements DocumentEditor {
  private readonly eol: string;
  private readonly unit: number;
  private readonly writer: YamlValueWriter;
  private readonly check: YamlEditCheck;

  /** `readBack`: how the edits that need it are read back (DocumentEditor's ReadBack). */
  constructor(
    private readonly text: string,
    given?: FormattingOptions,
    readBack: ReadBack = 'each',
  ) {
    const formatting = usableFormatting(given);
    this.eol = yamlLineBreak(text);
    // YAML indents with spaces only; a tab preference becomes its width in spaces.
    const unit = formatting ? detectIndentUnit(text, formatting) : (yamlSmallestIndentation(text) ?? '  ');
    this.unit = unit === '\t' ? Math.max(1, formatting?.tabSize ?? 2) : unit.length;
    this.writer = new YamlValueWriter(text, this.eol, this.unit);
    this.check = new YamlEditCheck(text, readBack);
  }

  confirmsTogether(chosen: readonly OffsetEdit[]): boolean {
    return this.check.confirmsTogether(chosen);
  }

  isInherited(property: SyntaxNode): boolean {
    return isMergedMember(property);
  }

  replaceValue(node: SyntaxNode, value: InsertValue): OffsetEdit[] {
    const override = this.overridingMember(node, value);
    if (override) return override;
    if (!this.isOwnText(node) || isInMergeSource(node) || isInSharedAnchor(node)) return [];
    // A block collection whose first key has a tag or anchor (`!!merge <<: *a`, `&k key: v`): its
    // range starts after them, and a new value written there would inherit them.
    if (
      (node.type === 'object' || node.type === 'array' || node.type === 'property') &&
      !isAliasCopy(node) &&
      !this.isFlow(node) &&
      !this.startsBlockKey(node.offset)
    )
      return [];
    const parent = node.parent;
    const container = parent?.type === 'property' ? parent.parent : parent;
    if (container && this.isFlow(container)) {
      const text = this.writer.value(value, { inFlow: true, column: 0, ownerColumn: 0 }).text;
      if (node.length > 0 || parent?.type !== 'property')
        return [{ offset: node.offset, length: node.length, newText: this.afterColon(node, text) }];
      // An empty value in flow (`{key}` or `{key:}`): the colon, and the space after it, may be
      // missing; written right after the colon, before any comment.
      if (parent.colonOffset === undefined) return [{ offset: node.offset, length: 0, newText: `: ${text}` }];
      const start = parent.colonOffset + 1;
      // The blanks up to the value's place go with it, unless a comment follows them.
      const blanks =
        this.text[node.offset] !== '#' && /^[ \t]*$/.test(this.text.slice(start, node.offset)) ? node.offset - start : 0;
      return [{ offset: start, length: blanks, newText: ` ${text}` }];
    }
    const isItem = parent?.type === 'array';
    const ownerColumn = parent ? this.columnOf(parent.offset) : 0;
    if (node.length === 0 && parent) {
      // An empty value: written after the colon (or the `-`), before any comment on the line.
      const at = parent.type === 'property' && parent.colonOffset !== undefined ? parent.colonOffset + 1 : node.offset;
      const column = isItem ? ownerColumn + 2 : ownerColumn + this.unit;
      const written = this.writer.value(value, { inFlow: false, column, ownerColumn });
      const newText = written.inline || isItem ? ` ${written.text}` : `${this.eol}${pad(column)}${written.text}`;
      return [{ offset: at, length: 0, newText }];
    }
    if (!parent || isItem || yamlStartsLine(this.text, node.offset)) {
      // Where the node is (its own line, or after `- `) is where block lines can start.
      const written = this.writer.value(value, { inFlow: false, column: this.columnOf(node.offset), ownerColumn });
      return [{ offset: node.offset, length: node.length, newText: this.keepingHeaderComment(node, written.text) }];
    }
    const column = ownerColumn + this.unit;
    const written = this.writer.value(value, { inFlow: false, column, ownerColumn });
    if (written.inline)
      return [
        {
          offset: node.offset,
          length: node.length,
          newText: this.afterColon(node, this.keepingHeaderComment(node, written.text)),
        },
      ];
    // A block collection after `key:` goes to the next lines; the spaces after the colon go with the old value.
    let start = node.offset;
    while (start > 0 && (this.text[start - 1] === ' ' || this.text[start - 1] === '\t')) start--;
    if (this.text[start - 1] !== ':') start = node.offset;
    return [{ offset: start, length: node.offset + node.length - start, newText: `${this.eol}${pad(column)}${written.text}` }];
  }

  replaceString(node: SyntaxNode, value: string): OffsetEdit[] {
    const override = this.overridingMember(node, { json: value });
    if (override) return override;
    if (!this.isOwnText(node) || isInMergeSource(node) || isInSharedAnchor(node)) return [];
    if (node.length === 0) return this.replaceValue(node, { json: value });
    const container = node.parent?.type === 'property' ? node.parent.parent : node.parent;
    const first = this.text[node.offset];
    const style: QuoteStyle = first === '"' ? 'double' : first === "'" ? 'single' : 'plain';
    const inFlow = !!container && this.isFlow(container);
    return [
      {
        offset: node.offset,
        length: node.length,
        newText: this.afterColon(node, this.keepingHeaderComment(node, stringText(value, style, inFlow))),
      },
    ];
  }

  /**
   * `newText` for a value that starts right at its colon (`"key":"x"`, or a lone CR after the colon,
   * which the `yaml` package counts into the value): a blank first, so the colon still separates.
   */
  private afterColon(node: SyntaxNode, newText: string): string {
    return node.offset > 0 && this.text[node.offset - 1] === ':' ? ` ${newText}` : newText;
  }

  /**
   * `newText` for a node, plus the comment on the node's header line when the node is a block scalar
   * (`url: >- # why`, a comment its range covers) and `newText` is one line: the comment stays, as a
   * plain scalar's comment would.
   */
  private keepingHeaderComment(node: SyntaxNode, newText: string): string {
    if ((this.text[node.offset] !== '|' && this.text[node.offset] !== '>') || /[\r\n]/.test(newText)) return newText;
    const header = this.text.slice(node.offset, Math.min(this.lineEnd(node.offset), node.offset + node.length));
    const comment = headerComment(header);
    return comment !== undefined ? `${newText} ${comment}` : newText;
  }

  addMembers(object: SyntaxNode, members: Array<[string, InsertValue]>, before?: SyntaxNode): OffsetEdit[] {
    if (isAliasCopy(object) || isInMergeSource(object) || isInSharedAnchor(object) || members.length === 0) return [];
    const usableBefore = before && !isAliasCopy(before) && !isMergedMember(before) ? before : undefined;
    const entries = this.entriesOf(object);
    if (this.isFlow(object)) {
      if (usableBefore)
        return [
          {
            offset: usableBefore.offset,
            length: 0,
            newText: members.map(([key, value]) => `${this.writer.flowMember(key, value)}, `).join(''),
          },
        ];
      return this.addToFlow(object, entries, members);
    }
    const layout = this.blockMappingLayout(object, entries);
    if (!layout) return [];
    if (!layout.explicitKeys) {
      if (usableBefore)
        return this.insertBefore(usableBefore, layout.column, members, (key, value, column) =>
          this.writer.blockMember(key, value, column),
        );
      return this.appendBlockMembers(entries, object, layout.column, members, (key, value, column) =>
        this.writer.blockMember(key, value, column),
      );
    }
    // Explicit `? key` entries: new members are ordinary `key: value` lines at the `?`'s column, which
    // YAML allows next to explicit ones; kept only when the text reads back as meant. Else one line
    // of flow YAML per member, which depends on nothing but that column.
    const intended = members.map(([key, value]) => [key, intendedValue(value)] as const);
    const change = (old: unknown) => {
      if (old === null || typeof old !== 'object' || Array.isArray(old)) return undefined;
      const updated = old as Record<string, unknown>;
      for (const [key, value] of intended) updated[key] = value;
      return updated;
    };
    const block = (key: string, value: InsertValue, column: number) => this.writer.blockMember(key, value, column);
    const flow = (key: string, value: InsertValue) => `${keyText(key, false)}: ${this.writer.flowValue(value)}`;
    for (const write of [block, flow]) {
      const edits =
        usableBefore && this.entryStartsLine(usableBefore)
          ? this.insertBefore(usableBefore, layout.column, members, write)
          : this.appendBlockMembers(entries, object, layout.column, members, write);
      if (edits.length > 0 && this.check.confirms(edits, object, change)) return edits;
    }
    return [];
  }

  appendElements(array: SyntaxNode, elements: InsertValue[]): OffsetEdit[] {
    if (isAliasCopy(array) || isInMergeSource(array) || isInSharedAnchor(array) || elements.length === 0) return [];
    // The text is the array's own, but an anchored array may be aliased elsewhere, and the layouts
    // around a sequence vary (`: - a`, `- - a`, comments): every append is read back before it is offered.
    const intended = elements.map(intendedValue);
    const change = (old: unknown) => (Array.isArray(old) ? [...old, ...intended] : undefined);
    const attempts: Array<() => OffsetEdit[]> = this.isFlow(array)
      ? [() => this.appendToFlowSequence(array, elements)]
      : [() => this.appendToBlockSequence(array, elements, false), () => this.appendToBlockSequence(array, elements, true)];
    for (const attempt of attempts) {
      const edits = attempt();
      if (edits.length > 0 && this.check.confirms(edits, array, change)) return edits;
    }
    return [];
  }

  /**
   * Items removed where they stand, without a read-back: a block item's lines (its `- ` line at the
   * sequence's column through its last line; a comment after it stays as a comment line), a flow
   * item with one comma. Refused where the text could mean something else without them: a
   * sequence that aliases read (an alias would lose the items too) or that is not its own text,
   * an item with an anchor, a tag or an anchor inside it, a block scalar item (its chomping owns
   * the blank lines after it), a first item that shares its line with an outer `- ` or key.
   */
  removeElements(array: SyntaxNode, elements: readonly SyntaxNode[], emptying = false): OffsetEdit[] {
    if (array.type !== 'array' || isAliasCopy(array) || isInMergeSource(array) || isInSharedAnchor(array)) return [];
    for (let node: SyntaxNode | undefined = array; node; node = node.parent) if (node.aliased) return [];
    const indexes = removalIndexes(array, elements, emptying);
    if (!indexes) return [];
    const items = itemsOf(array);
    if (indexes.some((index) => !removableItem(items[index], this.text))) return [];
    if (this.isFlow(array)) return this.removeFromFlowSequence(array, indexes);
    return indexes.length === items.length ? this.emptyBlockSequence(array) : this.removeFromBlockSequence(array, indexes);
  }

  /**
   * A block sequence emptied: a block sequence without items is no sequence (`key:` is null), so
   * the first item's `- item` becomes `[]` where it stands, and the others go with their lines (the
   * comments after them stay). Only where a flow sequence may stand at that column: deeper than
   * the key it is the value of.
   */
  private emptyBlockSequence(array: SyntaxNode): OffsetEdit[] {
    const items = itemsOf(array);
    const first = items[0];
    const owner = array.parent;
    if (this.text[array.offset] !== '-' || owner?.type !== 'property' || owner.value !== array) return [];
    if (!yamlStartsLine(this.text, array.offset) || this.columnOf(array.offset) <= this.columnOf(owner.offset)) return [];
    if (!/^[ \t]+$/.test(this.text.slice(array.offset + 1, first.offset))) return [];
    const rest = items.length > 1 ? this.removeFromBlockSequence(array, items.map((_, index) => index).slice(1)) : [];
    if (items.length > 1 && rest.length === 0) return [];
    return [{ offset: array.offset, length: first.offset + first.length - array.offset, newText: '[]' }, ...rest];
  }

  private removeFromBlockSequence(array: SyntaxNode, indexes: readonly number[]): OffsetEdit[] {
    if (this.text[array.offset] !== '-') return [];
    const column = this.columnOf(array.offset);
    const items = itemsOf(array);
    const edits: OffsetEdit[] = [];
    for (const index of indexes) {
      const item = items[index];
      // Only blanks between the item and its `-`: no anchor or tag that would stay behind.
      let dash = item.offset;
      while (dash > 0 && (this.text[dash - 1] === ' ' || this.text[dash - 1] === '\t')) dash--;
      dash--;
      if (dash < 0 || this.text[dash] !== '-' || dash === item.offset - 1) return [];
      const lineStart = yamlLineStart(this.text, dash);
      if (dash - lineStart !== column || !/^ *$/.test(this.text.slice(lineStart, dash))) return [];
      const stop = this.pastBlanks(item.offset + item.length);
      if (stop >= this.text.length || this.lineBreakLength(stop) > 0) {
        edits.push({ offset: lineStart, length: stop + this.lineBreakLength(stop) - lineStart, newText: '' });
      } else if (this.text[stop] === '#' && stop > item.offset + item.length) {
        edits.push({ offset: dash, length: stop - dash, newText: '' });
      } else {
        return [];
      }
    }
    return edits;
  }

  /** As in JSON: each item goes with one comma (removedItems.ts), comments between them stay. */
  private removeFromFlowSequence(array: SyntaxNode, indexes: readonly number[]): OffsetEdit[] {
    const items = itemsOf(array);
    const commaAfter = (index: number): number | undefined => {
      const after = this.nextSignificant(items[index].offset + this.lengthOf(items[index]));
      return this.text[after] === ',' ? after : undefined;
    };
    // Nothing but blanks, line breaks and comments before each removed item, back to the bracket or
    // comma before it: an anchor or tag there would be left to the next item.
    for (const index of indexes) {
      const before = index === 0 ? array.offset : commaAfter(index - 1);
      if (before === undefined || this.nextSignificant(before + 1) !== items[index].offset) return [];
    }
    const sides = commaSides(indexes, items.length, commaAfter(items.length - 1) !== undefined);
    const edits: OffsetEdit[] = [];
    for (let position = 0; position < indexes.length; position++) {
      const index = indexes[position];
      const item = items[index];
      const end = item.offset + this.lengthOf(item);
      const ownLine = yamlStartsLine(this.text, item.offset);
      if (sides[position] === 'none') {
        const stop = this.pastBlanks(end);
        if (ownLine && this.endsLine(stop)) {
          const lineStart = yamlLineStart(this.text, item.offset);
          edits.push({ offset: lineStart, length: stop + this.lineBreakLength(stop) - lineStart, newText: '' });
        } else {
          edits.push({ offset: item.offset, length: this.keepingCommentBlank(item.offset, stop) - item.offset, newText: '' });
        }
        continue;
      }
      const comma = sides[position] === 'after' ? commaAfter(index) : commaAfter(index - 1);
      if (comma === undefined) return [];
      if (sides[position] === 'after') {
        const stop = this.pastBlanks(comma + 1);
        if (!/^[ \t]*$/.test(this.text.slice(end, comma))) {
          edits.push({ offset: item.offset, length: end - item.offset, newText: '' }, { offset: comma, length: 1, newText: '' });
        } else if (ownLine && this.endsLine(stop)) {
          const lineStart = yamlLineStart(this.text, item.offset);
          edits.push({ offset: lineStart, length: stop + this.lineBreakLength(stop) - lineStart, newText: '' });
        } else {
          edits.push({ offset: item.offset, length: this.keepingCommentBlank(item.offset, stop) - item.offset, newText: '' });
        }
        continue;
      }
      const stop = this.pastBlanks(end);
      if (ownLine && this.endsLine(stop)) {
        const lineStart = yamlLineStart(this.text, item.offset);
        edits.push(
          { offset: comma, length: 1, newText: '' },
          { offset: lineStart, length: stop + this.lineBreakLength(stop) - lineStart, newText: '' },
        );
      } else if (/^[ \t]*$/.test(this.text.slice(comma + 1, item.offset))) {
        edits.push({ offset: comma, length: end - comma, newText: '' });
      } else {
        edits.push(
          { offset: comma, length: 1, newText: '' },
          { offset: item.offset, length: this.keepingCommentBlank(item.offset, stop) - item.offset, newText: '' },
        );
      }
    }
    return edits;
  }

  /**
   * Where a removal from `start` up to `stop` must end so that a comment at `stop` keeps a blank
   * before it (YAML reads `#` as a comment only after white space): one blank short when the
   * character before `start` is not one.
   */
  private keepingCommentBlank(start: number, stop: number): number {
    if (this.text[stop] !== '#' || stop === start) return stop;
    const before = this.text[start - 1];
    if (start === 0 || before === ' ' || before === '\t' || before === '\n' || before === '\r') return stop;
    return this.text[stop - 1] === ' ' || this.text[stop - 1] === '\t' ? stop - 1 : stop;
  }

  /** Whether a line break (or the end of the text) is at `offset`. */
  private endsLine(offset: number): boolean {
    return offset >= this.text.length || this.lineBreakLength(offset) > 0;
  }

  private pastBlanks(offset: number): number {
    return pastBlanks(this.text, offset);
  }

  private appendToFlowSequence(array: SyntaxNode, elements: InsertValue[]): OffsetEdit[] {
    const items = itemsOf(array);
    const inner = this.text.slice(array.offset + 1, array.offset + array.length - 1);
    const parent = array.parent;
    const container = parent?.type === 'property' ? parent.parent : parent;
    if (items.length === 0 && (!container || !this.isFlow(container))) {
      // `key: []` in block YAML: the elements are written as a block sequence instead.
      if (inner.trim() === '') return this.emptyFlowToBlock(array, { elements });
    }
    const written = elements.map((element) => this.writer.flowValue(element));
    if (items.length === 0)
      return [
        { offset: array.offset + 1, length: 0, newText: inner.trim() === '' ? written.join(', ') : `${written.join(', ')}, ` },
      ];
    const last = items[items.length - 1];
    const lastEnd = last.offset + this.lengthOf(last);
    const after = this.nextSignificant(lastEnd);
    const hasTrailingComma = this.text[after] === ',';
    if (yamlStartsLine(this.text, items[0].offset)) {
      // One item per line: the new ones too, at the first item's column, after any comment on the last line.
      const column = this.columnOf(items[0].offset);
      const lines = written.map((item) => this.eol + pad(column) + item).join(',');
      const at = this.lineEnd(hasTrailingComma ? after + 1 : lastEnd);
      if (hasTrailingComma) return [{ offset: at, length: 0, newText: `${lines},` }];
      if (at === lastEnd) return [{ offset: at, length: 0, newText: `,${lines}` }];
      return [
        { offset: lastEnd, length: 0, newText: ',' },
        { offset: at, length: 0, newText: lines },
      ];
    }
    if (hasTrailingComma) return [{ offset: after + 1, length: 0, newText: ` ${written.join(', ')},` }];
    return [{ offset: lastEnd, length: 0, newText: `, ${written.join(', ')}` }];
  }

  /**
   * `key: []` (or `key: {}`) in block YAML, replaced by a block collection on the next lines. A
   * comment after the brackets stays on the key's line.
   */
  private emptyFlowToBlock(node: SyntaxNode, value: InsertValue): OffsetEdit[] {
    const end = node.offset + node.length;
    const lineEnd = this.lineEnd(end);
    const rest = this.text.slice(end, lineEnd);
    if (!/^[ \t]+#/.test(rest) || node.parent?.type !== 'property') return this.replaceValue(node, value);
    const ownerColumn = this.columnOf(node.parent.offset);
    const column = ownerColumn + this.unit;
    const written = this.writer.value(value, { inFlow: false, column, ownerColumn });
    if (written.inline) return this.replaceValue(node, value);
    let start = node.offset;
    while (start > 0 && (this.text[start - 1] === ' ' || this.text[start - 1] === '\t')) start--;
    if (this.text[start - 1] !== ':') start = node.offset;
    return [
      { offset: start, length: end - start, newText: '' },
      { offset: lineEnd, length: 0, newText: `${this.eol}${pad(column)}${written.text}` },
    ];
  }

  /**
   * New items at the column of the sequence's first `-` (wherever that dash stands: on its own line,
   * after `- `, `? ` or `: `), after the last item's lines and the comments indented into it. With
   * `asFlow`, each item is one line of flow YAML (`- {name: x, ...}`).
   */
  private appendToBlockSequence(array: SyntaxNode, elements: InsertValue[], asFlow: boolean): OffsetEdit[] {
    const items = itemsOf(array);
    if (items.length === 0 || this.text[array.offset] !== '-') return [];
    const column = this.columnOf(array.offset);
    const last = items[items.length - 1];
    const at = this.pastIndentedComments(this.lineEnd(last.offset + this.lengthOf(last)), column);
    const written = elements.map((element) =>
      asFlow ? `- ${this.writer.flowValue(element)}` : this.writer.blockItem(element, column),
    );
    return [{ offset: at, length: 0, newText: written.map((item) => this.eol + pad(column) + item).join('') }];
  }

  /**
   * From a line end, past the following comment lines indented deeper than `column` (they belong to
   * what ends before them): the line end to insert at.
   */
  private pastIndentedComments(lineEnd: number, column: number): number {
    let at = lineEnd;
    for (;;) {
      const next = at + this.lineBreakLength(at);
      if (next === at || next >= this.text.length) return at;
      const line = this.text.slice(next, this.lineEnd(next));
      const indentation = /^ */.exec(line)![0].length;
      if (indentation <= column || line[indentation] !== '#') return at;
      at = this.lineEnd(next);
    }
  }

  /**
   * The column of a block mapping's keys, and whether it has explicit `? key` entries; undefined
   * when its entries do not all start at one column with only indentation or `- ` before them
   * (a tag or anchor before a key, a key on the line of a `? `, ...): nothing is added then.
   */
  private blockMappingLayout(object: SyntaxNode, entries: Entry[]): { column: number; explicitKeys: boolean } | undefined {
    if (entries.length === 0) return { column: this.columnOf(object.offset), explicitKeys: false };
    let column: number | undefined;
    let explicitKeys = false;
    for (const entry of entries) {
      const start = this.entryStart(entry);
      if (start !== entry.offset) explicitKeys = true;
      if (!this.startsBlockKey(start)) return undefined;
      const at = this.columnOf(start);
      if (column !== undefined && at !== column) return undefined;
      column = at;
    }
    return { column: column!, explicitKeys };
  }

  /** Where an entry starts: its `?` when its key is explicit (`? key`), else its key. */
  private entryStart(entry: Entry): number {
    if (!isNode(entry)) return entry.offset;
    const lineStart = yamlLineStart(this.text, entry.offset);
    const before = this.text.slice(lineStart, entry.offset);
    const explicit = /\?[ ]+$/.exec(before);
    if (!explicit || (explicit.index > 0 && before[explicit.index - 1] !== ' ')) return entry.offset;
    return lineStart + explicit.index;
  }

  private entryStartsLine(entry: SyntaxNode): boolean {
    return yamlStartsLine(this.text, this.entryStart(entry));
  }

  private appendBlockMembers(
    entries: Entry[],
    object: SyntaxNode,
    column: number,
    members: Array<[string, InsertValue]>,
    write: (key: string, value: InsertValue, column: number) => string,
  ): OffsetEdit[] {
    const last = entries.length > 0 ? entries[entries.length - 1] : object;
    const at = this.lineEnd(last.offset + last.length);
    return [
      {
        offset: at,
        length: 0,
        newText: members.map(([key, value]) => this.eol + pad(column) + write(key, value, column)).join(''),
      },
    ];
  }

  replaceMember(property: SyntaxNode, key: string, value: InsertValue): OffsetEdit[] {
    if (isAliasCopy(property) || isInMergeSource(property) || isInSharedAnchor(property) || !property.parent) return [];
    const newText = this.isFlow(property.parent)
      ? this.writer.flowMember(key, value)
      : this.writer.blockMember(key, value, this.columnOf(property.offset));
    return [{ offset: property.offset, length: this.lengthOf(property), newText }];
  }

  removeMember(property: SyntaxNode): OffsetEdit[] {
    const object = property.parent;
    // A merged member cannot be removed: its text is the merge source's. Nor can an own member that
    // overrides a merged one: the merged value would show instead.
    if (isAliasCopy(property) || isInMergeSource(property) || isInSharedAnchor(property) || !object) return [];
    const key = keyNodeOf(property)?.value;
    if (typeof key === 'string' && mergesKey(object, key)) return [];
    const entries = this.entriesOf(object);
    const index = entries.indexOf(property);
    const next = entries[index + 1];
    const end = property.offset + this.lengthOf(property);
    if (this.isFlow(object)) return this.removeFromFlow(property, entries[index - 1], next);
    if (entries.length === 1) {
      // The mapping's only member (and no `<<`): it becomes an empty mapping rather than null.
      return [{ offset: property.offset, length: this.lengthOf(property), newText: '{}' }];
    }
    if (yamlStartsLine(this.text, property.offset)) {
      const start = yamlLineStart(this.text, property.offset);
      const lineEnd = this.lineEnd(end);
      return [{ offset: start, length: lineEnd + this.lineBreakLength(lineEnd) - start, newText: '' }];
    }
    // The first member of a compact mapping (`- key: ...`): the next member moves up after the `-`.
    if (next) return [{ offset: property.offset, length: next.offset - property.offset, newText: '' }];
    return [{ offset: property.offset, length: this.lengthOf(property), newText: '{}' }];
  }

  /**
   * An entry's length without the blanks that end it when it is a member whose empty value sits
   * where a comment starts (`url:   # to do`): text put in its place keeps a blank before the `#`.
   */
  private lengthOf(entry: Entry): number {
    let end = entry.offset + entry.length;
    if (this.text[end] !== '#') return entry.length;
    while (end > entry.offset && (this.text[end - 1] === ' ' || this.text[end - 1] === '\t')) end--;
    return end - entry.offset;
  }

  /** Members inserted before an entry of a block mapping whose keys are at `column`. */
  private insertBefore(
    before: SyntaxNode,
    column: number,
    members: Array<[string, InsertValue]>,
    write: (key: string, value: InsertValue, column: number) => string,
  ): OffsetEdit[] {
    const start = this.entryStart(before);
    const written = members.map(([key, value]) => write(key, value, column));
    if (yamlStartsLine(this.text, start)) {
      const newText = written.map((member) => pad(column) + member + this.eol).join('');
      return [{ offset: yamlLineStart(this.text, start), length: 0, newText }];
    }
    // The first entry of a compact mapping (`- key: ...`): the new members take its place after the `-`.
    return [{ offset: start, length: 0, newText: written.map((member) => member + this.eol + pad(column)).join('') }];
  }

  /**
   * The value of a member merged in with `<<`, replaced the only way that leaves the merge source
   * alone: an own member of the same key added to the merging mapping (own keys win over merged
   * ones). Undefined when `node` is not such a value.
   */
  private overridingMember(node: SyntaxNode, value: InsertValue): OffsetEdit[] | undefined {
    const property = node.parent;
    if (property?.type !== 'property' || property.value !== node || !isMergedMember(property) || !property.parent)
      return undefined;
    const key = property.key.value;
    if (typeof key !== 'string') return [];
    return this.addMembers(property.parent, [[key, value]]);
  }

  /**
   * The stretches of a mapping's own text, in text order: its own members and its `<<` pairs (the
   * members a merge brings in are not there: their text is the source's).
   */
  private entriesOf(object: SyntaxNode): Entry[] {
    const own: Entry[] = propertiesOf(object).filter((property) => !isAliasCopy(property) && !isMergedMember(property));
    const pairs = mergePairsOf(object);
    if (pairs.length === 0) return own;
    return [...own, ...pairs].sort((a, b) => a.offset - b.offset);
  }

  /** Whether block keys may start at the column of `offset`: only spaces and compact `- ` stand before it on its line. */
  private startsBlockKey(offset: number): boolean {
    return /^ *(?:- +)*$/.test(this.text.slice(yamlLineStart(this.text, offset), offset));
  }

  private addToFlow(object: SyntaxNode, own: Entry[], members: Array<[string, InsertValue]>): OffsetEdit[] {
    if (own.length === 0) {
      const inner = this.text.slice(object.offset + 1, object.offset + object.length - 1);
      const parent = object.parent;
      const container = parent?.type === 'property' ? parent.parent : parent;
      if (inner.trim() === '' && (!container || !this.isFlow(container))) {
        // `key: {}` in block YAML: the members are written as a block mapping instead.
        return this.emptyFlowToBlock(object, { members });
      }
      const written = members.map(([key, value]) => this.writer.flowMember(key, value)).join(', ');
      return [{ offset: object.offset + 1, length: 0, newText: inner.trim() === '' ? written : `${written}, ` }];
    }
    const last = own[own.length - 1];
    const lastEnd = last.offset + this.lengthOf(last);
    const after = this.nextSignificant(lastEnd);
    const hasTrailingComma = this.text[after] === ',';
    if (yamlStartsLine(this.text, own[0].offset)) {
      const column = this.columnOf(own[0].offset);
      const block = members.map(([key, value]) => this.eol + pad(column) + this.writer.flowMember(key, value)).join(',');
      const at = this.lineEnd(hasTrailingComma ? after + 1 : lastEnd);
      if (hasTrailingComma) return [{ offset: at, length: 0, newText: `${block},` }];
      if (at === lastEnd) return [{ offset: at, length: 0, newText: `,${block}` }];
      return [
        { offset: lastEnd, length: 0, newText: ',' },
        { offset: at, length: 0, newText: block },
      ];
    }
    const written = members.map(([key, value]) => this.writer.flowMember(key, value)).join(', ');
    if (hasTrailingComma) return [{ offset: after + 1, length: 0, newText: ` ${written},` }];
    return [{ offset: lastEnd, length: 0, newText: `, ${written}` }];
  }

  private removeFromFlow(property: SyntaxNode, previous: Entry | undefined, next: Entry | undefined): OffsetEdit[] {
    const length = this.lengthOf(property);
    const end = property.offset + length;
    const after = this.nextSignificant(end);
    if (this.text[after] === ',') {
      // `key: value,` and the spaces up to the next member go; a line break (and what follows) stays.
      let stop = after + 1;
      while (stop < this.text.length && (this.text[stop] === ' ' || this.text[stop] === '\t')) stop++;
      if (!next && previous) {
        // A trailing comma after the last member: the separator before it goes instead.
        const separator = this.nextSignificant(previous.offset + this.lengthOf(previous));
        if (this.text[separator] === ',' && separator < property.offset) {
          return [{ offset: separator, length: end - separator, newText: '' }];
        }
      }
      return [{ offset: property.offset, length: stop - property.offset, newText: '' }];
    }
    if (previous) {
      const separator = this.nextSignificant(previous.offset + this.lengthOf(previous));
      if (this.text[separator] === ',' && separator < property.offset) {
        if (this.text.slice(separator + 1, property.offset).trim() === '') {
          return [{ offset: separator, length: end - separator, newText: '' }];
        }
        return [
          { offset: separator, length: 1, newText: '' },
          { offset: property.offset, length, newText: '' },
        ];
      }
    }
    return [{ offset: property.offset, length, newText: '' }];
  }

  /** A node whose range is its own text: not inside an alias's or merge key's content. */
  private isOwnText(node: SyntaxNode): boolean {
    return !isAliasCopy(node) || !node.parent || !isAliasCopy(node.parent);
  }

  private isFlow(collection: SyntaxNode): boolean {
    if (isAliasCopy(collection)) return false;
    const first = this.text[collection.offset];
    return (collection.type === 'object' && first === '{') || (collection.type === 'array' && first === '[');
  }

  private columnOf(offset: number): number {
    return offset - yamlLineStart(this.text, offset);
  }

  /** The line break ending the line that holds `offset` (past a comment), or the end of the text. */
  private lineEnd(offset: number): number {
    return yamlLineEnd(this.text, offset);
  }

  private lineBreakLength(offset: number): number {
    return yamlLineBreakLength(this.text, offset);
  }

  /** The first character from `offset` that is not white space, a line break or a comment. */
  private nextSignificant(offset: number): number {
    let position = offset;
    while (position < this.text.length) {
      const character = this.text[position];
      if (character === ' ' || character === '\t' || character === '\n' || character === '\r') {
        position++;
      } else if (character === '#' && (position === 0 || /\s/.test(this.text[position - 1]))) {
        position = this.lineEnd(position);
      } else {
        break;
      }
    }
    return position;
  }
}

/**
 * Whether a sequence item can go with its lines or its comma and nothing else: its own text (an
 * alias is removed as its `*name`), no anchor an alias reads, nothing inside it that aliases read,
 * not a block scalar.
 */
function removableItem(item: SyntaxNode, text: string): boolean {
  if (item.length === 0) return false;
  if (isAliasCopy(item)) return text[item.offset] === '*';
  const first = text[item.offset];
  if (first === '|' || first === '>' || first === '&' || first === '!') return false;
  const pending: SyntaxNode[] = [item];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.aliased || node.sharedByAliases) return false;
    for (const child of childrenOf(node)) if (child.parent === node && !isAliasCopy(child)) pending.push(child);
  }
  return true;
}

/** A stretch of a mapping's own text: one of its members, or one of its `<<` pairs. */
type Entry = Pick<SyntaxNode, 'offset' | 'length'>;

function isNode(entry: Entry): entry is SyntaxNode {
  return 'type' in entry;
}

/**
 * The comment ending a block scalar's header line: what `/\s(#.*)$/.exec(header)?.[1]` gives, in
 * linear time (that expression scans to the end from every ` #` before a U+2028, which YAML
 * allows in a comment: seconds on 20,000 of them).
 */
export function headerComment(header: string): string | undefined {
  // The comment runs to the end without a line terminator, so it starts after the last one.
  let from = 0;
  for (let index = header.length - 1; index >= 0; index--) {
    const unit = header.charCodeAt(index);
    if (unit === 0x0a || unit === 0x0d || unit === 0x2028 || unit === 0x2029) {
      from = index;
      break;
    }
  }
  for (let index = from; index < header.length - 1; index++) {
    if (header[index + 1] === '#' && /\s/.test(header[index])) return header.slice(index + 1);
  }
  return undefined;
}
