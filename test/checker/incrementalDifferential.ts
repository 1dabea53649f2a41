// The one-tool shortcut against the full check, JSON: after every random edit both must give the
// same diagnostics, and the shortcut must really be taken often enough to be tested. Run by both
// tiers, at their own counts (incremental.test.ts, incremental.thorough.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, IncrementalDocument, type ChangeSpan, type CheckResult, type SyntaxNode } from '../../server/src/checker';
import { generateDocument } from '../../bench/generate';
import { SeededRandom } from '../support/random';
import { spanBetween } from '../support/changeSpans';
import { childrenOf, scalarOf } from '../../server/src/checker/syntax/tree';

export function prng(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

interface Edit {
  text: string;
  change: ChangeSpan;
}

const TYPED = [
  'a',
  'Z',
  '1',
  ' ',
  '\n',
  '\r\n',
  '"',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '//x\n',
  '/*',
  '*/',
  'é',
  '😀',
  'true',
  'null',
];
const TOGGLES: Array<[string, string]> = [
  ['"accept"', '"decline"'],
  ['"decline"', '"accept"'],
  ['"form"', '"url"'],
  ['"url"', '"form"'],
  ['true', 'false'],
];

function randomEdit(text: string, random: () => number): Edit {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const at = Math.floor(random() * (text.length + 1));
  const kind = random();
  if (kind < 0.35) {
    // Typing inside a string value: the common case, and the one the shortcut is for.
    const quote = text.indexOf('"', at);
    const offset = quote < 0 ? at : quote + 1;
    const insert = pick(['x', 'ab', ' ', '-', '_2']);
    return { text: text.slice(0, offset) + insert + text.slice(offset), change: { offset, length: 0, newLength: insert.length } };
  }
  if (kind < 0.5) {
    const [from, to] = pick(TOGGLES);
    const offset = text.indexOf(from, at);
    if (offset >= 0)
      return {
        text: text.slice(0, offset) + to + text.slice(offset + from.length),
        change: { offset, length: from.length, newLength: to.length },
      };
  }
  if (kind < 0.7) {
    const insert = pick(TYPED);
    return { text: text.slice(0, at) + insert + text.slice(at), change: { offset: at, length: 0, newLength: insert.length } };
  }
  if (kind < 0.85) {
    const length = Math.min(text.length - at, 1 + Math.floor(random() * 6));
    return { text: text.slice(0, at) + text.slice(at + length), change: { offset: at, length, newLength: 0 } };
  }
  // Paste a piece of the document somewhere else.
  const from = Math.floor(random() * text.length);
  const piece = text.slice(from, from + Math.floor(random() * 200));
  return { text: text.slice(0, at) + piece + text.slice(at), change: { offset: at, length: 0, newLength: piece.length } };
}

/** Everything a reader of the tree sees of a node: its place, kind and value, then its children's. */
type NodeShape = [string, number, number, number | undefined, unknown, NodeShape[] | undefined];

function shapeOf(node: SyntaxNode): NodeShape {
  return [
    node.type,
    node.offset,
    node.length,
    node.type === 'property' ? node.colonOffset : undefined,
    scalarOf(node),
    node.type === 'object' || node.type === 'array' || node.type === 'property' ? childrenOf(node).map(shapeOf) : undefined,
  ];
}

/** Each diagnostic's fixes, as one value to compare. */
export function fixesOf(check: CheckResult): unknown[] {
  return check.diagnostics.map((diagnostic) => check.fixesFor(diagnostic));
}

/**
 * The differential over `iterations` random edits (seeded: a smaller count runs a prefix of a larger
 * one's edits). The fast tier runs a few hundred (incremental.test.ts), the thorough tier all of them.
 */
export function agreeOverRandomEdits(iterations: number): void {
  const ITERATIONS = Number(process.env.MCPDESC_DIFF_ITERATIONS ?? iterations);
  test(`incremental and full checks agree over ${ITERATIONS} random edits`, () => {
    const random = prng(20261130);
    let shortcuts = 0;
    let edits = 0;
    for (let documentIndex = 0; edits < ITERATIONS; documentIndex++) {
      let text = generateDocument(1000 + documentIndex, 24_000);
      if (documentIndex % 3 === 1) text = text.replace(/\n/g, '\r\n');
      const incremental = new IncrementalDocument(text, {});
      let lastClean = text;
      for (let step = 0; step < 150 && edits < ITERATIONS; step++, edits++) {
        let next: Edit;
        if (random() < 0.25 && lastClean !== text) {
          next = { text: lastClean, change: spanBetween(text, lastClean) };
        } else {
          next = randomEdit(text, random);
        }
        const result = incremental.update(next.text, next.change);
        if (incremental.lastUpdateWasIncremental) shortcuts++;
        const full = checkDocument(next.text);
        const where = `edit ${edits} (document ${documentIndex}) ${JSON.stringify(next.change)}`;
        assert.deepEqual(result.diagnostics, full.diagnostics, where);
        // The shortcut moves the insides of later tools only when the tree is read: read it (through
        // the fixes, or the roots) after a few edits at a time, so that several edits' moves add up.
        const read = random();
        if (read < 0.08) assert.deepEqual(fixesOf(result), fixesOf(full), `fixes after ${where}`);
        else if (read < 0.25) assert.deepEqual(result.roots.map(shapeOf), full.roots.map(shapeOf), `tree after ${where}`);
        text = next.text;
        if (!full.diagnostics.some((diagnostic) => diagnostic.data.violation === 'syntax-error')) lastClean = text;
      }
    }
    assert.ok(shortcuts > ITERATIONS * 0.15, `the shortcut was taken ${shortcuts} times of ${ITERATIONS}`);
  });
}
