// The root's schema findings remembered by the root's fingerprint (rootSchemaMemo.ts), held to the
// plain path (the root validated every time): same findings, ranges, messages and hints on the
// agreement fixtures and generated documents, whether the memo misses or hits, and no stale
// finding once anything outside the tools' elements changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkDocument } from '../../server/src/checker';
import { parseJsonDocument } from '../../server/src/checker/syntax/json/jsonDocument';
import { parseYamlForCheck } from '../../server/src/checker/syntax/yamlSyntax';
import { checkRootSchema, checkRootSchemaPlain } from '../../server/src/checker/rules/document/documentSchema';
import { clearRootSchemaMemo, rootFingerprint } from '../../server/src/checker/rules/document/rootSchemaMemo';
import type { SyntaxNode } from '../../server/src/checker/syntax/tree';
import { generateDocument } from '../../bench/generate';
import { REPO_ROOT } from '../support/repo';

const CORPUS = path.join(REPO_ROOT, 'test-fixtures', 'official-agreement');

function rootOf(text: string, format: 'json' | 'yaml'): SyntaxNode {
  return (format === 'json' ? parseJsonDocument(text) : parseYamlForCheck(text)).roots[0];
}

function texts(): { name: string; text: string; format: 'json' | 'yaml' }[] {
  const found = fs
    .readdirSync(CORPUS)
    .filter((name) => /\.(json|ya?ml)$/.test(name))
    .map((name) => ({
      name,
      text: fs.readFileSync(path.join(CORPUS, name), 'utf8'),
      format: name.endsWith('.json') ? ('json' as const) : ('yaml' as const),
    }));
  for (let seed = 0; seed < 4; seed++)
    found.push({ name: `generated ${seed}`, text: generateDocument(900 + seed, 20_000), format: 'json' });
  return found;
}

test('a remembered root gives what the plain path gives, on a miss and on a hit', () => {
  let remembered = 0;
  for (const { name, text, format } of texts()) {
    clearRootSchemaMemo();
    const plain = checkRootSchemaPlain(rootOf(text, format));
    assert.deepEqual(checkRootSchema(rootOf(text, format)), plain, `${name}: miss`);
    assert.deepEqual(checkRootSchema(rootOf(text, format)), plain, `${name}: hit`);
    if (rootFingerprint(rootOf(text, format)) !== undefined) remembered++;
  }
  assert.ok(remembered >= 10, `most roots are remembered (${remembered})`);
});

test('whole checks give the same diagnostics with the memo cold and warm', () => {
  for (const { name, text, format } of texts()) {
    clearRootSchemaMemo();
    const cold = checkDocument(text, { format }).diagnostics;
    assert.deepEqual(checkDocument(text, { format }).diagnostics, cold, name);
  }
});

test("a remembered root's findings offer the same fixes (their hints are shared, frozen)", () => {
  const text =
    '{"mcpdesc": "0.8.0", "info": {"name": "a", "version": "1", "protocolVersion": "2025-11-25", "titel": "x"}, "tools": []}';
  const fixesOf = () => {
    const result = checkDocument(text, { format: 'json' });
    return result.diagnostics.map((diagnostic) => result.fixesFor(diagnostic));
  };
  clearRootSchemaMemo();
  const cold = fixesOf();
  assert.ok(cold.flat().length >= 2, 'the move, the insert and the rename have fixes');
  assert.deepEqual(fixesOf(), cold);
  assert.deepEqual(fixesOf(), cold);
});

test('a change outside the tools, or in their number, is never answered from the memo', () => {
  const base =
    '{"mcpdesc": "0.8.0", "info": {"name": "a", "version": "1", "protocolVersion": "x"}, "tools": [{"name": "t"}], "extra": 1}';
  const variants = [
    base,
    base.replace('"version": "1"', '"version": 1  '), // Same length, another type.
    base.replace('"extra": 1', '"extra": 2'), // Same length, another value.
    base.replace('"extra"', '"extrb"'), // Same length, another key.
    ` ${base}`, // Every range shifted.
    base.replace('[{"name": "t"}]', '[{"name": "t"}, 1]'), // One more tool.
    base.replace('"protocolVersion"', '"protocolVersioN"'), // Another hint.
  ];
  clearRootSchemaMemo();
  for (let round = 0; round < 2; round++) {
    for (const text of variants) {
      assert.deepEqual(checkRootSchema(rootOf(text, 'json')), checkRootSchemaPlain(rootOf(text, 'json')), text);
    }
  }
  // Exact ranges after a hit: the unknown member 'extra' of the root, the moved protocolVersion.
  const found = checkRootSchema(rootOf(base, 'json'));
  assert.deepEqual(
    found.map((finding) => [finding.offset, finding.length, finding.pointer]),
    [
      [0, 1, '/protocolVersions'],
      [110, 7, '/extra'],
      [59, 17, '/info/protocolVersion'],
    ],
  );
});

test('a tool edited in place keeps the root remembered (its elements are not part of the fingerprint)', () => {
  const text = '{"mcpdesc": "0.8.0", "tools": [{"name": "abc"}]}';
  const edited = text.replace('"abc"', '"xyz"');
  assert.equal(rootFingerprint(rootOf(text, 'json')), rootFingerprint(rootOf(edited, 'json')));
  assert.notEqual(rootFingerprint(rootOf(text, 'json')), rootFingerprint(rootOf(text.replace('"abc"', '"abcd"'), 'json')));
});

test('YAML roots with aliases or merges are not remembered', () => {
  assert.equal(rootFingerprint(rootOf('mcpdesc: 0.8.0\ninfo: &i {name: a}\nx-copy: *i\n', 'yaml')), undefined);
  assert.equal(rootFingerprint(rootOf('mcpdesc: 0.8.0\nx-a: &a {b: 1}\ninfo:\n  <<: *a\n  name: a\n', 'yaml')), undefined);
  assert.notEqual(rootFingerprint(rootOf('mcpdesc: 0.8.0\ninfo: {name: a}\n', 'yaml')), undefined);
});
