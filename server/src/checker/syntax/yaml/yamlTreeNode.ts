// The node the YAML adapter builds: jsonc-parser's Node shape (what every check walks), so the rule
// is written once for JSON and YAML. One class for every kind keeps the objects monomorphic, which
// matters on megabyte documents.
import type { Node, NodeType } from 'jsonc-parser';

/** The text of one `<<` pair of a mapping: from the `<<` key to the end of its value. */
export interface MergePairSpan {
  offset: number;
  length: number;
  /** The keys its sources give, whether the mapping takes them or sets them itself. */
  keys: string[];
}

export class YamlTreeNode implements Node {
  value: unknown = undefined;
  colonOffset: number | undefined = undefined;
  children: YamlTreeNode[] | undefined = undefined;
  /**
   * For a node that stands for an alias (`*name`) or for a property merged in with `<<`: the node it
   * was copied from (at the anchor's definition). The copy itself carries the alias's range, so a
   * diagnostic lands on the alias; an edit must not write into the copy's range as if it held the text.
   * A large anchored collection is not copied: its alias node shares the definition's children.
   */
  origin: YamlTreeNode | undefined = undefined;
  /** Set on an anchored node that some alias stands for: its value is built once for all of them. */
  aliased = false;
  /**
   * Set on an anchored collection whose children alias nodes share (see YamlTreeBuilder): a node
   * inside it may have been reached through any of them, so its text is not one place's own.
   */
  sharedByAliases = false;
  /**
   * For a mapping with merge keys: its `<<` pairs, in text order. The members they bring in are
   * ranged inside these spans (at an alias, or at their own text in an inline source), never outside.
   */
  mergePairs: MergePairSpan[] | undefined = undefined;

  constructor(
    public type: NodeType,
    public offset: number,
    public length: number,
    public parent: YamlTreeNode | undefined,
  ) {}
}

/** Whether `node` was produced by expanding an alias or a merge key (its text is elsewhere in the document). */
export function isAliasCopy(node: Node): boolean {
  return node instanceof YamlTreeNode && node.origin !== undefined;
}

/** The node an alias copy was made from (the anchored definition), or `node` itself. */
export function definitionOf(node: Node): Node {
  return node instanceof YamlTreeNode && node.origin ? node.origin : node;
}

/**
 * Whether `node` is, or lies inside, an anchored collection that aliases share: an edit there would
 * change every alias too (and the node may have been reached through one of them).
 */
export function isInSharedAnchor(node: Node): boolean {
  for (let current: Node | undefined = node; current; current = current.parent) {
    if (current instanceof YamlTreeNode && current.sharedByAliases) return true;
  }
  return false;
}

/** The `<<` pairs of a mapping (none for anything else). */
export function mergePairsOf(node: Node): readonly MergePairSpan[] {
  return (node instanceof YamlTreeNode && node.mergePairs) || NO_PAIRS;
}

const NO_PAIRS: readonly MergePairSpan[] = [];

/**
 * Whether a `<<` pair of `object` gives `key`: removing the object's own `key` member would not
 * remove the key, only let the merged value show.
 */
export function mergesKey(object: Node, key: string): boolean {
  return mergePairsOf(object).some((pair) => pair.keys.includes(key));
}

/**
 * Whether `property` belongs to its mapping only through a `<<` merge: its text is the merge source's
 * (an anchored mapping, or an inline one inside the `<<` pair), not the mapping's own.
 */
export function isMergedMember(property: Node): boolean {
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
export function isInMergeSource(node: Node): boolean {
  for (let current: Node | undefined = node; current; current = current.parent) {
    if (current.type === 'property' && isMergedMember(current)) return true;
  }
  return false;
}
