// The YAML one-tool shortcut against the full check: after every random edit of a YAML document
// (the YAML fixture corpus, generated documents, documents with anchors, aliases and merge keys)
// both give the same diagnostics, and the shortcut is really taken often enough to be tested. Run by
// both tiers at their own counts (incrementalYaml.test.ts, incrementalYaml.thorough.test.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocument, IncrementalDocument, type ChangeSpan } from '../../server/src/checker';
import { generateDocument } from '../../bench/generate';
import { Random } from '../../bench/random';
import { repoPath } from '../support/repo';
import { spanBetween } from '../support/changeSpans';
import { mergeKeyDocument } from '../yaml/mergeKeyDocuments';
import { buildSpecLike } from '../../bench/specLike';
import { renderShape } from '../../bench/shapes';

interface Edit {
  text: string;
  change: ChangeSpan;
}

export const YAML = { format: 'yaml' as const };
const TYPED = [
  'a',
  'Z',
  '1',
  ' ',
  '  ',
  '\n',
  '\n      ',
  '\n    - ',
  ': ',
  '- ',
  '"',
  "'",
  '#',
  '{',
  '}',
  '[',
  ']',
  ',',
  '&a ',
  '*a',
  '<<: ',
  '|',
  '>-',
  '---',
  'é',
  'true',
  'null',
  '\t',
];
const TOGGLES: Array<[string, string]> = [
  ['accept', 'decline'],
  ['decline', 'accept'],
  ['form', 'url'],
  ['url', 'form'],
  ['true', 'false'],
  ['string', 'number'],
];

function randomEdit(text: string, random: Random): Edit {
  const at = Math.floor(random.next() * (text.length + 1));
  const kind = random.next();
  if (kind < 0.4) {
    // Typing at the end of a line or inside a word: the common case, and the one the shortcut is for.
    const lineEnd = text.indexOf('\n', at);
    const offset = random.next() < 0.5 && lineEnd >= 0 ? (text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd) : at;
    const insert = random.pick(['x', 'ab', ' word', '-', '_2']);
    return { text: text.slice(0, offset) + insert + text.slice(offset), change: { offset, length: 0, newLength: insert.length } };
  }
  if (kind < 0.55) {
    const [from, to] = random.pick(TOGGLES);
    const offset = text.indexOf(from, at);
    if (offset >= 0)
      return {
        text: text.slice(0, offset) + to + text.slice(offset + from.length),
        change: { offset, length: from.length, newLength: to.length },
      };
  }
  if (kind < 0.75) {
    const insert = random.pick(TYPED);
    return { text: text.slice(0, at) + insert + text.slice(at), change: { offset: at, length: 0, newLength: insert.length } };
  }
  if (kind < 0.9) {
    const length = Math.min(text.length - at, 1 + Math.floor(random.next() * 6));
    return { text: text.slice(0, at) + text.slice(at + length), change: { offset: at, length, newLength: 0 } };
  }
  // Paste a piece of the document somewhere else (whole lines or not).
  const from = Math.floor(random.next() * text.length);
  const piece = text.slice(from, from + Math.floor(random.next() * 200));
  return { text: text.slice(0, at) + piece + text.slice(at), change: { offset: at, length: 0, newLength: piece.length } };
}

function yamlFixtures(): string[] {
  const texts: string[] = [];
  for (const kind of ['expected-valid', 'expected-invalid']) {
    const directory = repoPath('test-fixtures', 'yaml', kind);
    for (const name of fs.readdirSync(directory).sort()) {
      if (/\.ya?ml$/.test(name)) texts.push(fs.readFileSync(path.join(directory, name), 'utf8'));
    }
  }
  return texts;
}

/** Documents whose tools use anchors, aliases and merge keys next to tools that do not. */
function withAliases(seed: number): string {
  const base = generateDocument(seed, 40_000, { format: 'yaml' });
  const shared = 'x-shared:\n  confirm: &confirm\n    type: boolean\n  base: &base\n    title: Shared title\n';
  const aliased = base.replace(/\n {6}properties:\n/, '\n      <<: *base\n      properties:\n        shared_flag: *confirm\n');
  return shared + aliased;
}

