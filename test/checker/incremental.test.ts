// The one-tool shortcut against the full check: after every random edit both must give the same
// diagnostics, and the shortcut must really be taken often enough to be tested.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, composeChanges, IncrementalDocument, LineIndex, type ChangeSpan } from '../../server/src/checker';
import { generateDocument } from '../../bench/generate';
import { SeededRandom } from '../support/random';
import { spanBetween } from '../support/changeSpans';

function prng(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

interface Edit {
  text: string;
  change: ChangeSpan;
}

const TYPED = ['a', 'Z', '1', ' ', '\n', '\r\n', '"', '{', '}', '[', ']', ',', ':', '//x\n', '/*', '*/', 'é', '😀', 'true', 'null'];
const TOGGLES: Array<[string, string]> = [['"accept"', '"decline"'], ['"decline"', '"accept"'], ['"form"', '"url"'], ['"url"', '"form"'], ['true', 'false']];

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
    if (offset >= 0) return { text: text.slice(0, offset) + to + text.slice(offset + from.length), change: { offset, length: from.length, newLength: to.length } };
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


const ITERATIONS = Number(process.env.MCPDESC_DIFF_ITERATIONS ?? 1500);

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
      assert.deepEqual(result.diagnostics, full.diagnostics, `edit ${edits} (document ${documentIndex}) ${JSON.stringify(next.change)}`);
      text = next.text;
      if (!full.diagnostics.some((diagnostic) => diagnostic.data.violation === 'syntax-error')) lastClean = text;
    }
  }
  assert.ok(shortcuts > ITERATIONS * 0.15, `the shortcut was taken ${shortcuts} times of ${ITERATIONS}`);
});

test('fixes from an incrementally updated result apply to the new text', () => {
  const text = generateDocument(7, 24_000);
  const incremental = new IncrementalDocument(text, {});
  const at = text.indexOf('"accept"');
  const edited = text.slice(0, at) + '"decline"' + text.slice(at + 8);
  const result = incremental.update(edited, { offset: at, length: 8, newLength: 9 });
  assert.ok(incremental.lastUpdateWasIncremental);
  const full = checkDocument(edited);
  for (const diagnostic of result.diagnostics) {
    assert.deepEqual(result.fixesFor(diagnostic), full.fixesFor(diagnostic));
  }
});

test('composed changes cover both edits', () => {
  const base = 'abcdefghij';
  const first = { offset: 2, length: 3, newLength: 1 }; // cde -> X
  const afterFirst = 'abXfghij';
  const second = { offset: 6, length: 0, newLength: 2 }; // insert YY before i
  const afterSecond = 'abXfghYYij';
  const composed = composeChanges(first, second);
  assert.equal(base.slice(0, composed.offset) + afterSecond.slice(composed.offset, composed.offset + composed.newLength) + base.slice(composed.offset + composed.length), afterSecond);
  assert.equal(afterFirst.length + 2, afterSecond.length);
});

test('the line index follows changes, including CR and LF meeting', () => {
  const cases: Array<[string, ChangeSpan, string]> = [
    ['a\rb', { offset: 2, length: 0, newLength: 1 }, 'a\r\nb'],
    ['a\r\nb', { offset: 2, length: 1, newLength: 0 }, 'a\rb'],
    ['ab\ncd\nef', { offset: 1, length: 4, newLength: 2 }, 'aXY\nef'],
    ['ab\ncd\nef', { offset: 8, length: 0, newLength: 1 }, 'ab\ncd\nef\n'],
  ];
  for (const [before, change, after] of cases) {
    const index = new LineIndex(before);
    index.positionAt(0);
    const moved = index.withChange(after, change);
    const fresh = new LineIndex(after);
    for (let offset = 0; offset <= after.length; offset++) {
      assert.deepEqual(moved.positionAt(offset), fresh.positionAt(offset), `${JSON.stringify(after)} @${offset}`);
    }
  }
});
