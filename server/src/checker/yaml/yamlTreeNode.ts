// The node the YAML adapter builds: jsonc-parser's Node shape (what every check walks), so the rule
// is written once for JSON and YAML. One class for every kind keeps the objects monomorphic, which
// matters on megabyte documents.
import type { Node, NodeType } from 'jsonc-parser';

export class YamlTreeNode implements Node {
  value: unknown = undefined;
  colonOffset: number | undefined = undefined;
  children: YamlTreeNode[] | undefined = undefined;
  /**
   * For a node that stands for an alias (`*name`) or for a property merged in with `<<`: the node it
   * was copied from (at the anchor's definition). The copy itself carries the alias's range, so a
   * diagnostic lands on the alias; an edit must not write into the copy's range as if it held the text.
   */
  origin: YamlTreeNode | undefined = undefined;

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
