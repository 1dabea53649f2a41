// Read access to the position-annotated tree (treeNodes.ts; the JSON and YAML builders make the
// same nodes). Member lookups follow JSON.parse: the last of duplicate members wins, and only
// members really present count (no prototype names).
import type { ObjectNode, PropertyNode, StringNode, SyntaxNode, ValueNode } from './treeNodes';

export type * from './treeNodes';

/** A property that has a value (a JSON member cut short has none): what member lookups return. */
export type MemberNode = PropertyNode & { readonly value: ValueNode };

/** Objects with more members than this get a name index, so lookups in them stay O(1). */
const INDEXED_OBJECT_MEMBERS = 32;
const memberIndexes = new WeakMap<ObjectNode, Map<string, MemberNode>>();

function hasValue(property: PropertyNode): property is MemberNode {
  return property.value !== undefined;
}

/** The property node of `key` in an object node, or undefined. Properties without a value do not count. */
export function propertyOf(object: SyntaxNode | undefined, key: string): MemberNode | undefined {
  if (!object || object.type !== 'object') return undefined;
  const properties = object.properties;
  if (properties.length > INDEXED_OBJECT_MEMBERS) {
    // One error per member of a 100,000-member content object must not cost a scan each.
    let index = memberIndexes.get(object);
    if (!index) {
      index = effectiveProperties(object);
      memberIndexes.set(object, index);
    }
    return index.get(key);
  }
  for (let i = properties.length - 1; i >= 0; i--) {
    const property = properties[i];
    if (property.key.value === key && hasValue(property)) return property;
  }
  return undefined;
}

/** The value node of member `key`, or undefined. */
export function memberOf(object: SyntaxNode | undefined, key: string): ValueNode | undefined {
  return propertyOf(object, key)?.value;
}

export function keyNodeOf(property: SyntaxNode | undefined): StringNode | undefined {
  return property?.type === 'property' ? property.key : undefined;
}

/**
 * Where a notice about a value goes: its member's key, or, for an element or the root, its first
 * character (a whole big value underlined would hide everything under it).
 */
export function noticeAnchorOf(node: SyntaxNode): { offset: number; length: number } {
  return keyNodeOf(node.parent) ?? { offset: node.offset, length: Math.min(node.length, 1) };
}

/** Every property of `key` (duplicates included), in document order. */
export function allPropertiesOf(object: SyntaxNode | undefined, key: string): MemberNode[] {
  if (!object || object.type !== 'object') return [];
  return object.properties.filter((property): property is MemberNode => property.key.value === key && hasValue(property));
}

/**
 * The members an object really has, as JSON.parse would keep them: one entry per name, the last
 * duplicate's property node, in the order the names first appear.
 */
export function effectiveProperties(object: SyntaxNode | undefined): Map<string, MemberNode> {
  const members = new Map<string, MemberNode>();
  if (!object || object.type !== 'object') return members;
  for (const property of object.properties) {
    if (hasValue(property)) members.set(property.key.value, property);
  }
  return members;
}

/** The elements of an array node; none for anything else. */
export function itemsOf(node: SyntaxNode | undefined): readonly ValueNode[] {
  return node?.type === 'array' ? node.items : NO_ITEMS;
}

/** The properties of an object node; none for anything else. */
export function propertiesOf(node: SyntaxNode | undefined): readonly PropertyNode[] {
  return node?.type === 'object' ? node.properties : NO_PROPERTIES;
}

const NO_ITEMS: readonly ValueNode[] = [];
const NO_PROPERTIES: readonly PropertyNode[] = [];

/**
 * The nodes directly under `node`, in text order: an object's properties, a property's key and
 * value, an array's items. For walks that treat every kind alike; a property's costs an array.
 */
export function childrenOf(node: SyntaxNode): readonly SyntaxNode[] {
  switch (node.type) {
    case 'object':
      return node.properties;
    case 'array':
      return node.items;
    case 'property':
      return node.value ? [node.key, node.value] : [node.key];
    default:
      return NO_ITEMS;
  }
}

/** A scalar node's value (a string, number, boolean or null); undefined for anything else. */
export function scalarOf(node: SyntaxNode | undefined): string | number | boolean | null | undefined {
  switch (node?.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return node.value;
    default:
      return undefined;
  }
}

export function stringOf(node: SyntaxNode | undefined): string | undefined {
  return node?.type === 'string' ? node.value : undefined;
}

export function isObjectNode(node: SyntaxNode | undefined): node is ObjectNode {
  return node?.type === 'object';
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

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
    super(
      `Aliases in this document expand to more than ${MAX_ALIASED_VALUE_NODES.toLocaleString('en-US')} nodes in a value the rule reads; the document is not checked.`,
    );
  }
}

/**
 * The node whose value an alias or an anchored node shares (`origin` on a node that stands for an
 * alias, the node itself when it is anchored and aliased): all of them have one value, built once.
 */
function sharedValueKey(node: SyntaxNode): SyntaxNode | undefined {
  return node.origin ?? (node.aliased ? node : undefined);
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
      for (const property of node.properties) {
        const valueNode = property.value;
        if (!valueNode) continue;
        const key = property.key.value;
        // An assignment makes the same own member as defineProperty, several times faster (a 10 MB
        // document's tools are built for the format schema: a tenth of a check), for every name but
        // "__proto__" (Object.prototype's one accessor), which alone is defined.
        if (key !== '__proto__') result[key] = build(valueNode);
        else
          Object.defineProperty(result, key, { value: build(valueNode), enumerable: true, writable: true, configurable: true });
      }
      return result;
    }
    case 'array':
      return node.items.map(build);
    case 'string':
    case 'number':
    case 'boolean':
      return node.value;
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
    else if (current.type === 'array' && /^\d+$/.test(segment)) current = current.items[Number(segment)];
    else return undefined;
  }
  return current;
}