/**
 * Each edit is checked both ways; returns how often the shortcut was taken. The documents are made
 * when the edits reach them (60 edits each): the fast tier's short run edits only the first, and
 * generating the others would cost it more than its edits.
 */
function agreeOver(documents: Array<() => string>, iterations: number, seed: number): number {
  const made = new Map<number, string>();
  const documentAt = (index: number): string => {
    if (!made.has(index)) made.set(index, documents[index]());
    return made.get(index)!;
  };
  const random = new Random(seed);
  let shortcuts = 0;
  let edits = 0;
  for (let documentIndex = 0; edits < iterations; documentIndex++) {
    let text = documentAt(documentIndex % documents.length);
    const incremental = new IncrementalDocument(text, YAML);
    let lastClean = text;
    for (let step = 0; step < 60 && edits < iterations; step++, edits++) {
      const next =
        random.next() < 0.25 && lastClean !== text
          ? { text: lastClean, change: spanBetween(text, lastClean) }
          : randomEdit(text, random);
      const result = incremental.update(next.text, next.change);
      if (incremental.lastUpdateWasIncremental) shortcuts++;
      const full = checkDocument(next.text, YAML);
      assert.deepEqual(
        result.diagnostics,
        full.diagnostics,
        `edit ${edits} (document ${documentIndex % documents.length}) ${JSON.stringify(next.change)}`,
      );
      text = next.text;
      if (!full.diagnostics.some((diagnostic) => diagnostic.data.violation === 'syntax-error')) lastClean = text;
    }
  }
  return shortcuts;
}

/**
 * The differentials over `iterations` seeded random edits (a smaller count runs a prefix of a larger
 * one's edits): the fast tier runs a hundred (incrementalYaml.test.ts), the thorough tier all 800.
 */
export function yamlDifferentials(iterations: number): void {
  const ITERATIONS = Number(process.env.MCPDESC_DIFF_ITERATIONS ?? iterations);
  test(`YAML incremental and full checks agree over ${ITERATIONS} random edits of generated documents`, () => {
    const texts = [0, 1, 2, 3].map((index) => () => {
      const text = generateDocument(2000 + index, 20_000, { format: 'yaml' });
      return index === 1 ? text.replace(/\n/g, '\r\n') : text;
    });
    const shortcuts = agreeOver(texts, ITERATIONS, 20261201);
    assert.ok(shortcuts > ITERATIONS * 0.2, `the shortcut was taken ${shortcuts} times of ${ITERATIONS}`);
  });

  test('YAML incremental and full checks agree over random edits of the YAML fixtures', () => {
    const fixtures = yamlFixtures();
    assert.ok(fixtures.length > 10);
    // Ten edits a fixture in the thorough tier's 800, proportionally fewer in the fast tier's run.
    agreeOver(
      fixtures.map((text) => () => text),
      Math.max(ITERATIONS / 2, Math.ceil((fixtures.length * ITERATIONS) / 80)),
      7,
    );
  });

  test('YAML incremental and full checks agree over random edits of documents written as PyYAML writes them, anchors and aliases inside tools', () => {
    const texts = [61, 62].map((seed) => () => {
      const text = renderShape(buildSpecLike(seed, 30_000, 0.1).value, 'spec-like', 'yaml');
      assert.ok(/&\w+/.test(text) && /\*\w+/.test(text), `document ${seed} holds anchors and aliases`);
      return text;
    });
    const shortcuts = agreeOver(texts, ITERATIONS / 2, 20261202);
    assert.ok(shortcuts > ITERATIONS * 0.025, `the shortcut was taken ${shortcuts} times of ${ITERATIONS / 2}`);
  });

  test('YAML incremental and full checks agree over random edits of documents with anchors, aliases and merge keys', () => {
    const texts = [() => withAliases(31), () => withAliases(32), () => mergeKeyDocument(3).text, () => mergeKeyDocument(4).text];
    const shortcuts = agreeOver(texts, ITERATIONS / 4, 99);
    assert.ok(shortcuts > 0, 'tools without aliases still take the shortcut');
  });
}
