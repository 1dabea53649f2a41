// The fix editor of a text with syntax errors. A fix is planned on the tolerant parse of broken
// text, and near the break the parse guesses: a member appended after the last member it read of a
// mapping lands before the one it could not read (with no comma between), and a request copied from
// a declaration copies the broken string inside it (issue 32: a quick-fix must never add a syntax
// error). This editor refuses, with no edit (so no fix), what touches the break:
// - copying a node whose text holds a syntax error;
// - replacing or removing a node that holds one or whose collection holds one between its members,
//   or writing into a collection that holds one (where the parse stopped reading, where a node
//   ends and what it read last are its guesses).
// Everything else goes to the syntax's own editor: a fix elsewhere in the same tool, even in the
// same step, still works (the break after a response does not stop "Add content" inside it), and
// fix-all judges each round by its syntax errors besides.
import { childrenOf, type SyntaxNode } from './tree';
import type { DocumentFormat, OffsetEdit } from '../types';
import type { DocumentEditor, InsertValue } from './editor';

/** Where a text's syntax errors are, against its parse. */
export class BrokenSyntax {
  private readonly offsets: number[];
  /** The innermost nodes holding an error between their own children (or in their own text, for a leaf). */
  private readonly directly = new Set<SyntaxNode>();

  constructor(
    roots: readonly SyntaxNode[],
    errorOffsets: readonly number[],
    private readonly text: string,
    private readonly format: DocumentFormat,
  ) {
    this.offsets = [...errorOffsets].sort((a, b) => a - b);
    for (const offset of this.offsets) {
      const root = roots.find((candidate) => within(candidate, offset));
      if (root) this.directly.add(innermostAt(root, offset));
    }
  }

  /**
   * Whether an error lies in `node`'s text, or right at its end: a collection cut short (by the end
   * of the text, or a token the parser could not take) is reported where it stops.
   */
  holds(node: SyntaxNode): boolean {
    return this.errorIn(node.offset, node.offset + node.length);
  }

  /**
   * Whether text written in place of `node` or at its end could meet an error: one in it, or, for a
   * YAML node in block style (whose end no bracket marks: what is written goes before the next
   * line), one on the next line that is not blank or a comment.
   */
  bordersEnd(node: SyntaxNode): boolean {
    if (this.holds(node)) return true;
    const first = this.text[node.offset];
    if (this.format !== 'yaml' || first === '{' || first === '[') return false;
    const end = node.offset + node.length;
    let lineEnd = this.text.indexOf('\n', end);
    for (;;) {
      if (lineEnd < 0) lineEnd = this.text.length;
      const next = this.text.indexOf('\n', lineEnd + 1);
      const line = this.text.slice(lineEnd + 1, next < 0 ? this.text.length : next);
      lineEnd = next < 0 ? this.text.length : next;
      if (!/^\s*(?:#.*)?$/.test(line) || next < 0) break;
    }
    return this.errorIn(end, lineEnd);
  }

  /** Whether an error lies at an offset from `start` to `end`, both included. */
  private errorIn(start: number, end: number): boolean {
    let low = 0;
    let high = this.offsets.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.offsets[middle] < start) low = middle + 1;
      else high = middle;
    }
    return low < this.offsets.length && this.offsets[low] <= end;
  }

  /** Whether an error lies in `node`'s text outside every child of it. */
  holdsDirectly(node: SyntaxNode): boolean {
    return this.directly.has(node);
  }
}

/** Whether `offset` is in `node`'s text or right at its end (BrokenSyntax.holds). */
function within(node: SyntaxNode, offset: number): boolean {
  return offset >= node.offset && offset <= node.offset + node.length;
}

/** The deepest node under `node` whose text holds `offset` (children are in text order: bisected). */
function innermostAt(node: SyntaxNode, offset: number): SyntaxNode {
  let current = node;
  for (;;) {
    const children = childrenOf(current);
    let low = 0;
    let high = children.length - 1;
    let found: SyntaxNode | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const child = children[middle];
      if (offset < child.offset) high = middle - 1;
      else if (offset > child.offset + child.length) low = middle + 1;
      else {
        found = child;
        break;
      }
    }
    if (!found) return current;
    current = found;
  }
}

export class SyntaxGuardedEditor implements DocumentEditor {
  readonly isInherited?: (property: SyntaxNode) => boolean;
  readonly confirmsTogether?: (chosen: readonly OffsetEdit[]) => boolean;

  constructor(
    private readonly editor: DocumentEditor,
    private readonly broken: BrokenSyntax,
  ) {
    if (editor.isInherited) this.isInherited = (property) => editor.isInherited!(property);
    if (editor.confirmsTogether) this.confirmsTogether = (chosen) => editor.confirmsTogether!(chosen);
  }

  replaceValue(node: SyntaxNode, value: InsertValue): OffsetEdit[] {
    return this.nearBreak(node) || this.copiesBroken(value) ? [] : this.editor.replaceValue(node, value);
  }

  replaceString(node: SyntaxNode, value: string): OffsetEdit[] {
    return this.nearBreak(node) ? [] : this.editor.replaceString(node, value);
  }

  addMembers(object: SyntaxNode, members: Array<[string, InsertValue]>, before?: SyntaxNode): OffsetEdit[] {
    if (this.broken.bordersEnd(object) || members.some(([, value]) => this.copiesBroken(value))) return [];
    return this.editor.addMembers(object, members, before);
  }

  appendElements(array: SyntaxNode, elements: InsertValue[]): OffsetEdit[] {
    if (this.broken.bordersEnd(array) || elements.some((value) => this.copiesBroken(value))) return [];
    return this.editor.appendElements(array, elements);
  }

  replaceMember(property: SyntaxNode, key: string, value: InsertValue): OffsetEdit[] {
    return this.nearBreak(property) || this.copiesBroken(value) ? [] : this.editor.replaceMember(property, key, value);
  }

  removeMember(property: SyntaxNode): OffsetEdit[] {
    return this.nearBreak(property) ? [] : this.editor.removeMember(property);
  }

  removeElements(array: SyntaxNode, elements: readonly SyntaxNode[], emptying?: boolean): OffsetEdit[] {
    // Each item goes with a comma found where one must be, or not at all (removedItems.ts): a list
    // broken between its items loses nothing it did not have.
    if (elements.some((element) => this.broken.holds(element))) return [];
    return this.editor.removeElements(array, elements, emptying);
  }

  /**
   * Whether `node` holds an error (or, in YAML block style, meets one on its next line), or the
   * collection it is in holds one between its members (or the member it is the value of, between
   * key and value): where the parse stopped reading, where a node ends is its guess.
   */
  private nearBreak(node: SyntaxNode): boolean {
    if (this.broken.bordersEnd(node)) return true;
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (this.broken.holdsDirectly(parent)) return true;
      if (parent.type !== 'property') return false;
    }
    return false;
  }

  private copiesBroken(value: InsertValue): boolean {
    if ('json' in value) return false;
    if ('copyOf' in value) return this.broken.holds(value.copyOf);
    if ('elements' in value) return value.elements.some((element) => this.copiesBroken(element));
    return value.members.some(([, member]) => this.copiesBroken(member));
  }
}
