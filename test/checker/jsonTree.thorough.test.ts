// The thorough tier's part of the tree builder's differential against parseTree (jsonTree.test.ts has
// the hand-written cases, the fixtures and the first 100 texts of each fuzzer): the generated hostile
// documents, the benchmark documents when `npm run bench` has written them, and the seeded fuzzers'
// 3,000 texts each. Another seed or a longer run:
// MCPDESC_JSONTREE_SEED=n MCPDESC_JSONTREE_ITERATIONS=n node --test out/test/checker/jsonTree.thorough.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchDataDir } from '../../bench/dataDir';
import { SHAPE_FORMATS, SHAPE_NAMES } from '../../bench/shapes';
import { GENERATED_CASES } from '../hostile/support/generatedCases';
import { assertSameAsParseTree, fuzzAgainstParseTree } from '../support/parseTreeAgreement';

// The fuzzers first: the moderately nested generated case is within both parsers' stack only once
// the builder's code is optimized (its frames are smaller), as it is after thousands of texts; run
// cold, the builder gives up first. (jsonTree.test.ts compares deep nesting only well inside both.)
fuzzAgainstParseTree(3000);

describe('buildJsonTree is parseTree on big and generated documents', () => {
  it('on the generated hostile documents (deep nesting, huge strings, floods of errors)', () => {
    // steps-100000 (11 MB, 2.5 million nodes) would add half a minute of comparing and nothing the
    // 10 MB benchmark document does not already cover.
    const cases = GENERATED_CASES.filter(
      (generated) => (generated.format ?? 'json') === 'json' && generated.name !== 'steps-100000',
    );
    assert.ok(cases.some((generated) => generated.name === 'nesting-unclosed'));
    for (const generated of cases) assertSameAsParseTree(generated.build(), `generated case ${generated.name}`);
  });

  for (const size of [
    '20kb',
    '1mb',
    '10mb',
    ...SHAPE_NAMES.filter((name) => name !== 'base' && SHAPE_FORMATS[name].includes('json')).map((shape) => `10mb-${shape}`),
  ]) {
    const file = path.join(benchDataDir(), 'docs', `bench-${size}.mcpdesc.json`);
    it(
      `on the ${size} benchmark document`,
      { skip: fs.existsSync(file) ? false : `no ${file} (npm run bench writes it)` },
      () => {
        assertSameAsParseTree(fs.readFileSync(file, 'utf8'), file);
      },
    );
  }
});
