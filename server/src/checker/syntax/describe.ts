// Wording shared by the rule's messages.
import type { SyntaxNode } from './tree';

/** Longer names are cut in messages: a 100 KB name quoted in every step's message adds up to gigabytes. */
const MAX_QUOTED_CHARS = 100;

function clip(name: string): string {
  if (name.length <= MAX_QUOTED_CHARS) return name;
  // Never cut a surrogate pair in half.
  const end = /[\uD800-\uDBFF]/.test(name[MAX_QUOTED_CHARS - 1]) ? MAX_QUOTED_CHARS - 1 : MAX_QUOTED_CHARS;
  return `${name.slice(0, end)}…`;
}

export function quote(name: string): string {
  return `'${clip(name)}'`;
}

/** How a value node reads in a message: strings quoted, other values as their JSON type. */
export function describeNode(node: SyntaxNode): string {
  if (node.type === 'string') return quote(String(node.value));
  if (node.type === 'number' || node.type === 'boolean') return String(node.value);
  if (node.type === 'null') return 'null';
  return node.type === 'object' || node.type === 'array' ? `an ${node.type}` : `a ${node.type}`;
}

/** Names listed in a message; a tool with 10,000 declarations must not put them all in every message. */
const MAX_LISTED_NAMES = 20;

export function declaredList(declarations: ReadonlyMap<string, unknown>): string {
  if (declarations.size === 0) return 'declared: none';
  const listed: string[] = [];
  for (const name of declarations.keys()) {
    if (listed.length === MAX_LISTED_NAMES) break;
    listed.push(clip(name));
  }
  const more = declarations.size - listed.length;
  return `declared: ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
