// The edits a quick-fix needs, independent of the document's syntax: the JSON backend writes JSON,
// the YAML backend writes YAML, and the fixes themselves are written once against this interface.
import type { JsonValue, SyntaxNode } from '../syntax/tree';
import type { OffsetEdit } from '../types';

/** A value to write: a plain JSON value, a copy of an existing node's source, or an object or array built of these. */
export type InsertValue =
  { json: JsonValue } | { copyOf: SyntaxNode } | { members: Array<[string, InsertValue]> } | { elements: InsertValue[] };

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
