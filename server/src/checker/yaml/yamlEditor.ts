// The YAML backend of the fix editor. Block YAML gets block YAML at the document's indentation,
// flow collections get flow YAML; removals take a member's own lines (nested ones included) and
// nothing else; every other character, comments included, stays as it was. Nodes that stand for an
// alias's or a merge key's content have their text elsewhere: edits inside them are refused (an
// empty edit list), except replacing an alias as a whole.
import type { SyntaxNode } from '../tree';
import type { FormattingOptions, OffsetEdit } from '../types';
import type { DocumentEditor, InsertValue } from '../fixes/editor';
import { detectEol, detectIndentUnit, lineStartOf, startsLine } from '../fixes/layout';
import { isAliasCopy } from './yamlTreeNode';
import { stringText, type QuoteStyle } from './yamlScalarText';
import { pad, YamlValueWriter } from './yamlValueText';

export class YamlEditor implements DocumentEditor {
  private readonly eol: string;
  private readonly unit: number;
  private readonly writer: YamlValueWriter;

  constructor(private readonly text: string, formatting?: FormattingOptions) {
    this.eol = detectEol(text);
    // YAML indents with spaces only; a tab preference becomes its width in spaces.
    const unit = detectIndentUnit(text, formatting);
    this.unit = unit === '\t' ? Math.max(1, formatting?.tabSize ?? 2) : unit.length;
    this.writer = new YamlValueWriter(text, this.eol, this.unit);
  }

