// Names as they are written: where a name's characters are inside its string (between the quotes of
// a JSON string or a quoted YAML scalar, or the whole plain YAML scalar), and how a new name must be
// written in that place so it reads back as exactly that name.
import type { OffsetEdit } from '../types';
import type { SyntaxNode } from '../syntax/tree';
import type { OffsetRange } from './types';

export type ScalarStyle = 'double' | 'single' | 'plain';

export function scalarStyle(text: string, node: SyntaxNode): ScalarStyle {
  const first = text.charCodeAt(node.offset);
  if (first === 0x22 /* " */) return 'double';
  if (first === 0x27 /* ' */) return 'single';
  return 'plain';
}

/** Whether the string's closing quote is there (a string being typed may not have one yet). */
export function isTerminated(text: string, node: SyntaxNode): boolean {
  const style = scalarStyle(text, node);
  if (style === 'plain') return true;
  const end = node.offset + node.length;
  if (node.length < 2 || text.charCodeAt(end - 1) !== text.charCodeAt(node.offset)) return false;
  if (style === 'single') return true;
  // A double quote preceded by an odd run of backslashes is escaped, not closing.
  let backslashes = 0;
  for (let i = end - 2; i > node.offset && text.charCodeAt(i) === 0x5c; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** The name's characters: inside the quotes, or the whole plain scalar. */
export function nameRange(text: string, node: SyntaxNode): OffsetRange {
  if (scalarStyle(text, node) === 'plain') return { offset: node.offset, length: node.length };
  const end = node.offset + node.length - (isTerminated(text, node) ? 1 : 0);
  return { offset: node.offset + 1, length: Math.max(0, end - node.offset - 1) };
}

const YAML_PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.\-/]*$/;
/** Plain scalars YAML (1.1 or 1.2) would read as something other than a string. */
const YAML_NON_STRINGS = /^(?:null|true|false|yes|no|on|off|y|n)$/i;

function isSafePlainYaml(name: string): boolean {
  return YAML_PLAIN_NAME.test(name) && !YAML_NON_STRINGS.test(name);
}

/** A double-quoted string of `name`: JSON's escapes, which YAML's double-quoted scalars also read. */
export function doubleQuoted(name: string): string {
  return JSON.stringify(name);
}

/**
 * The edit that makes the scalar at `node` read `name`: only the characters between the quotes change
 * when the name can be written in the scalar's own style; otherwise the scalar becomes double-quoted.
 */
export function renameEdit(text: string, node: SyntaxNode, name: string): OffsetEdit {
  const style = scalarStyle(text, node);
  const inside = nameRange(text, node);
  if (style === 'double') return { ...inside, newText: doubleQuoted(name).slice(1, -1) };
  if (style === 'single' && !/[\x00-\x1f]/.test(name)) return { ...inside, newText: name.replace(/'/g, "''") };
  if (style === 'plain' && isSafePlainYaml(name)) return { offset: node.offset, length: node.length, newText: name };
  return { offset: node.offset, length: node.length, newText: doubleQuoted(name) };
}

/**
 * A new scalar of `name` written next to `key`: double-quoted in JSON (where every key is), in YAML
 * plain when that reads back as the same string.
 */
export function newScalar(text: string, key: SyntaxNode, name: string): string {
  if (scalarStyle(text, key) === 'double' || !isSafePlainYaml(name)) return doubleQuoted(name);
  return name;
}
