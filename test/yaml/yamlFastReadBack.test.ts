// The YAML editor's read-backs through the fast reader (yamlReadBack.ts) held to the `yaml`
// package's: on every text, the same documents, extents, error counts and values, or the fast reader
// leaves it to the package; and on the read-back corpora (the declare layouts, the merge-key
// documents, the YAML fixtures, generated documents dense with problems), the same fixes planned,
// the same verdicts on edits read back together, and the same fix-all, with it and without it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends, type DocumentCheck } from '../../server/src/checker/check';
import { checkDocument } from '../../server/src/checker';
import { fixAll } from '../../server/src/checker/fixAll';
import type { JsonValue } from '../../server/src/checker/tree';
import { buildFastYamlTree } from '../../server/src/checker/yaml/fastYamlTree';
import { YamlEditor } from '../../server/src/checker/yaml/yamlEditor';
import { readYamlStream, readYamlValue } from '../../server/src/checker/yaml/yamlReadBack';
import { sameJson } from '../../server/src/checker/yaml/yamlValueText';
import { generateMcpdesc } from '../../bench/generate';
import { fixtureCorpus } from '../support/fixtureCorpus';
import { declareLayoutDocument } from './declareLayoutDocuments';
import { mergeKeyDocument } from './mergeKeyDocuments';

/** The texts fix-all reads back: whole documents, one tool's lines, and copied values alone. */
function corpus(): Array<{ name: string; text: string }> {
  const texts: Array<{ name: string; text: string }> = [];
  for (const document of fixtureCorpus()) if (document.format === 'yaml') texts.push({ name: document.name, text: document.text });
  for (let seed = 1; seed <= 120; seed++) texts.push({ name: `declare layout ${seed}`, text: declareLayoutDocument(seed).text });
  for (let seed = 1; seed <= 40; seed++) texts.push({ name: `merge keys ${seed}`, text: mergeKeyDocument(seed).text });
  for (let seed = 1; seed <= 4; seed++) {
    const { text } = generateMcpdesc(seed, 30_000, { format: 'yaml', violationRate: seed % 2 === 0 ? 1 : 0.4, elicitationStepsOnly: seed !== 3 });
    texts.push({ name: `generated ${seed}`, text });
  }
  return texts;
}

/** Small texts at the edges of the fast reader's subset and of the two readings. */
const EDGE_CASES = [
  '', '# only a comment\n', '---\n', 'a: 1\n', 'a: 1\na: 2\n', 'a:\n  b: 1\n  b: 2\n', '__proto__: x\n', '__proto__:\n  a: 1\n',
  '1: a\n', 'null: a\n', '~: a\n', 'true: x\n', '0x10: a\n', '1.0: a\n', 'k: -0\n', 'k: .nan\n', 'k: -.inf\n', 'k: 0o17\n',
  'k: 12345678901234567890\n', 'k: 1e400\n', "k: 'it''s'\n", 'k: "\\u00e9\\n"\n', 'k: [a, {b: 1}, "c"]\n', '[a, b]', '{a: 1}',
  '- a\n- - b\n  - c\n', 'k: &x 1\nl: *x\n', 'k: *x\n', 'k: v\n---\nl: w\n', '<<: {a: 1}\nb: 2\n', 'k: !!str 1\n',
  'k: |\n  text\n', 'k: a\n  b\n', 'k: a #c\n', 'k: a#b\n', 'k:\n', '- \n', 'a: 1\n b: 2\n', 'a: [1, 2\n', 'k: "x\n',
  '? a\n: 1\n', 'k: 2001-12-14\n', 'k: yes\n', 'k: on\n', 'k: 1_000\n', 'k: +12\n', 'k: 012\n', 'k: 1:20\n',
];

/** Five levels of ten aliases each: the `yaml` package refuses to expand them (past its alias count), so the text is unreadable. */
function manyAliases(): string {
  const level = (name: string, previous?: string) =>
    `${name}: &${name}\n${Array.from({ length: 10 }, () => `  - ${previous ? `*${previous}` : 'x'}`).join('\n')}\n`;
  return level('a') + level('b', 'a') + level('c', 'b') + level('d', 'c') + level('e', 'd');
}