  replaceValue(node: SyntaxNode, value: InsertValue): OffsetEdit[] {
    if (!this.isOwnText(node)) return [];
    const parent = node.parent;
    const container = parent?.type === 'property' ? parent.parent : parent;
    if (container && this.isFlow(container)) {
      const text = this.writer.value(value, { inFlow: true, column: 0, ownerColumn: 0 }).text;
      // An empty value in flow (`{key}` or `{key:}`): the colon, and the space after it, may be missing.
      const lead = node.length > 0 || parent?.type !== 'property' ? '' : parent.colonOffset === undefined ? ': ' : ' ';
      return [{ offset: node.offset, length: node.length, newText: lead + text }];
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
    if (!parent || isItem || startsLine(this.text, node.offset)) {
      // Where the node is (its own line, or after `- `) is where block lines can start.
      const written = this.writer.value(value, { inFlow: false, column: this.columnOf(node.offset), ownerColumn });
      return [{ offset: node.offset, length: node.length, newText: this.keepingHeaderComment(node, written.text) }];
    }
    const column = ownerColumn + this.unit;
    const written = this.writer.value(value, { inFlow: false, column, ownerColumn });
    if (written.inline) return [{ offset: node.offset, length: node.length, newText: this.keepingHeaderComment(node, written.text) }];
    // A block collection after `key:` goes to the next lines; the spaces after the colon go with the old value.
    let start = node.offset;
    while (start > 0 && (this.text[start - 1] === ' ' || this.text[start - 1] === '\t')) start--;
    if (this.text[start - 1] !== ':') start = node.offset;
    return [{ offset: start, length: node.offset + node.length - start, newText: `${this.eol}${pad(column)}${written.text}` }];
  }

  replaceString(node: SyntaxNode, value: string): OffsetEdit[] {
    if (!this.isOwnText(node)) return [];
    if (node.length === 0) return this.replaceValue(node, { json: value });
    const container = node.parent?.type === 'property' ? node.parent.parent : node.parent;
    const first = this.text[node.offset];
    const style: QuoteStyle = first === '"' ? 'double' : first === "'" ? 'single' : 'plain';
    const inFlow = !!container && this.isFlow(container);
    return [{ offset: node.offset, length: node.length, newText: this.keepingHeaderComment(node, stringText(value, style, inFlow)) }];
  }

  /**
   * `newText` for a node, plus the comment on the node's header line when the node is a block scalar
   * (`url: >- # why`, a comment its range covers) and `newText` is one line: the comment stays, as a
   * plain scalar's comment would.
   */
  private keepingHeaderComment(node: SyntaxNode, newText: string): string {
    if ((this.text[node.offset] !== '|' && this.text[node.offset] !== '>') || /[\r\n]/.test(newText)) return newText;
    const header = this.text.slice(node.offset, Math.min(this.lineEnd(node.offset), node.offset + node.length));
    const comment = /\s(#.*)$/.exec(header);
    return comment ? `${newText} ${comment[1]}` : newText;
  }

  addMembers(object: SyntaxNode, members: Array<[string, InsertValue]>, before?: SyntaxNode): OffsetEdit[] {
    if (isAliasCopy(object) || members.length === 0) return [];
    if (before && !isAliasCopy(before)) return this.insertBefore(object, before, members);
    const own = (object.children ?? []).filter((property) => !isAliasCopy(property));
    if (this.isFlow(object)) return this.addToFlow(object, own, members);
    const column = this.columnOf(own.length > 0 ? own[0].offset : object.offset);
    const last = own.length > 0 ? own[own.length - 1] : object;
    const at = this.lineEnd(last.offset + last.length);
    const newText = members.map(([key, value]) => this.eol + pad(column) + this.writer.blockMember(key, value, column)).join('');
    return [{ offset: at, length: 0, newText }];
  }

  replaceMember(property: SyntaxNode, key: string, value: InsertValue): OffsetEdit[] {
    if (isAliasCopy(property) || !property.parent) return [];
    const newText = this.isFlow(property.parent)
      ? this.writer.flowMember(key, value)
      : this.writer.blockMember(key, value, this.columnOf(property.offset));
    return [{ offset: property.offset, length: property.length, newText }];
  }

  removeMember(property: SyntaxNode): OffsetEdit[] {
    const object = property.parent;
    if (isAliasCopy(property) || !object) return [];
    const siblings = object.children ?? [];
    const own = siblings.filter((sibling) => !isAliasCopy(sibling));
    const index = own.indexOf(property);
    const next = own[index + 1];
    const end = property.offset + property.length;
    if (this.isFlow(object)) return this.removeFromFlow(property, own[index - 1], next);
    if (siblings.length === 1) {
      // The mapping's only member: it becomes an empty mapping rather than null.
      return [{ offset: property.offset, length: property.length, newText: '{}' }];
    }
    if (startsLine(this.text, property.offset)) {
      const start = lineStartOf(this.text, property.offset);
      const lineEnd = this.lineEnd(end);
      return [{ offset: start, length: lineEnd + this.lineBreakLength(lineEnd) - start, newText: '' }];
    }
    // The first member of a compact mapping (`- key: ...`): the next member moves up after the `-`.
    if (next) return [{ offset: property.offset, length: next.offset - property.offset, newText: '' }];
    return [{ offset: property.offset, length: property.length, newText: '{}' }];
  }

  private insertBefore(object: SyntaxNode, before: SyntaxNode, members: Array<[string, InsertValue]>): OffsetEdit[] {
    if (this.isFlow(object)) {
      return [{ offset: before.offset, length: 0, newText: members.map(([key, value]) => `${this.writer.flowMember(key, value)}, `).join('') }];
    }
    const column = this.columnOf(before.offset);
    const written = members.map(([key, value]) => this.writer.blockMember(key, value, column));
    if (startsLine(this.text, before.offset)) {
      const newText = written.map((member) => pad(column) + member + this.eol).join('');
      return [{ offset: lineStartOf(this.text, before.offset), length: 0, newText }];
    }
    return [{ offset: before.offset, length: 0, newText: written.map((member) => member + this.eol + pad(column)).join('') }];
  }

  private addToFlow(object: SyntaxNode, own: SyntaxNode[], members: Array<[string, InsertValue]>): OffsetEdit[] {
    if (own.length === 0) {
      const inner = this.text.slice(object.offset + 1, object.offset + object.length - 1);
      const parent = object.parent;
      const container = parent?.type === 'property' ? parent.parent : parent;
      if (inner.trim() === '' && (!container || !this.isFlow(container))) {
        // `key: {}` in block YAML: the members are written as a block mapping instead.
        return this.replaceValue(object, { members });
      }
      const written = members.map(([key, value]) => this.writer.flowMember(key, value)).join(', ');
      return [{ offset: object.offset + 1, length: 0, newText: inner.trim() === '' ? written : `${written}, ` }];
    }
    const last = own[own.length - 1];
    const lastEnd = last.offset + last.length;
    const after = this.nextSignificant(lastEnd);
    const hasTrailingComma = this.text[after] === ',';
    if (startsLine(this.text, own[0].offset)) {
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

  private removeFromFlow(property: SyntaxNode, previous: SyntaxNode | undefined, next: SyntaxNode | undefined): OffsetEdit[] {
    const end = property.offset + property.length;
    const after = this.nextSignificant(end);
    if (this.text[after] === ',') {
      // `key: value,` and the spaces up to the next member go; a line break (and what follows) stays.
      let stop = after + 1;
      while (stop < this.text.length && (this.text[stop] === ' ' || this.text[stop] === '\t')) stop++;
      if (!next && previous) {
        // A trailing comma after the last member: the separator before it goes instead.
        const separator = this.nextSignificant(previous.offset + previous.length);
        if (this.text[separator] === ',' && separator < property.offset) {
          return [{ offset: separator, length: end - separator, newText: '' }];
        }
      }
      return [{ offset: property.offset, length: stop - property.offset, newText: '' }];
    }
    if (previous) {
      const separator = this.nextSignificant(previous.offset + previous.length);
      if (this.text[separator] === ',' && separator < property.offset) {
        if (this.text.slice(separator + 1, property.offset).trim() === '') {
          return [{ offset: separator, length: end - separator, newText: '' }];
        }
        return [
          { offset: separator, length: 1, newText: '' },
          { offset: property.offset, length: property.length, newText: '' },
        ];
      }
    }
    return [{ offset: property.offset, length: property.length, newText: '' }];
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
    return offset - lineStartOf(this.text, offset);
  }

  /** The line break ending the line that holds `offset` (past a comment), or the end of the text. */
  private lineEnd(offset: number): number {
    let position = offset;
    while (position < this.text.length && this.text[position] !== '\n' && this.text[position] !== '\r') position++;
    return position;
  }

  private lineBreakLength(offset: number): number {
    if (this.text.startsWith('\r\n', offset)) return 2;
    return this.text[offset] === '\n' || this.text[offset] === '\r' ? 1 : 0;
  }

  /** The first character from `offset` that is not white space, a line break or a comment. */
  private nextSignificant(offset: number): number {
    let position = offset;
    while (position < this.text.length) {
      const character = this.text[position];
      if (character === ' ' || character === '\t' || character === '\n' || character === '\r') {
        position++;
      } else if (character === '#' && (position === 0 || /\s/.test(this.text[position - 1]))) {
        while (position < this.text.length && this.text[position] !== '\n' && this.text[position] !== '\r') position++;
      } else {
        break;
      }
    }
    return position;
  }
}
