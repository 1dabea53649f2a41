// The checker's YAML reader (parseYamlDocuments: trees built from the `yaml` package's CST) held
// to the composed reference (test/support/yamlComposedReference.ts: the package composes the text,
// as parseDocument does, and the tree is built from its nodes): the same trees (every member of
// every node), document ranges and errors (the package's codes, messages and ranges), and the same
// diagnostics from checkDocument. Inputs: hand-written edge cases, every third YAML fixture, a generated
// document, `yaml`'s own output in every style (folded lines, block scalars, flow, quoted, non-ASCII)
// of a described value, and 15 seeded random, soup and damaged texts each; yamlReader.thorough.test.ts
// adds every YAML fixture, every style of a 40 KB generated value, the hostile YAML cases, the
// generator's bigger documents and thousands of seeded texts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { stringify } from 'yaml';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml/parseYamlDocuments';
import { generateMcpdesc } from '../../bench/generate';
import { SeededRandom } from '../support/random';
import { parseYamlDocumentsComposed } from '../support/yamlComposedReference';
import {
  assertSameAsReference,
  assertSameDiagnostics,
  damage,
  EDGE_CASES,
  lineSoup,
  MORE_EDGE_CASES,
  randomStyle,
  randomValue,
} from '../support/yamlDifferential';
import { describedValue, judgedClean, STYLES, yamlFixtures } from '../support/yamlReaderInputs';

function assertSame(text: string, context: string): void {
  assertSameAsReference(text, parseYamlDocuments, parseYamlDocumentsComposed, context);
}

const FIXTURES = yamlFixtures();

describe('the YAML reader builds the composed reference’s trees and reports its errors', () => {
  it('on hand-written edge cases, with the same diagnostics', () => {
    for (const text of [...EDGE_CASES, ...MORE_EDGE_CASES]) {
      assertSame(text, 'edge case');
      assertSameDiagnostics(text, JSON.stringify(text));
    }
  });

  // Every one of them in yamlReader.thorough.test.ts.
  it('on every third YAML fixture (test-fixtures/**), with the same diagnostics', () => {
    const everyThird = FIXTURES.filter((_, index) => index % 3 === 0);
    assert.ok(everyThird.length >= 25, `only ${everyThird.length} YAML fixtures found`);
    for (const folder of ['hostile', 'workspace', 'yaml'])
      assert.ok(
        everyThird.some(({ file }) => file.includes(`${path.sep}${folder}${path.sep}`)),
        `the ${folder} fixtures are included`,
      );
    for (const { file, text } of everyThird) {
      assertSame(text, file);
      assertSameDiagnostics(text, file);
    }
  });

  // The hostile YAML cases and the generator's bigger documents: yamlReader.thorough.test.ts.
  it('on the benchmark generator’s YAML (20 KB, also rendered with stringify’s defaults), with the same diagnostics', () => {
    for (const [seed, bytes] of [[1, 20_000]]) {
      const { text, value } = generateMcpdesc(seed, bytes, { format: 'yaml' });
      assertSame(text, `generated seed ${seed}`);
      assertSameDiagnostics(text, `generated seed ${seed}`);
      const folded = stringify(value);
      assertSame(folded, `generated seed ${seed}, rendered with stringify's defaults`);
      assertSameDiagnostics(folded, `generated seed ${seed}, rendered with stringify's defaults`);
    }
  });

  // And of a 40 KB generated value in yamlReader.thorough.test.ts.
  it('on `yaml`’s output in every style: folded lines, block scalars, flow, quoted, non-ASCII', () => {
    for (const [name, options] of STYLES) {
      for (const input of [describedValue()]) {
        const text = stringify(input, null, options);
        assertSame(text, `stringify: ${name}`);
        assertSameDiagnostics(text, `stringify: ${name}`);
        assert.ok(judgedClean(text), `stringify (${name}) output is judged clean without composing it`);
      }
    }
  });

  it('judges its own clean texts clean and composes broken ones (the BLOCK_IN_FLOW texts among them)', () => {
    for (const { text } of FIXTURES.filter(({ file }) => file.includes(`${path.sep}workspace${path.sep}`)))
      assert.ok(judgedClean(text));
    assert.ok(judgedClean(generateMcpdesc(7, 30_000, { format: 'yaml' }).text));
    for (const text of ['a: [x, -]\n', '[-]', 'k: {a: -}\n', '- [-]\n', 'a: 1\n b: 2\n', 'a: "b\n'])
      assert.equal(judgedClean(text), false, JSON.stringify(text));
  });
});

describe('the YAML reader against the composed reference on seeded random text', () => {
  const seed = Number(process.env.MCPDESC_YAML_READER_SEED ?? 20261202);
  const iterations = Number(process.env.MCPDESC_YAML_READER_ITERATIONS ?? 15);

  it(`on ${iterations} documents \`yaml\` writes in random styles, ${iterations} of line soup, ${iterations} damaged texts (seed ${seed})`, () => {
    const random = new SeededRandom(seed);
    for (let i = 0; i < iterations; i++)
      assertSame(stringify(randomValue(random, 0), null, randomStyle(random)), `styled document ${i} of seed ${seed}`);
    for (let i = 0; i < iterations; i++) assertSame(lineSoup(random), `line soup ${i} of seed ${seed}`);
    const texts = [
      ...FIXTURES.map(({ text }) => text),
      ...[1, 2, 3].map((s) => generateMcpdesc(s, 8_000, { format: 'yaml' }).text),
    ];
    for (let i = 0; i < iterations; i++) {
      let text = random.pick(texts);
      for (let count = 1 + random.below(3); count > 0; count--) text = damage(text, random);
      assertSame(text, `damaged text ${i} of seed ${seed}`);
    }
  });
});
