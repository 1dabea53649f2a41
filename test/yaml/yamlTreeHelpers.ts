// Helpers for the YAML tree tests: reach nodes by path and state expected ranges as substrings of the
// text (so an expected offset is computed, never counted by hand).
import assert from 'node:assert/strict';
import {
  childrenOf,
  scalarOf,
  type PropertyNode,
  type StringNode,
  type SyntaxNode,
  type ValueNode,
} from '../../server/src/checker/syntax/tree';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';

/** The single document's root of `text`, which must parse without errors. */
export function rootOf(text: string): ValueNode {
  const parsed = parseYamlDocuments(text);
  assert.deepEqual(parsed.errors, [], 'expected no YAML errors');
  assert.equal(parsed.documents.length, 1, 'expected one document');
  const root = parsed.documents[0].root;
  assert.ok(root, 'expected a non-empty document');
  return root;
}

/** The property node of `key` in an object node (the last one, as the checker reads duplicates). */
export function propertyIn(object: SyntaxNode, key: string): PropertyNode {
  assert.ok(object.type === 'object', `expected an object to look up '${key}' in`);
  const properties = object.properties.filter((property) => property.key.value === key);
  assert.ok(properties.length > 0, `no property '${key}'`);
  return properties[properties.length - 1];
}

/** The value node at a path of keys and indexes. */
export function valueAt(root: ValueNode, ...path: Array<string | number>): ValueNode {
  let node = root;
  for (const segment of path) {
    if (typeof segment === 'number') {
      assert.ok(node.type === 'array', `expected an array at index ${segment}`);
      const item = node.items[segment];
      assert.ok(item, `no item ${segment}`);
      node = item;
    } else {
      const value = propertyIn(node, segment).value;
      assert.ok(value, `property '${segment}' has no value node`);
      node = value;
    }
  }
  return node;
}

/** The key node of the last key of the path. */
export function keyAt(root: ValueNode, ...path: Array<string | number>): StringNode {
  const last = path[path.length - 1];
  assert.equal(typeof last, 'string', 'a key path ends with a key');
  return propertyIn(valueAt(root, ...path.slice(0, -1)), last as string).key;
}

export function propertyAt(root: ValueNode, ...path: Array<string | number>): PropertyNode {
  const last = path[path.length - 1];
  assert.equal(typeof last, 'string', 'a property path ends with a key');
  return propertyIn(valueAt(root, ...path.slice(0, -1)), last as string);
}

/**
 * The range of the `occurrence`-th (0-based) occurrence of `snippet` in `text`, searching from the
 * first occurrence of `after` when given.
 */
export function spanOf(
  text: string,
  snippet: string,
  options: { after?: string; occurrence?: number } = {},
): { offset: number; length: number } {
  let from = 0;
  if (options.after !== undefined) {
    from = text.indexOf(options.after);
    assert.ok(from >= 0, `anchor text ${JSON.stringify(options.after)} not found`);
  }
  let offset = text.indexOf(snippet, from);
  for (let i = 0; i < (options.occurrence ?? 0) && offset >= 0; i++) offset = text.indexOf(snippet, offset + 1);
  assert.ok(offset >= 0, `snippet ${JSON.stringify(snippet)} not found`);
  return { offset, length: snippet.length };
}

/** Asserts that `node` covers exactly `snippet` (found as spanOf finds it). */
export function assertCovers(
  text: string,
  node: SyntaxNode,
  snippet: string,
  options: { after?: string; occurrence?: number } = {},
): void {
  const expected = spanOf(text, snippet, options);
  assert.deepEqual(
    { offset: node.offset, length: node.length, text: text.slice(node.offset, node.offset + node.length) },
    { ...expected, text: snippet },
  );
}

export function assertScalar(node: SyntaxNode, type: SyntaxNode['type'], value: unknown): void {
  assert.deepEqual({ type: node.type, value: scalarOf(node) }, { type, value });
}

/** Every node of a tree, depth first. */
export function allNodes(root: SyntaxNode): SyntaxNode[] {
  const result: SyntaxNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    result.push(node);
    for (const child of childrenOf(node)) stack.push(child);
  }
  return result;
}
