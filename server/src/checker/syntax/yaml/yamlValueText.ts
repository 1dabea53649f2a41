// A value to insert (InsertValue) as YAML text, either block YAML laid out at a given column or flow
// YAML for inside `{...}` / `[...]`. A copy of an existing node keeps its source text (comments,
// quoting, block scalars) when that text, moved to the new place, still means the same value;
// otherwise the value is written afresh.
import { childrenOf, valueOf, type JsonValue, type SyntaxNode } from '../tree';
import type { InsertValue } from '../editor';
import { yamlLineStart } from './yamlLines';
import { isAliasCopy } from './yamlTreeNode';
import { keyText, scalarText } from './yamlScalarText';
import { readYamlValue } from './yamlReadBack';

export interface Placement {
  inFlow: boolean;
  /** Block context: the column of a block collection's lines (its first line is placed by the caller). */
  column: number;
  /** Block context: the indentation of what owns the value (its key, or the `-` of its item). */
  ownerColumn: number;
}

export interface ValueText {
  text: string;
  /**
   * True when the text goes right after `key: ` or `- ` (scalars, flow collections, block scalar
   * headers); false for a block collection, which starts a line of its own at the placement's column
   * (or follows `- ` directly, as a compact item).
   */
  inline: boolean;
}

export class YamlValueWriter {
  private readonly copies = new WeakMap<SyntaxNode, Map<string, ValueText>>();

  constructor(
    private readonly text: string,
    private readonly eol: string,
    private readonly unit: number,
  ) {}

  value(value: InsertValue, placement: Placement): ValueText {
    if ('json' in value) return this.json(value.json, placement);
    if ('copyOf' in value) return this.copy(value.copyOf, placement);
    if ('elements' in value) return this.items(value.elements, placement);
    return this.entries(
      value.members.map(([key, member]) => [key, (inner: Placement) => this.value(member, inner)]),
      placement,
    );
  }

  /** `key: value` in block context, the key at `column` (the first line unindented). */
  blockMember(key: string, value: InsertValue, column: number): string {
    return this.blockEntry(key, (inner) => this.value(value, inner), column);
  }

  /** `key: value` in flow context. */
  flowMember(key: string, value: InsertValue): string {
    return `${keyText(key, true)}: ${this.value(value, { inFlow: true, column: 0, ownerColumn: 0 }).text}`;
  }

  json(value: JsonValue, placement: Placement): ValueText {
    if (placement.inFlow) return { text: flowJson(value), inline: true };
    if (value === null || typeof value !== 'object') return { text: scalarText(value, false), inline: true };
    if (Array.isArray(value)) {
      if (value.length === 0) return { text: '[]', inline: true };
      const itemColumn = placement.column + 2;
      const items = value.map(
        (item) => `- ${this.json(item, { inFlow: false, column: itemColumn, ownerColumn: placement.column }).text}`,
      );
      return { text: items.join(this.eol + pad(placement.column)), inline: false };
    }
    return this.entries(
      Object.entries(value).map(([key, member]) => [key, (inner: Placement) => this.json(member, inner)]),
      placement,
    );
  }

  /** A sequence: flow `[a, b]`, or block `- ` items whose first line follows the dash. */
  private items(elements: InsertValue[], placement: Placement): ValueText {
    if (elements.length === 0) return { text: '[]', inline: true };
    if (placement.inFlow)
      return { text: `[${elements.map((element) => this.value(element, placement).text).join(', ')}]`, inline: true };
    return {
      text: elements.map((element) => this.blockItem(element, placement.column)).join(this.eol + pad(placement.column)),
      inline: false,
    };
  }

  /** `- value` in block context, the dash at `column` (the first line unindented). */
  blockItem(value: InsertValue, column: number): string {
    const written = this.value(value, { inFlow: false, column: column + 2, ownerColumn: column });
    // A block collection's first line follows the dash (a compact item); its other lines are at column + 2.
    return `- ${written.text}`;
  }

  /** A value in flow context. */
  flowValue(value: InsertValue): string {
    return this.value(value, { inFlow: true, column: 0, ownerColumn: 0 }).text;
  }

  private entries(entries: Array<[string, (placement: Placement) => ValueText]>, placement: Placement): ValueText {
    if (entries.length === 0) return { text: '{}', inline: true };
    if (placement.inFlow) {
      const inner: Placement = { inFlow: true, column: 0, ownerColumn: 0 };
      return {
        text: `{${entries.map(([key, write]) => `${keyText(key, true)}: ${write(inner).text}`).join(', ')}}`,
        inline: true,
      };
    }
    const lines = entries.map(([key, write]) => this.blockEntry(key, write, placement.column));
    return { text: lines.join(this.eol + pad(placement.column)), inline: false };
  }

