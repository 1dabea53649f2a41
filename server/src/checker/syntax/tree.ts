// Read access to the position-annotated tree (jsonc-parser's Node shape; the YAML adapter produces
// the same shape). Member lookups follow JSON.parse: the last of duplicate members wins, and only
// members really present count (no prototype names).
import type { Node } from 'jsonc-parser';

export type SyntaxNode = Node;

/** Objects with more members than this get a name index, so lookups in them stay O(1). */
const INDEXED_OBJECT_MEMBERS = 32;
const memberIndexes = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

/** The property node of `key` in an object node, or undefined. Properties without a value do not count. */
export function propertyOf(object: SyntaxNode | undefined, key: string): SyntaxNode | undefined {
  if (!object || object.type !== 'object' || !object.children) return undefined;
  if (object.children.length > INDEXED_OBJECT_MEMBERS) {
    // One error per member of a 100,000-member content object must not cost a scan each.
    let index = memberIndexes.get(object);
    if (!index) {
      index = effectiveProperties(object);
      memberIndexes.set(object, index);
    }
    return index.get(key);
  }
  for (let i = object.children.length - 1; i >= 0; i--) {
    const property = object.children[i];
    const keyNode = property.children?.[0];
    if (keyNode && keyNode.value === key && property.children?.[1]) return property;
  }
  return undefined;
}

/** The value node of member `key`, or undefined. */
export function memberOf(object: SyntaxNode | undefined, key: string): SyntaxNode | undefined {
  return propertyOf(object, key)?.children?.[1];
}

export function keyNodeOf(property: SyntaxNode | undefined): SyntaxNode | undefined {
  return property?.children?.[0];
}

/** Every property of `key` (duplicates included), in document order. */
export function allPropertiesOf(object: SyntaxNode | undefined, key: string): SyntaxNode[] {
  if (!object || object.type !== 'object' || !object.children) return [];
  return object.children.filter((property) => property.children?.[0]?.value === key && property.children?.[1]);
}

/**
 * The members an object really has, as JSON.parse would keep them: one entry per name, the last
 * duplicate's property node, in the order the names first appear.
 */
export function effectiveProperties(object: SyntaxNode | undefined): Map<string, SyntaxNode> {
  const members = new Map<string, SyntaxNode>();
  if (!object || object.type !== 'object' || !object.children) return members;
  for (const property of object.children) {
    const keyNode = property.children?.[0];
    if (keyNode && typeof keyNode.value === 'string' && property.children?.[1]) members.set(keyNode.value, property);
  }
  return members;
}

/** The elements of an array node, in order; none for any other node. */
export function elementsOf(array: SyntaxNode | undefined): readonly SyntaxNode[] {
  return array?.type === 'array' ? (array.children ?? []) : [];
}

export function stringOf(node: SyntaxNode | undefined): string | undefined {
  return node && node.type === 'string' && typeof node.value === 'string' ? node.value : undefined;
}

export function isObjectNode(node: SyntaxNode | undefined): node is SyntaxNode & { children: SyntaxNode[] } {
  return !!node && node.type === 'object';
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * What the YAML adapter adds to a node (see yamlTreeNode.ts): `origin` on a node that stands for an
 * alias, `aliased` on an anchored node some alias stands for. All of them have one value, built once.
 */
interface AliasableNode extends SyntaxNode {
  origin?: SyntaxNode;
  aliased?: boolean;
}

/** An anchored node's value and how many nodes that value has (aliases in it expanded). */
interface SharedValue {
  value: JsonValue;
  nodes: number;
}

const sharedValues = new WeakMap<SyntaxNode, SharedValue>();

/**
 * How many nodes a value may repeat through aliases: values are shared, but whatever reads one
 * (a validator, JSON.stringify) walks it whole, and a "billion laughs" value would never end.
 */
export const MAX_ALIASED_VALUE_NODES = 100_000;

/** Thrown by valueOf for a value whose aliases repeat more than MAX_ALIASED_VALUE_NODES nodes. */
export class AliasExpansionError extends Error {
  constructor() {
    super(`Aliases in this document expand to more than ${MAX_ALIASED_VALUE_NODES.toLocaleString('en-US')} nodes in a value the rule reads; the document is not checked.`);
  }
}

function sharedValueKey(node: SyntaxNode): SyntaxNode | undefined {
  const aliasable = node as AliasableNode;
  return aliasable.origin ?? (aliasable.aliased ? node : undefined);
}

/**
 * The value valueOf already built for `node` when the node is an alias or an anchored node (the
 * same object for all of them), without building it; undefined otherwise.
 */
export function knownValueOf(node: SyntaxNode): JsonValue | undefined {
  const key = sharedValueKey(node);
  return key ? sharedValues.get(key)?.value : undefined;
}

/** Nodes built by the valueOf call running now, and the nodes it reused through aliases. */
let builtNodes = 0;
let repeatedNodes = 0;

/**
 * The JSON value of a node, last duplicate winning. Objects are ordinary objects (validators compare
 * them with code that expects Object.prototype), so a `__proto__` member is defined as an own
 * property instead of being assigned, which would replace the prototype. An alias's value is its
 * anchor's, the same object each time: read it, never change it.
 */
export function valueOf(node: SyntaxNode): JsonValue {
  builtNodes = 0;
  repeatedNodes = 0;
  return build(node);
}

function build(node: SyntaxNode): JsonValue {
  const key = sharedValueKey(node);
  if (key) {
    const known = sharedValues.get(key);
    if (known) {
      repeatedNodes += known.nodes;
      builtNodes += known.nodes;
      if (repeatedNodes > MAX_ALIASED_VALUE_NODES) throw new AliasExpansionError();
      return known.value;
    }
    const before = builtNodes;
    const value = buildFresh(key);
    sharedValues.set(key, { value, nodes: builtNodes - before });
    return value;
  }
  return buildFresh(node);
}

function buildFresh(node: SyntaxNode): JsonValue {
  builtNodes++;
  switch (node.type) {
    case 'object': {
      const result: { [key: string]: JsonValue } = {};
      for (const property of node.children ?? []) {
        const keyNode = property.children?.[0];
        const valueNode = property.children?.[1];
        if (!keyNode || !valueNode || typeof keyNode.value !== 'string') continue;
        Object.defineProperty(result, keyNode.value, {
          value: build(valueNode),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return result;
    }
    case 'array':
      return (node.children ?? []).map(build);
    case 'string':
    case 'number':
    case 'boolean':
      return node.value as JsonValue;
    default:
      return null;
  }
}

/** Follows a JSON pointer (as validators report instance paths) from `node`; undefined when it leaves the tree. */
export function nodeAtPointer(node: SyntaxNode, pointer: string): SyntaxNode | undefined {
  if (pointer === '') return node;
  let current: SyntaxNode | undefined = node;
  for (const rawSegment of pointer.slice(1).split('/')) {
    const segment = rawSegment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!current) return undefined;
    if (current.type === 'object') current = memberOf(current, segment);
    else if (current.type === 'array' && /^\d+$/.test(segment)) current = current.children?.[Number(segment)];
    else return undefined;
  }
  return current;
}
