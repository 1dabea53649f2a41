// What an alias (`*name`) stands for in the tree (YamlTreeBuilder): a copy of the anchored node
// whose every node has the alias's range, so a diagnostic inside lands on `*name`; for a large
// collection, or past the document's copy budget, one node at the alias that shares the anchor's
// children, so an alias never costs its anchor's size again and reads as the same value.
import {
  booleanNode,
  BuiltArray,
  BuiltObject,
  BuiltProperty,
  nullNode,
  numberNode,
  stringNode,
  type BuiltScalarNode,
  type BuiltString,
  type BuiltValue,
  type ParentNode,
  type PropertyNode,
  type ScalarNode,
  type StringNode,
  type SyntaxNode,
  type ValueNode,
} from '../treeNodes';
import { MAX_NESTING_DEPTH } from './yamlNestingGuard';

export interface AnchorSlot {
  /** Undefined while the anchored collection is still being built (an alias to it there is a cycle). */
  node: BuiltValue | undefined;
}

interface Measure {
  size: number;
  height: number;
}

/** An alias that cannot stand for its anchor; the alias is then a null node. */
export type AliasProblem = (offset: number, length: number, message: string, code: string) => void;

/**
 * Anchored collections up to this many nodes are copied for each alias, so that what is reported
 * inside them lands on the alias; larger ones are shared (see shared()).
 */
const MAX_COPIED_ALIAS_NODES = 1000;

/** The anchors of one document, in text order, and the copies their aliases may still make. */
export class YamlAliases {
  private readonly anchors = new Map<string, AnchorSlot>();
  /** Nodes copied for aliases may not exceed the budget; past it, aliases share their anchor's nodes. */
  private remainingCopies: number;
  private readonly measures = new WeakMap<SyntaxNode, Measure>();

  constructor(
    private readonly aliasExpansionLimit: number,
    private readonly problem: AliasProblem,
  ) {
    this.remainingCopies = aliasExpansionLimit;
  }

  /** How much of the document's copy budget its aliases have spent so far. */
  get copiesMade(): number {
    return this.aliasExpansionLimit - this.remainingCopies;
  }

  /** An anchored scalar, once built. */
  define(anchor: string, node: BuiltValue): void {
    this.anchors.set(anchor, { node });
  }

  /** An anchored collection, before its children are built: set the slot's node once it is complete. */
  open(anchor: string | undefined): AnchorSlot | undefined {
    if (!anchor) return undefined;
    const slot: AnchorSlot = { node: undefined };
    this.anchors.set(anchor, slot);
    return slot;
  }

  /** The node of the alias `*name` at [start, start + length), `depth` collections deep. */
  resolve(name: string, start: number, length: number, parent: ParentNode | undefined, depth: number): BuiltValue {
    const slot = this.anchors.get(name);
    if (!slot) {
      this.problem(start, length, `Unresolved alias '*${name}': no anchor '&${name}' before it`, 'UNRESOLVED_ALIAS');
      return nullNode(start, length, parent);
    }
    const definition = slot.node;
    if (!definition) {
      this.problem(start, length, `Alias '*${name}' refers to a node that contains it`, 'RECURSIVE_ALIAS');
      return nullNode(start, length, parent);
    }
    definition.aliased = true;
    if (definition.type !== 'object' && definition.type !== 'array') return this.copy(definition, start, length, parent);
    const { size, height } = this.measure(definition);
    if (depth + height - 1 > MAX_NESTING_DEPTH) {
      this.problem(
        start,
        length,
        `Alias '*${name}' would nest collections deeper than ${MAX_NESTING_DEPTH} levels; it is not expanded`,
        'NESTING_TOO_DEEP',
      );
      return nullNode(start, length, parent);
    }
    if (size <= MAX_COPIED_ALIAS_NODES && size <= this.remainingCopies) {
      this.remainingCopies -= size;
      return this.copy(definition, start, length, parent);
    }
    return this.shared(definition, start, length, parent);
  }

