// Wording shared by the rule's messages.
import type { SyntaxNode } from '../tree';

export function quote(name: string): string {
  return `'${name}'`;
}

/** How a value node reads in a message: strings quoted, other values as their JSON type. */
export function describeNode(node: SyntaxNode): string {
  if (node.type === 'string') return quote(String(node.value));
  if (node.type === 'number' || node.type === 'boolean') return String(node.value);
  if (node.type === 'null') return 'null';
  return node.type === 'object' || node.type === 'array' ? `an ${node.type}` : `a ${node.type}`;
}

export function declaredList(names: Iterable<string>): string {
  const list = [...names];
  return list.length ? `declared: ${list.join(', ')}` : 'declared: none';
}
