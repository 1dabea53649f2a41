// The YAML reader against the composed reference (see yamlReader.test.ts) on every YAML fixture
// (the fast tier takes every third), `yaml`'s output in every style of a 40 KB generated value as well
// as of the described one (the fast tier: the described one), and on thousands of seeded
// texts: random values `yaml` writes in random styles, YAML line soup, damaged fixtures and
// generated documents; the hostile YAML cases; the generator's 60 KB and 200 KB documents; and 1 MB
// generated documents rendered both ways. Another seed or a
// longer run: MCPDESC_YAML_READER_SEED=n MCPDESC_YAML_READER_ITERATIONS=n node --test out/test/yaml/yamlReader.thorough.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stringify } from 'yaml';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml/parseYamlDocuments';
import { generateMcpdesc } from '../../bench/generate';
import { SeededRandom } from '../support/random';
import { repoPath } from '../support/repo';
import { parseYamlDocumentsComposed } from '../support/yamlComposedReference';
import { GENERATED_CASES } from '../hostile/support/generatedCases';
import {
  assertSameAsReference,
  assertSameDiagnostics,
  damage,
  lineSoup,
  randomStyle,
  randomValue,
} from '../support/yamlDifferential';
import { describedValue, judgedClean, STYLES, yamlFixtures } from '../support/yamlReaderInputs';

function assertSame(text: string, context: string): void {
  assertSameAsReference(text, parseYamlDocuments, parseYamlDocumentsComposed, context);
}

function yamlFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

describe('the YAML reader against the composed reference, thoroughly', () => {
  it('on every YAML fixture (test-fixtures/**), with the same diagnostics', () => {
    const fixtures = yamlFixtures();
    assert.ok(fixtures.length >= 70, `only ${fixtures.length} YAML fixtures found`);
    assert.ok(
      fixtures.some(({ file }) => file.includes(`${path.sep}hostile${path.sep}`)),
      'the hostile fixtures are included',
    );
    for (const { file, text } of fixtures) {
      assertSame(text, file);
      assertSameDiagnostics(text, file);
    }
  });

  it('on `yaml`’s output in every style of a described and a 40 KB generated value', () => {
    const { value } = generateMcpdesc(5, 40_000, { format: 'yaml' });
    for (const [name, options] of STYLES) {
      for (const input of [describedValue(), value]) {
        const text = stringify(input, null, options);
        assertSame(text, `stringify: ${name}`);
        assertSameDiagnostics(text, `stringify: ${name}`);
        assert.ok(judgedClean(text), `stringify (${name}) output is judged clean without composing it`);
      }
    }
  });

  const seed = Number(process.env.MCPDESC_YAML_READER_SEED ?? 20261203);
  const iterations = Number(process.env.MCPDESC_YAML_READER_ITERATIONS ?? 3000);

  it(`on ${iterations} documents \`yaml\` writes in random styles (seed ${seed})`, () => {
    const random = new SeededRandom(seed);
    for (let i = 0; i < iterations; i++)
      assertSame(stringify(randomValue(random, 0), null, randomStyle(random)), `styled document ${i} of seed ${seed}`);
  });

  it(`on ${iterations} texts of YAML line soup (seed ${seed})`, () => {
    const random = new SeededRandom(seed + 1);
    for (let i = 0; i < iterations; i++) assertSame(lineSoup(random), `line soup ${i} of seed ${seed}`);
  });

  it(`on ${iterations} damaged fixture and generated texts (seed ${seed})`, () => {
    const random = new SeededRandom(seed + 2);
    const texts = [
      ...yamlFiles(repoPath('test-fixtures')).map((file) => fs.readFileSync(file, 'utf8')),
      ...[1, 2, 3].map((s) => generateMcpdesc(s, 8_000, { format: 'yaml' }).text),
      ...[4, 5].map((s) => stringify(generateMcpdesc(s, 8_000, { format: 'yaml' }).value)),
    ];
    for (let i = 0; i < iterations; i++) {
      let text = random.pick(texts);
      for (let count = 1 + random.below(3); count > 0; count--) text = damage(text, random);
      assertSame(text, `damaged text ${i} of seed ${seed}`);
    }
  });

  it('on the hostile YAML cases', () => {
    const cases = GENERATED_CASES.filter((generated) => generated.format === 'yaml');
    assert.ok(cases.length >= 2);
    for (const generated of cases) assertSame(generated.build(), `generated case ${generated.name}`);
  });

  it('on the benchmark generator’s YAML (60 KB and 200 KB, also rendered with stringify’s defaults), with the same diagnostics', () => {
    for (const [seed, bytes] of [
      [2, 60_000],
      [3, 200_000],
    ]) {
      const { text, value } = generateMcpdesc(seed, bytes, { format: 'yaml' });
      assertSame(text, `generated seed ${seed}`);
      assertSameDiagnostics(text, `generated seed ${seed}`);
      const folded = stringify(value);
      assertSame(folded, `generated seed ${seed}, rendered with stringify's defaults`);
      assertSameDiagnostics(folded, `generated seed ${seed}, rendered with stringify's defaults`);
    }
  });

  it('on 1 MB generated documents, as the generator renders them and with stringify’s defaults', () => {
    const { text, value } = generateMcpdesc(20263601, 1024 * 1024, { format: 'yaml' });
    assertSame(text, 'generated 1 MB');
    assertSame(stringify(value), 'generated 1 MB, stringify defaults');
  });
});
