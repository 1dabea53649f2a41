// Anchors, aliases and merge keys: an alias means its anchored node, but everything inside it is
// placed at the alias, so a diagnostic about it lands on `*name`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getNodeValue } from 'jsonc-parser';
import { asJsoncNode } from '../support/jsoncShape';
import {
  childrenOf,
  itemsOf,
  propertiesOf,
  scalarOf,
  type SyntaxNode,
  type ValueNode,
} from '../../server/src/checker/syntax/tree';
import { parseAllDocuments } from 'yaml';
import { definitionOf, isAliasCopy, parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { allNodes, assertCovers, assertScalar, keyAt, propertyAt, rootOf, spanOf, valueAt } from './yamlTreeHelpers';

/** How many distinct node objects the tree holds (an alias that shares its anchor's children adds one). */
function distinctNodes(root: ValueNode): number {
  const seen = new Set<SyntaxNode>();
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const child of childrenOf(node)) stack.push(child);
  }
  return seen.size;
}

function textOf(text: string, node: ValueNode): string {
  return text.slice(node.offset, node.offset + node.length);
}

function plain(node: ValueNode): unknown {
  return JSON.parse(JSON.stringify(getNodeValue(asJsoncNode(node))));
}

/** What the `yaml` package itself makes of the (first) document, as plain JSON data. */
function expectedValue(text: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(parseAllDocuments(text, { merge: true })[0].toJS())) as Record<string, unknown>;
}

describe('YAML aliases', () => {
  const text = [
    'schemas:',
    '  approval: &approval',
    '    type: object',
    '    properties: {approved: {type: boolean}}',
    '  name: &name confirm',
    'step:',
    '  declaration: *name',
    '  request:',
    '    requestedSchema: *approval',
    '',
  ].join('\n');

  it('keeps the anchored node at its own text (the anchor is not part of the range)', () => {
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'schemas', 'name'), 'confirm');
    assertCovers(text, valueAt(root, 'schemas', 'approval'), 'type: object\n    properties: {approved: {type: boolean}}');
    assert.equal(isAliasCopy(valueAt(root, 'schemas', 'name')), false);
  });

  it('resolves an alias of a scalar to its value, ranged at the alias', () => {
    const root = rootOf(text);
    const declaration = valueAt(root, 'step', 'declaration');
    assertScalar(declaration, 'string', 'confirm');
    assertCovers(text, declaration, '*name');
    assert.equal(isAliasCopy(declaration), true);
    assert.equal(definitionOf(declaration), valueAt(root, 'schemas', 'name'));
  });

  it('resolves an alias of a mapping to a copy whose every node is ranged at the alias', () => {
    const root = rootOf(text);
    const schema = valueAt(root, 'step', 'request', 'requestedSchema');
    assert.equal(schema.type, 'object');
    assert.deepEqual(plain(schema), { type: 'object', properties: { approved: { type: 'boolean' } } });
    const aliasSpan = spanOf(text, '*approval');
    for (const node of allNodes(schema)) {
      assert.deepEqual({ offset: node.offset, length: node.length }, aliasSpan, `${node.type} ${String(scalarOf(node))}`);
      assert.equal(isAliasCopy(node), true);
    }
    const copiedKey = keyAt(root, 'step', 'request', 'requestedSchema', 'properties', 'approved');
    assert.equal(definitionOf(copiedKey), keyAt(root, 'schemas', 'approval', 'properties', 'approved'));
    // Parents link the copy into the tree where the alias is.
    assert.equal(schema.parent, propertyAt(root, 'step', 'request', 'requestedSchema'));
    assert.equal(propertiesOf(schema)[0].parent, schema);
  });

  it('uses the latest anchor of a name before the alias', () => {
    const source = 'a: &x first\nb: *x\nc: &x second\nd: *x\n';
    const root = rootOf(source);
    assertScalar(valueAt(root, 'b'), 'string', 'first');
    assertScalar(valueAt(root, 'd'), 'string', 'second');
  });

  it('resolves an alias used as a key to the anchored scalar, ranged at the alias', () => {
    const source = 'names:\n  - &n confirm\nelicitations:\n  *n : {mode: form}\n';
    const root = rootOf(source);
    assertCovers(source, keyAt(root, 'elicitations', 'confirm'), '*n');
  });

  it('keeps an anchored number a number when it is also a key', () => {
    const source = '&n 7: seven\ncount: *n\n';
    const root = rootOf(source);
    assertScalar(keyAt(root, '7'), 'string', '7');
    assertScalar(valueAt(root, 'count'), 'number', 7);
  });

  it('reports an alias with no anchor before it and reads it as null', () => {
    const source = 'a: *missing\nb: &late 1\n';
    const parsed = parseYamlDocuments(source);
    const root = parsed.documents[0].root!;
    assertScalar(valueAt(root, 'a'), 'null', null);
    assertCovers(source, valueAt(root, 'a'), '*missing');
    assert.deepEqual(
      parsed.errors.map((error) => [error.code, error.offset, error.length]),
      [['UNRESOLVED_ALIAS', 3, 8]],
    );
    assert.match(parsed.errors[0].message, /'\*missing'/);
  });

  it('reports an alias inside its own anchored node instead of recursing', () => {
    const source = 'a: &loop\n  self: *loop\n  other: 1\nb: *loop\n';
    const parsed = parseYamlDocuments(source);
    assert.deepEqual(
      parsed.errors.map((error) => error.code),
      ['RECURSIVE_ALIAS'],
    );
    const root = parsed.documents[0].root!;
    assertScalar(valueAt(root, 'a', 'self'), 'null', null);
    assert.deepEqual(plain(valueAt(root, 'b')), { self: null, other: 1 });
  });

  it('builds a "billion laughs" document in the size of its text: large anchors are shared, not copied', () => {
    const lines = ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let level = 1; level <= 9; level++) {
      lines.push(
        `l${level}: &l${level} [${Array(9)
          .fill(`*l${level - 1}`)
          .join(', ')}]`,
      );
    }
    const source = lines.join('\n') + '\n';
    for (const parsed of [parseYamlDocuments(source, { aliasExpansionLimit: 5000 }), parseYamlDocuments(source)]) {
      assert.deepEqual(parsed.errors, []);
      const root = parsed.documents[0].root!;
      assert.ok(distinctNodes(root) < 20_000, `${distinctNodes(root)} distinct nodes`);
      // Small anchors are still copied, every node at the alias.
      const copy = valueAt(root, 'l1', 0);
      assert.ok(isAliasCopy(copy));
      assert.deepEqual(plain(copy), Array(9).fill('lol'));
      assert.equal(textOf(source, itemsOf(copy)[3]), '*l0');
      // A large one is one node at the alias sharing its anchor's children: the same value.
      const shared = valueAt(root, 'l9', 8);
      assert.equal(textOf(source, shared), '*l8');
      assert.equal(itemsOf(shared), itemsOf(valueAt(root, 'l8')));
      assert.equal(definitionOf(shared), valueAt(root, 'l8'));
    }
  });

  it('copies aliases while the copy budget lasts, then shares them', () => {
    const document = 'a: &a [1, 2, 3, 4]\nb: [*a, *a, *a, *a]\n';
    const root = parseYamlDocuments(document, { aliasExpansionLimit: 12 }).documents[0].root!;
    const uses = itemsOf(valueAt(root, 'b'));
    assert.deepEqual(
      uses.map((use) => itemsOf(use) === itemsOf(valueAt(root, 'a'))),
      [false, false, true, true],
    );
    assert.deepEqual(
      uses.map((use) => plain(use)),
      Array(4).fill([1, 2, 3, 4]),
    );
  });

  it('counts the limit per document', () => {
    const document = 'a: &a [1, 2, 3, 4]\nb: [*a, *a, *a]\n';
    const parsed = parseYamlDocuments(`${document}---\n${document}`, { aliasExpansionLimit: 20 });
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.documents.map((entry) => plain(entry.root!)),
      [expectedValue(document), expectedValue(document)],
    );
  });
});

