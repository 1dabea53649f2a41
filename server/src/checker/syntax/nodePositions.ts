// Moving the nodes of a built tree, for the one-tool shortcut of incremental re-checks: the one
// module that changes where a node is (treeNodes.ts lets readers change nothing else, and the
// builders set positions only while they build). An edit inside one tool re-parses that tool
// alone; the nodes around it grow or move here instead of being parsed again.
import type { ArrayNode, SyntaxNode, ValueNode } from './treeNodes';

/** Moves `node` alone (not what is inside it) by `delta`. */
export function moveNode(node: SyntaxNode, delta: number): void {
  node.offset += delta;
  if (node.type === 'property') {
    if (node.colonOffset !== undefined) node.colonOffset += delta;
  } else if (node.type === 'object' && node.mergePairs) {
    for (const pair of node.mergePairs) pair.offset += delta;
  }
}

/** Lengthens `node` by `delta` (an edit inside it). */
export function growNode(node: SyntaxNode, delta: number): void {
  node.length += delta;
}

/**
 * Moves the `<<` pairs of a YAML mapping that start after `offset` by `delta`: the pairs of an
 * ancestor of an edit stay where they are when they come before it.
 */
export function moveMergePairsAfter(node: SyntaxNode, offset: number, delta: number): void {
  if (node.type !== 'object' || !node.mergePairs) return;
  for (const pair of node.mergePairs) if (pair.offset > offset) pair.offset += delta;
}

/** Puts `replacement` in the place of `array`'s item `index` (a re-parsed tool for its old node). */
export function replaceItem(array: ArrayNode, index: number, replacement: ValueNode): void {
  replacement.parent = array;
  array.items[index] = replacement;
}

/**
 * Moves `node` and every node it owns by `delta`. YAML aliases share nodes (a shared anchor's
 * members, a merged member's value); each node is moved once, through the parent that owns it.
 */
export function shiftSubtree(node: SyntaxNode, delta: number): void {
  shiftAll([node], delta);
}

/** Moves every node `node` owns by `delta`, not `node` itself (which has moved already). */
export function shiftInside(node: SyntaxNode, delta: number): void {
  const pending: SyntaxNode[] = [];
  pushOwnedChildren(node, pending);
  shiftAll(pending, delta);
}

// Most of a document's nodes move here after an edit: one test of the kind per node, which both
// moves the node and finds what it owns.
function shiftAll(pending: SyntaxNode[], delta: number): void {
  while (pending.length > 0) {
    const node = pending.pop()!;
    node.offset += delta;
    switch (node.type) {
      case 'object': {
        if (node.mergePairs) for (const pair of node.mergePairs) pair.offset += delta;
        const properties = node.properties;
        for (let i = 0; i < properties.length; i++) if (properties[i].parent === node) pending.push(properties[i]);
        break;
      }
      case 'array': {
        const items = node.items;
        for (let i = 0; i < items.length; i++) if (items[i].parent === node) pending.push(items[i]);
        break;
      }
      case 'property': {
        if (node.colonOffset !== undefined) node.colonOffset += delta;
        const { key, value } = node;
        if (key.parent === node) pending.push(key);
        if (value && value.parent === node) pending.push(value);
        break;
      }
    }
  }
}

/** Pushes the nodes `node` owns onto `pending`. */
function pushOwnedChildren(node: SyntaxNode, pending: SyntaxNode[]): void {
  switch (node.type) {
    case 'object': {
      const properties = node.properties;
      for (let i = 0; i < properties.length; i++) if (properties[i].parent === node) pending.push(properties[i]);
      break;
    }
    case 'array': {
      const items = node.items;
      for (let i = 0; i < items.length; i++) if (items[i].parent === node) pending.push(items[i]);
      break;
    }
    case 'property': {
      const { key, value } = node;
      if (key.parent === node) pending.push(key);
      if (value && value.parent === node) pending.push(value);
      break;
    }
  }
}

/** Whether `node` has nodes under it (an object with properties, an array with items, a property). */
export function hasChildren(node: SyntaxNode): boolean {
  return (
    node.type === 'property' ||
    (node.type === 'object' ? node.properties.length > 0 : node.type === 'array' && node.items.length > 0)
  );
}