  /** A copy of `node`'s subtree where every node has the given range (the caller checked its size and depth). */
  copy(node: ValueNode, offset: number, length: number, parent: ParentNode | undefined): BuiltValue {
    switch (node.type) {
      case 'object': {
        const copy = new BuiltObject(offset, parent);
        copy.length = length;
        copy.origin = node.origin ?? node;
        copy.properties = node.properties.map((property) => this.copyProperty(property, offset, length, copy));
        return copy;
      }
      case 'array': {
        const copy = new BuiltArray(offset, parent);
        copy.length = length;
        copy.origin = node.origin ?? node;
        copy.items = node.items.map((item) => this.copy(item, offset, length, copy));
        return copy;
      }
      default:
        return copyScalar(node, offset, length, parent);
    }
  }

  /** A property copied as copy() copies values: its key and value too. */
  private copyProperty(property: PropertyNode, offset: number, length: number, parent: ParentNode): BuiltProperty {
    const copy = new BuiltProperty(this.copyKey(property.key, offset, length), offset, parent, property.colonOffset);
    copy.key.parent = copy;
    copy.length = length;
    copy.origin = property.origin ?? property;
    if (property.value) copy.value = this.copy(property.value, offset, length, copy);
    return copy;
  }

  /** A key copied at the given range (its property, the caller's, sets itself as the parent). */
  copyKey(key: StringNode, offset: number, length: number): BuiltString {
    const copy = stringNode(key.value, offset, length, undefined);
    copy.origin = key.origin ?? key;
    return copy;
  }

  /**
   * The alias of a large collection: one node at the alias, whose members are the definition's own.
   * An alias is the same node as its anchor, so it costs one node however often it is used, and
   * whatever reads it (schema equality, validation) finds the definition's value, built once.
   * Diagnostics inside it land at the definition's text, and edits inside it are refused.
   */
  private shared(
    definition: BuiltObject | BuiltArray,
    offset: number,
    length: number,
    parent: ParentNode | undefined,
  ): BuiltValue {
    const node = definition.type === 'object' ? new BuiltObject(offset, parent) : new BuiltArray(offset, parent);
    if (node.type === 'object' && definition.type === 'object') node.properties = definition.properties;
    if (node.type === 'array' && definition.type === 'array') node.items = definition.items;
    node.length = length;
    node.origin = definition.origin ?? definition;
    definition.sharedByAliases = true;
    return node;
  }

  /**
   * How many nodes `node` stands for with every alias in it expanded, and how many collections deep
   * it is. Memoized for anchored nodes, so aliases of aliases ("billion laughs") cost their text only.
   */
  private measure(node: SyntaxNode): Measure {
    const key = node.origin ?? node;
    const known = this.measures.get(key);
    if (known) return known;
    let size = 1;
    let height = 0;
    const add = (child: SyntaxNode): void => {
      const measured = this.measure(child);
      size += measured.size;
      if (measured.height > height) height = measured.height;
    };
    if (node.type === 'object') node.properties.forEach(add);
    else if (node.type === 'array') node.items.forEach(add);
    else if (node.type === 'property') {
      add(node.key);
      if (node.value) add(node.value);
    }
    const measure: Measure = { size, height: node.type === 'object' || node.type === 'array' ? height + 1 : height };
    if (key.aliased || node.origin) this.measures.set(key, measure);
    return measure;
  }
}

/** A scalar copied at the given range. */
function copyScalar(node: ScalarNode, offset: number, length: number, parent: ParentNode | undefined): BuiltScalarNode {
  let copy: BuiltScalarNode;
  switch (node.type) {
    case 'string':
      copy = stringNode(node.value, offset, length, parent);
      break;
    case 'number':
      copy = numberNode(node.value, offset, length, parent);
      break;
    case 'boolean':
      copy = booleanNode(node.value, offset, length, parent);
      break;
    default:
      copy = nullNode(offset, length, parent);
  }
  copy.origin = node.origin ?? node;
  return copy;
}