describe('YAML merge keys', () => {
  it('merges an aliased mapping, the explicit keys winning, merged members ranged at the alias', () => {
    const text = [
      'base: &base',
      '  mode: form',
      '  message: Approve?',
      'confirm:',
      '  message: Really approve?',
      '  <<: *base',
      '  extra: 1',
      '',
    ].join('\n');
    const root = rootOf(text);
    const confirm = valueAt(root, 'confirm');
    assert.deepEqual(plain(confirm), { mode: 'form', message: 'Really approve?', extra: 1 });
    assert.deepEqual(plain(confirm), expectedValue(text).confirm);
    assertCovers(text, valueAt(root, 'confirm', 'mode'), '*base');
    assertCovers(text, keyAt(root, 'confirm', 'mode'), '*base');
    assertCovers(text, propertyAt(root, 'confirm', 'mode'), '*base');
    assert.equal(propertyAt(root, 'confirm', 'mode').parent, confirm);
    assertCovers(text, valueAt(root, 'confirm', 'message'), 'Really approve?');
    // No `<<` member, and no shadowed merged member: each name once, in text order.
    assert.deepEqual(
      propertiesOf(confirm).map((property) => property.key.value),
      ['message', 'mode', 'extra'],
    );
    assertCovers(text, confirm, 'message: Really approve?\n  <<: *base\n  extra: 1');
  });

  it('merges a list of aliases, the earlier source winning', () => {
    const text = 'a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n';
    const root = rootOf(text);
    assert.deepEqual(plain(valueAt(root, 'c')), { x: 1, y: 1, z: 3 });
    assert.deepEqual(plain(valueAt(root, 'c')), expectedValue(text).c);
    assertCovers(text, valueAt(root, 'c', 'x'), '*a', { after: '<<' });
    assertCovers(text, valueAt(root, 'c', 'y'), '*a', { after: '<<' });
    assertCovers(text, valueAt(root, 'c', 'z'), '3');
  });

  it('merges an inline mapping with its own ranges, and merges of merges', () => {
    const text = 'a: &a\n  <<: {p: 1, q: 1}\n  q: 2\nb:\n  <<: *a\n  r: 3\n';
    const root = rootOf(text);
    assert.deepEqual(plain(valueAt(root, 'a')), { p: 1, q: 2 });
    assertCovers(text, valueAt(root, 'a', 'p'), '1');
    assertCovers(text, keyAt(root, 'a', 'p'), 'p');
    assert.deepEqual(plain(valueAt(root, 'b')), { p: 1, q: 2, r: 3 });
    assertCovers(text, valueAt(root, 'b', 'p'), '*a');
  });

  it('treats a quoted "<<" as an ordinary key', () => {
    const text = 'a: &a {x: 1}\nb:\n  "<<": *a\n';
    const root = rootOf(text);
    assert.deepEqual(plain(valueAt(root, 'b')), { '<<': { x: 1 } });
  });

  it('reports a merge source that is not a mapping and keeps the rest', () => {
    const text = 'a: &s scalar\nb:\n  <<: *s\n  k: v\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(
      parsed.errors.map((error) => [error.code, error.offset, error.length]),
      [['BAD_MERGE_SOURCE', ...Object.values(spanOf(text, '*s'))]],
    );
    assert.deepEqual(plain(valueAt(parsed.documents[0].root!, 'b')), { k: 'v' });
  });
});
