// The collapse of the format schema's errors (documentSchema.ts) finds each oneOf/anyOf's errors
// through an index, so that a document's tens of thousands of errors cost it no more than their
// number; it is held to the plain scan (test/support/collapsePlain.ts): the same errors, in the same
// order, on the agreement corpus, generated documents and documents written to fail deep inside
// alternatives (the thorough whole-document fuzzer holds them to it on mutated documents too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { collapse, wholeSchemaErrors } from '../../server/src/checker/rules/document/documentSchema';
import { syntaxOf } from '../../server/src/checker/syntax/syntaxOf';
import { generateDocument } from '../../bench/generate';
import { collapsePlain } from '../support/collapsePlain';
import { REPO_ROOT } from '../support/repo';

const CORPUS = path.join(REPO_ROOT, 'test-fixtures', 'official-agreement');

function documents(): Array<{ name: string; text: string; format: 'json' | 'yaml' }> {
  const found = fs
    .readdirSync(CORPUS)
    .sort()
    .map((name) => ({
      name,
      text: fs.readFileSync(path.join(CORPUS, name), 'utf8'),
      format: name.endsWith('.json') ? ('json' as const) : ('yaml' as const),
    }));
  for (let seed = 0; seed < 4; seed++)
    found.push({ name: `generated ${seed}`, text: generateDocument(900 + seed, 30_000, { shape: 'spec-like' }), format: 'json' });
  // The schema's one oneOf (a resource's contents hold text or a blob) failing every way, in
  // resource examples and in tool results' embedded resources, many times over, next to content
  // blocks of every wrong shape.
  const contents = [
    '{}',
    '{"uri":"u"}',
    '{"uri":"u","text":"t","blob":"b"}',
    '{"uri":1,"text":2}',
    '{"text":"t"}',
    '[]',
    '{"uri":"u","blob":3}',
  ];
  const blocks = contents
    .map((resource) => `{"type":"resource","resource":${resource}}`)
    .concat(['{"type":"text"}', '{"type":1}', '{}']);
  const resources = Array.from(
    { length: 20 },
    (_, index) =>
      `{"uri":"file:///r${index}","name":"r${index}","examples":{"e":{"result":{"contents":[${contents.join(',')}]}}}}`,
  );
  const tools = Array.from(
    { length: 20 },
    (_, index) =>
      `{"name":"t${index}","inputSchema":{"type":"object"},"examples":{"e":{"input":{},"result":{"content":[${blocks.join(',')}]}}}}`,
  );
  found.push({
    name: 'alternatives failing every way',
    text: `{"mcpdesc":"0.8.0","info":{"name":"n","version":"1"},"protocolVersions":["2025-11-25"],"resources":[${resources.join(',')}],"tools":[${tools.join(',')}]}`,
    format: 'json',
  });
  return found;
}

test('the indexed collapse gives what the plain scan gives, error for error', () => {
  let branchings = 0;
  for (const { name, text, format } of documents()) {
    for (const root of syntaxOf(format).parse(text).roots) {
      const errors = wholeSchemaErrors(root);
      branchings += errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf').length;
      assert.deepEqual(collapse(errors), collapsePlain(errors), name);
    }
  }
  assert.ok(branchings > 100, `only ${branchings} oneOf/anyOf errors to collapse`);
});