  private blockEntry(key: string, write: (placement: Placement) => ValueText, column: number): string {
    const valueColumn = column + this.unit;
    const written = write({ inFlow: false, column: valueColumn, ownerColumn: column });
    const head = `${keyText(key, false)}:`;
    return written.inline ? `${head} ${written.text}` : `${head}${this.eol}${pad(valueColumn)}${written.text}`;
  }

  /**
   * A copy of `node` at `placement`, as written before when it was: fix-all copies one declaration's
   * schema into every step that uses it, and what a copy is depends on nothing else.
   */
  private copy(node: SyntaxNode, placement: Placement): ValueText {
    const place = `${placement.inFlow ? 'f' : 'b'}${placement.column}:${placement.ownerColumn}`;
    let written = this.copies.get(node);
    if (!written) {
      written = new Map();
      this.copies.set(node, written);
    }
    let text = written.get(place);
    if (!text) {
      text = this.freshCopy(node, placement);
      written.set(place, text);
    }
    return text;
  }

  private freshCopy(node: SyntaxNode, placement: Placement): ValueText {
    const value = valueOf(node);
    if (hasAliasCopies(node)) return this.json(value, placement);
    const source = this.text.slice(node.offset, node.offset + node.length);
    const first = source.charAt(0);
    const isCollection = node.type === 'object' || node.type === 'array' || node.type === 'property';
    const isBlockScalar = !isCollection && (first === '|' || first === '>');
    const isBlockCollection = isCollection && first !== '{' && first !== '[';
    if (placement.inFlow) {
      // Read inside a flow sequence: a plain scalar that is fine in block context (`a]b`, `a, b`) may not be in flow.
      if (isBlockScalar || isBlockCollection || /[\r\n]/.test(source) || !this.means(`[${source}]`, [value]))
        return this.json(value, placement);
      return { text: source, inline: true };
    }
    if (isBlockCollection) {
      const from = this.columnOf(node.offset);
      const moved = shiftLines(source, placement.column - from, this.eol);
      const alone = pad(placement.column) + moved;
      return this.means(alone, value) ? { text: moved, inline: false } : this.json(value, placement);
    }
    const moved = shiftLines(source, placement.ownerColumn - this.ownerColumnOf(node), this.eol);
    const inContext = `${pad(placement.ownerColumn)}k: ${moved}`;
    return this.meansMember(inContext, value) ? { text: moved, inline: true } : this.json(value, placement);
  }

  /** Whether YAML `source` alone reads, without any problem, as `expected`. */
  private means(source: string, expected: JsonValue): boolean {
    const read = readYamlValue(source);
    return !!read && sameJson(read.value as JsonValue, expected);
  }

  /** Whether YAML `source` (one `k: ...` member) reads as a mapping whose `k` is `expected`. */
  private meansMember(source: string, expected: JsonValue): boolean {
    const value = readYamlValue(source)?.value as { k?: JsonValue } | null | undefined;
    return !!value && typeof value === 'object' && 'k' in value && sameJson(value.k as JsonValue, expected);
  }

  private columnOf(offset: number): number {
    return offset - yamlLineStart(this.text, offset);
  }

  /** The indentation of the key or `-` a value belongs to (0 for a root). */
  private ownerColumnOf(node: SyntaxNode): number {
    const parent = node.parent;
    if (!parent) return 0;
    return this.columnOf(parent.offset);
  }
}

export function pad(columns: number): string {
  return ' '.repeat(Math.max(0, columns));
}

/** Every line after the first moved right (or left, over spaces only) by `delta` columns; blank lines stay blank. */
function shiftLines(source: string, delta: number, eol: string): string {
  const lines = source.split(/\r\n|\n|\r/);
  if (delta === 0) return lines.join(eol);
  return lines
    .map((line, index) => {
      if (index === 0 || line.trim() === '') return index === 0 ? line : '';
      if (delta > 0) return pad(delta) + line;
      let removable = 0;
      while (removable < -delta && line.charCodeAt(removable) === 32) removable++;
      return line.slice(removable);
    })
    .join(eol);
}

function flowJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return scalarText(value, true);
  if (Array.isArray(value)) return `[${value.map(flowJson).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, member]) => `${keyText(key, true)}: ${flowJson(member)}`)
    .join(', ')}}`;
}

function hasAliasCopies(node: SyntaxNode): boolean {
  if (isAliasCopy(node)) return true;
  return childrenOf(node).some(hasAliasCopies);
}

/** Equal JSON values, ignoring the order of object members (NaN equals NaN). */
export function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameJson(a[key], b[key]))
  );
}
