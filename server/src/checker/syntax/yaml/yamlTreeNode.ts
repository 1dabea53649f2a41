// What the YAML builder adds to the tree (treeNodes.ts declares it: `origin`, `aliased`,
// `sharedByAliases`, `mergePairs`), read for the edits and the checks that must tell an alias's or
// a merge's copy from the text it stands for.
import type { MergePairSpan, SyntaxNode } from '../treeNodes';

export type { MergePairSpan } from '../treeNodes';

/** Whether `node` was produced by expanding an alias or a merge key (its text is elsewhere in the document). */
export function isAliasCopy(node: SyntaxNode): boolean {
  return node.origin !== undefined;
}

/** The node an alias copy was made from (the anchored definition), or `node` itself. */
export function definitionOf(node: SyntaxNode): SyntaxNode {
  return node.origin ?? node;
}

/**
 * Whether `node` is, or lies inside, an anchored collection that aliases share: an edit there would
 * change every alias too (and the node may have been reached through one of them).
 */
export function isInSharedAnchor(node: SyntaxNode): boolean {
  for (let current: SyntaxNode | undefined = node; current; current = current.parent) {
    if (current.sharedByAliases) return true;
  }
  return false;
}

/** The `<<` pairs of a mapping (none for anything else). */
export function mergePairsOf(node: SyntaxNode): readonly MergePairSpan[] {
  return (node.type === 'object' && node.mergePairs) || NO_PAIRS;
}

const NO_PAIRS: readonly MergePairSpan[] = [];

/**
 * Whether a `<<` pair of `object` gives `key`: removing the object's own `key` member would not
 * remove the key, only let the merged value show.
 */
export function mergesKey(object: SyntaxNode, key: string): boolean {
  return mergePairsOf(object).some((pair) => pair.keys.includes(key));
}

/**
 * Whether `property` belongs to its mapping only through a `<<` merge: its text is the merge source's
 * (an anchored mapping, or an inline one inside the `<<` pair), not the mapping's own.
 */
export function isMergedMember(property: SyntaxNode): boolean {
  const object = property.parent;
  if (!object || property.type !== 'property') return false;
  for (const pair of mergePairsOf(object)) {
    if (property.offset >= pair.offset && property.offset < pair.offset + pair.length) return true;
  }
  return false;
}

/**
 * Whether `node` lies in a merge source's text: it is, or is inside, a member some mapping merged in.
 * Editing it there would edit the source, and with it every mapping that merges the source.
 */
export function isInMergeSource(node: SyntaxNode): boolean {
  for (let current: SyntaxNode | undefined = node; current; current = current.parent) {
    if (current.type === 'property' && isMergedMember(current)) return true;
  }
  return false;
}
