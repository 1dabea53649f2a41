// The path from a document's root to an offset, node by node, and what the format's schema says of
// each step of it. The walk follows the one child containing the offset at each level, so it costs the
// document's depth, not its size.
import { versionsOf } from '../model/protocolScope';
import { memberOf, type ObjectNode, type SyntaxNode } from '../syntax/tree';
import { itemSchemas, memberSchemas, rootSchemas, type PlacedSchema } from '../schema/formatSchema';
import { childAt, contains } from './locate';
import type { NavigationDocument } from './types';

/** The nodes from the root down to the deepest one containing `offset` (ends inclusive). */
export function pathTo(root: SyntaxNode, offset: number): SyntaxNode[] {
  const path: SyntaxNode[] = [root];
  for (let node = childAt(root, offset); node; node = childAt(node, offset)) path.push(node);
  return path;
}

export function rootAt(document: NavigationDocument, offset: number): SyntaxNode | undefined {
  return document.roots.find((candidate) => contains(candidate, offset));
}

/**
 * The schemas of the last node of `path` (a path from the root: objects, arrays, properties and
 * scalars alternating as the tree nests them). A property's schemas are its value's.
 */
export function schemasAlong(path: readonly SyntaxNode[]): PlacedSchema[] {
  let placed = rootSchemas();
  for (let index = 1; index < path.length; index++) {
    const node = path[index];
    const parent = path[index - 1];
    if (node.type === 'property') placed = memberSchemas(placed, String(node.key.value), node.value);
    else if (parent.type === 'array') placed = itemSchemas(placed, node);
    // A value under its property has the property's schemas already.
    if (placed.length === 0) return placed;
  }
  return placed;
}

/**
 * The MCP revisions in scope at the end of the path: the nearest own `protocolVersions` of an object
 * on it, else the document's; none when the document names none (nothing is then marked as outside it).
 */
export function scopeAlong(path: readonly SyntaxNode[]): readonly string[] {
  for (let index = path.length - 1; index >= 0; index--) {
    const node = path[index];
    if (node.type !== 'object') continue;
    const versions = versionsOf(memberOf(node, 'protocolVersions'));
    if (versions) return versions;
  }
  return [];
}

/** The path cut just after `object` (which must be on it). */
export function pathThrough(path: readonly SyntaxNode[], object: ObjectNode): SyntaxNode[] {
  return path.slice(0, path.indexOf(object) + 1);
}
