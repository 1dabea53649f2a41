// The edits a quick-fix needs, independent of the document's syntax: the JSON backend writes JSON,
// the YAML backend writes YAML, and the fixes themselves are written once against this interface.
import type { JsonValue, SyntaxNode } from './tree';
import type { OffsetEdit } from '../types';

/** A value to write: a plain JSON value, a copy of an existing node's source, or an object or array built of these. */
export type InsertValue =
  { json: JsonValue } | { copyOf: SyntaxNode } | { members: Array<[string, InsertValue]> } | { elements: InsertValue[] };

/**
 * How an editor whose syntax reads some edits back before offering them (YAML) does it:
 * - `each`: each edit as it is planned, from the lines of the tool it is in when they read alone as
 *   they do in place (a whole-text read per edit made counting a document's fixable problems
 *   quadratic), else from the whole text;
 * - `deferred`: taken on trust, to be read back together for the edits fix-all chose
 *   (DocumentEditor.confirmsTogether);
 * - `whole`: each edit from the whole text (the reference the other two are held to).
 */
export type ReadBack = 'each' | 'deferred' | 'whole';

export interface DocumentEditor {
  /** Replaces a value node. */
  replaceValue(node: SyntaxNode, value: InsertValue): OffsetEdit[];
  /** Replaces a string scalar, keeping its quoting style where the syntax has several. */
  replaceString(node: SyntaxNode, value: string): OffsetEdit[];
  /** Appends members to an object node (or inserts them before one of its properties). */
  addMembers(object: SyntaxNode, members: Array<[string, InsertValue]>, before?: SyntaxNode): OffsetEdit[];
  /** Appends elements to an array node, in the array's own layout. */
  appendElements(array: SyntaxNode, elements: InsertValue[]): OffsetEdit[];
  /** Replaces a whole property (key and value) by another member, in place. */
  replaceMember(property: SyntaxNode, key: string, value: InsertValue): OffsetEdit[];
  /** Removes a property with its separator, leaving its neighbours and their comments as they were. */
  removeMember(property: SyntaxNode): OffsetEdit[];
  /**
   * Removes items of an array node, each with one separator, in one set of edits: every other item
   * and every comment stays as it was (so two removals never touch, and a third fix-all round is
   * never needed for a list that lost several items). Empty (no fix) when the items are not all
   * the array's own, when they would be all of its items unless `emptying` says the list may be
   * left empty (where it can stay a list: JSON, YAML flow; a YAML block sequence cannot), or where
   * the syntax cannot remove them without reading the text back.
   */
  removeElements(array: SyntaxNode, elements: readonly SyntaxNode[], emptying?: boolean): OffsetEdit[];
  /**
   * Whether an object has `property` without holding its text (a YAML member merged in with `<<`):
   * it cannot be replaced or removed in place, only overridden by a member added to the object.
   * Absent when the syntax has no such members.
   */
  isInherited?(property: SyntaxNode): boolean;
  /**
   * For an editor made to put off reading its edits back (fix-all): whether the edits among
   * `chosen` it took on trust read back as meant together. Absent when the syntax reads nothing back.
   */
  confirmsTogether?(chosen: readonly OffsetEdit[]): boolean;
}