function describeText(text: string): string {
  return text.length <= 200 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 200))}… (${text.length} characters)`;
}

function assertSameStream(text: string, label: string): boolean {
  const fast = readYamlStream(text);
  const full = readYamlStream(text, false);
  const context = `${label}: ${describeText(text)}`;
  assert.equal(fast === undefined, full === undefined, `${context}: readable`);
  if (!fast || !full) return false;
  assert.equal(fast.documents.length, full.documents.length, `${context}: documents`);
  fast.documents.forEach((document, index) => {
    const other = full.documents[index];
    assert.deepEqual({ start: document.start, end: document.end, errors: document.errors }, { start: other.start, end: other.end, errors: other.errors }, context);
    assert.ok(sameJson(document.value as JsonValue, other.value as JsonValue), `${context}: the value`);
  });
  const value = readYamlValue(text);
  const fullValue = readYamlValue(text, false);
  assert.equal(value === undefined, fullValue === undefined, `${context}: read alone`);
  if (value && fullValue) assert.ok(sameJson(value.value as JsonValue, fullValue.value as JsonValue), `${context}: the value alone`);
  return !text.includes('&') && buildFastYamlTree(text, 0)?.errors.length === 0;
}

/** Every line-aligned stretch from a `- ` item line to a later line: what a tool's lines read alone look like. */
function itemSlices(text: string, limit: number): string[] {
  const lines = text.split('\n');
  const slices: string[] = [];
  for (let start = 0; start < lines.length && slices.length < limit; start++) {
    if (!/^ *- /.test(lines[start])) continue;
    for (const length of [1, 3, 8, 20]) slices.push(lines.slice(start, start + length).join('\n'));
  }
  return slices;
}

/** What the editor makes of `text`: the plain plans, the deferred plans with their verdicts together, and fix-all. */
function editorOutcome(text: string): { plain: string; deferred: string; verdicts: boolean[]; fixed: string; applied: number } {
  const check = checkDocument(text, { format: 'yaml' }) as DocumentCheck;
  const plain = JSON.stringify(check.preferredFixes().map((fix) => fix.plan.edits));
  const planned = check.planPreferredFixes(undefined, true);
  const deferred = JSON.stringify(planned?.fixes.map((fix) => fix.plan.edits) ?? null);
  const verdicts = planned ? planned.fixes.map((fix) => planned.editor.confirmsTogether?.(fix.plan.edits) ?? true) : [];
  if (planned?.editor.confirmsTogether) verdicts.push(planned.editor.confirmsTogether(planned.fixes.flatMap((fix) => fix.plan.edits)));
  const result = fixAll(text, { format: 'yaml' });
  return { plain, deferred, verdicts, fixed: result.text, applied: result.applied };
}

function withoutFastReadBack<T>(run: () => T): T {
  const backend = backends.yaml!;
  backends.yaml = { ...backend, editor: (text, formatting, deferReadBack) => new YamlEditor(text, formatting, deferReadBack, false) };
  try {
    return run();
  } finally {
    backends.yaml = backend;
  }
}

describe('YAML read-back through the fast reader', () => {
  it('reads every text as the yaml package does, or leaves it to the package', () => {
    let takenFast = 0;
    let total = 0;
    for (const text of [...EDGE_CASES, manyAliases()]) assertSameStream(text, 'edge case');
    assert.equal(readYamlStream(manyAliases()), undefined, 'aliases past the count are unreadable');
    for (const { name, text } of corpus()) {
      const fixed = fixAll(text, { format: 'yaml' }).text;
      for (const candidate of [text, fixed, ...itemSlices(text, 40), ...itemSlices(fixed, 40)]) {
        total++;
        if (assertSameStream(candidate, name)) takenFast++;
      }
    }
    assert.ok(takenFast > total / 3 && takenFast < total, `both readings were exercised (${takenFast} of ${total} fast)`);
  });

  it('plans the same fixes, gives the same verdicts together and the same fix-all as the yaml package alone', () => {
    let verdicts = 0;
    let refusals = 0;
    let fixed = 0;
    for (const { name, text } of corpus()) {
      const fast = editorOutcome(text);
      const full = withoutFastReadBack(() => editorOutcome(text));
      assert.equal(fast.plain, full.plain, `${name}: the plain plans`);
      assert.equal(fast.deferred, full.deferred, `${name}: the deferred plans`);
      assert.deepEqual(fast.verdicts, full.verdicts, `${name}: the verdicts together`);
      assert.equal(fast.fixed, full.fixed, `${name}: the fixed text`);
      assert.equal(fast.applied, full.applied, `${name}: fixes applied`);
      verdicts += fast.verdicts.length;
      refusals += fast.verdicts.filter((verdict) => !verdict).length;
      if (fast.fixed !== text) fixed++;
    }
    assert.ok(verdicts > 100 && refusals > 0 && fixed > 100, `the corpora exercised both verdicts (${verdicts}, ${refusals} no) and fix-all (${fixed} fixed)`);
  });
});
