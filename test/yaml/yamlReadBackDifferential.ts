// The differential of the fix editor's read-backs (yamlReadBack.ts, through the checker's one YAML
// reader) against the `yaml` package's own reading (parseAllDocuments / parseDocument and toJS, how
// they were read before; test/support/yamlComposedReference.ts): on the texts fix-all reads back (the
// declare layouts, the merge-key documents, the YAML fixtures, generated documents dense with
// problems, their fixed texts, one tool's lines alone), the same documents, extents and values, and
// a text with errors has errors in both readings. yamlReadBack.test.ts runs it on every fourth YAML
// fixture and the first few seeded layouts, yamlReadBack.thorough.test.ts on all of them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixAll } from '../../server/src/checker/fixes/fixAll';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { readYamlStream, readYamlValue } from '../../server/src/checker/syntax/yaml/yamlReadBack';
import { sameJson } from '../../server/src/checker/syntax/yaml/yamlValueText';
import { generateMcpdesc } from '../../bench/generate';
import { fixtureCorpus } from '../support/fixtureCorpus';
import { readYamlStreamByPackage, readYamlValueByPackage } from '../support/yamlComposedReference';
import { declareLayoutDocument } from './declareLayoutDocuments';
import { mergeKeyDocument } from './mergeKeyDocuments';

function corpus(declareLayouts: number, mergeKeys: number, fixtureStride: number): Array<{ name: string; text: string }> {
  const texts: Array<{ name: string; text: string }> = [];
  const fixtures = fixtureCorpus().filter((document) => document.format === 'yaml');
  for (const [index, document] of fixtures.entries())
    if (index % fixtureStride === 0) texts.push({ name: document.name, text: document.text });
  for (let seed = 1; seed <= declareLayouts; seed++)
    texts.push({ name: `declare layout ${seed}`, text: declareLayoutDocument(seed).text });
  for (let seed = 1; seed <= mergeKeys; seed++) texts.push({ name: `merge keys ${seed}`, text: mergeKeyDocument(seed).text });
  for (let seed = 1; seed <= 1; seed++) {
    const { text } = generateMcpdesc(seed, 30_000, {
      format: 'yaml',
      violationRate: seed % 2 === 0 ? 1 : 0.4,
      elicitationStepsOnly: true,
    });
    texts.push({ name: `generated ${seed}`, text });
  }
  return texts;
}

const EDGE_CASES = [
  '',
  '# only a comment\n',
  '---\n',
  'a: 1\n',
  'a: 1\na: 2\n',
  'a:\n  b: 1\n  b: 2\n',
  '1: a\n',
  'null: a\n',
  '~: a\n',
  'true: x\n',
  'k: -0\n',
  'k: .nan\n',
  'k: -.inf\n',
  'k: 0o17\n',
  'k: 1e400\n',
  "k: 'it''s'\n",
  'k: "\\u00e9\\n"\n',
  'k: [a, {b: 1}, "c"]\n',
  '[a, b]',
  '{a: 1}',
  '- a\n- - b\n  - c\n',
  'k: &x 1\nl: *x\n',
  'k: *x\n',
  'k: v\n---\nl: w\n',
  '<<: {a: 1}\nb: 2\n',
  'k: !!str 1\n',
  'k: |\n  text\n',
  'k: a\n  b\n',
  'k: a #c\n',
  'k:\n',
  '- \n',
  'a: 1\n b: 2\n',
  'a: [1, 2\n',
  'k: "x\n',
  '? a\n: 1\n',
  'k: yes\n',
  'k: 1_000\n',
  'k: 012\n',
  'a: [x, -]\n',
];

function itemSlices(text: string, limit: number): string[] {
  const lines = text.split('\n');
  const slices: string[] = [];
  for (let start = 0; start < lines.length && slices.length < limit; start++) {
    if (!/^ *- /.test(lines[start])) continue;
    for (const length of [1, 3, 8, 20]) slices.push(lines.slice(start, start + length).join('\n'));
  }
  return slices;
}

/**
 * Whether the text merges an empty value (`<<:` with nothing after it): the package's toJS throws
 * on it, the reader merges nothing (its one known difference; the edit is judged either way).
 */
function mergesNothing(text: string): boolean {
  return /<<:[ \t]*(#.*)?(\r?\n|$)/.test(text);
}

function assertSameReading(text: string, label: string): void {
  const context = `${label}: ${JSON.stringify(text.length <= 300 ? text : `${text.slice(0, 300)}…`)}`;
  const read = readYamlStream(text);
  const reference = readYamlStreamByPackage(text);
  if (read && reference) {
    assert.equal(read.documents.length, reference.documents.length, `${context}: documents`);
    read.documents.forEach((document, index) => {
      const other = reference.documents[index];
      assert.deepEqual({ start: document.start, end: document.end }, { start: other.start, end: other.end }, context);
      assert.equal(document.errors > 0, other.errors > 0, `${context}: errors`);
      if (other.errors === 0) assert.ok(sameJson(document.value as JsonValue, other.value as JsonValue), `${context}: the value`);
    });
  } else if (!(reference === undefined && mergesNothing(text))) {
    assert.equal(read === undefined, reference === undefined, `${context}: readable`);
  }
  const alone = readYamlValue(text);
  const aloneReference = readYamlValueByPackage(text);
  if (alone && aloneReference)
    assert.ok(sameJson(alone.value as JsonValue, aloneReference.value as JsonValue), `${context}: the value alone`);
  // A text the reader accepts alone, the package accepts alone (never the other way round: merge keys are refused).
  if (alone) assert.ok(aloneReference, `${context}: read alone`);
}

/**
 * Registers the differential on the edge cases, every `fixtureStride`th YAML fixture, the first
 * `declareLayouts` seeded declare layouts and `mergeKeys` merge-key documents, and a generated
 * document: each text, its fix-all result and the first `slicesPerText` slices of both (one tool's
 * lines alone).
 */
export function readBackAgreesWithThePackage(
  declareLayouts: number,
  mergeKeys: number,
  slicesPerText: number,
  fixtureStride: number,
): void {
  const fixtures = fixtureStride === 1 ? 'every YAML fixture' : `every ${fixtureStride}th YAML fixture`;
  describe('YAML read-back through the checker’s reader', () => {
    it(`reads every text as the yaml package does (${fixtures}, ${declareLayouts} declare layouts, ${mergeKeys} merge-key documents, ${slicesPerText} slices of each)`, () => {
      for (const text of EDGE_CASES) assertSameReading(text, 'edge case');
      for (const { name, text } of corpus(declareLayouts, mergeKeys, fixtureStride)) {
        const fixed = fixAll(text, { format: 'yaml' }).text;
        for (const candidate of [text, fixed, ...itemSlices(text, slicesPerText), ...itemSlices(fixed, slicesPerText)])
          assertSameReading(candidate, name);
      }
    });
  });
}
