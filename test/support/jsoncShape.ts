// The checker's tree in jsonc-parser's Node shape (`children`, a property's key and value as its
// two children, a scalar's value), so that tests can hold it against jsonc-parser's own trees
// (`parseTree`) and read it with jsonc-parser's own functions (`getNodeValue`): a reading that
// shares no code with the checker's accessors.
import type { Node } from 'jsonc-parser';
import type { SyntaxNode } from '../../server/src/checker/syntax/tree';

interface JsoncNode {
  type: Node['type'];
  value?: unknown;
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: JsoncNode;
  children?: JsoncNode[];
}

/**
 * `node`'s subtree in jsonc-parser's shape: the members parseTree gives, and only those (a root has
 * no parent member at all, a property's `colonOffset` only when it has a colon).
 */
export function asJsoncNode(node: SyntaxNode): Node {
  return convert(node, undefined);
}

function convert(node: SyntaxNode, parent: JsoncNode | undefined): JsoncNode {
  const result: JsoncNode = { type: node.type, offset: node.offset, length: node.length };
  if (parent) result.parent = parent;
  switch (node.type) {
    case 'object':
      result.children = node.properties.map((property) => convert(property, result));
      break;
    case 'array':
      result.children = node.items.map((item) => convert(item, result));
      break;
    case 'property':
      if (node.colonOffset !== undefined) result.colonOffset = node.colonOffset;
      result.children = [convert(node.key, result)];
      if (node.value) result.children.push(convert(node.value, result));
      break;
    default:
      result.value = node.value;
  }
  return result;
}
