// What an alias (`*name`) stands for in the tree (YamlTreeBuilder): a copy of the anchored node
// whose every node has the alias's range, so a diagnostic inside lands on `*name`; for a large
// collection, or past the document's copy budget, one node at the alias that shares the anchor's
// children, so an alias never costs its anchor's size again and reads as the same value.
import { YamlTreeNode } from './yamlTreeNode';
import { MAX_NESTING_DEPTH } from './yamlNestingGuard';

export interface AnchorSlot {
  /** Undefined while the anchored collection is still being built (an alias to it there is a cycle). */
  node: YamlTreeNode | undefined;
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
  private readonly measures = new WeakMap<YamlTreeNode, Measure>();

  constructor(
    aliasExpansionLimit: number,
    private readonly problem: AliasProblem,
  ) {
    this.remainingCopies = aliasExpansionLimit;
  }

  /** An anchored scalar, once built. */
  define(anchor: string, node: YamlTreeNode): void {
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
  resolve(name: string, start: number, length: number, parent: YamlTreeNode | undefined, depth: number): YamlTreeNode {
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
    if (!definition.children) return this.copy(definition, start, length, parent);
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
  copy(node: YamlTreeNode, offset: number, length: number, parent: YamlTreeNode | undefined): YamlTreeNode {
    const copy = new YamlTreeNode(node.type, offset, length, parent);
    copy.value = node.value;
    copy.origin = node.origin ?? node;
    const children = node.children;
    if (children) {
      const copies: YamlTreeNode[] = new Array(children.length);
      for (let i = 0; i < children.length; i++) copies[i] = this.copy(children[i], offset, length, copy);
      copy.children = copies;
    }
    return copy;
  }

  /**
   * The alias of a large collection: one node at the alias, whose children are the definition's own.
   * An alias is the same node as its anchor, so it costs one node however often it is used, and
   * whatever reads it (schema equality, validation) finds the definition's value, built once.
   * Diagnostics inside it land at the definition's text, and edits inside it are refused.
   */
  private shared(definition: YamlTreeNode, offset: number, length: number, parent: YamlTreeNode | undefined): YamlTreeNode {
    const node = new YamlTreeNode(definition.type, offset, length, parent);
    node.value = definition.value;
    node.origin = definition.origin ?? definition;
    node.children = definition.children;
    definition.sharedByAliases = true;
    return node;
  }

  /**
   * How many nodes `node` stands for with every alias in it expanded, and how many collections deep
   * it is. Memoized for anchored nodes, so aliases of aliases ("billion laughs") cost their text only.
   */
  private measure(node: YamlTreeNode): Measure {
    const key = node.origin ?? node;
    const known = this.measures.get(key);
    if (known) return known;
    let size = 1;
    let height = 0;
    for (const child of node.children ?? []) {
      const measured = this.measure(child);
      size += measured.size;
      if (measured.height > height) height = measured.height;
    }
    const measure: Measure = { size, height: node.type === 'object' || node.type === 'array' ? height + 1 : height };
    if (key.aliased || node.origin) this.measures.set(key, measure);
    return measure;
  }
}

function nullNode(offset: number, length: number, parent: YamlTreeNode | undefined): YamlTreeNode {
  const node = new YamlTreeNode('null', offset, length, parent);
  node.value = null;
  return node;
}
