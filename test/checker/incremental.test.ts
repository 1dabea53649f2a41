// The one-tool shortcut against the full check: after every random edit both must give the same
// diagnostics, and the shortcut must really be taken often enough to be tested.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, composeChanges, IncrementalDocument, LineIndex, type ChangeSpan, type CheckResult, type SyntaxNode } from '../../server/src/checker';
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

/** Everything a reader of the tree sees of a node: its place, kind and value, then its children's. */
type NodeShape = [string, number, number, number | undefined, unknown, NodeShape[] | undefined];

function shapeOf(node: SyntaxNode): NodeShape {
  return [node.type, node.offset, node.length, node.colonOffset, node.type === 'object' || node.type === 'array' ? undefined : node.value, node.children?.map(shapeOf)];
}

/** Each diagnostic's fixes, as one value to compare. */
function fixesOf(check: CheckResult): unknown[] {
  return check.diagnostics.map((diagnostic) => check.fixesFor(diagnostic));
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

test('a suppression typed or joined inside a tool takes the shortcut and hides what a full check hides', () => {
  const start = generateDocument(7, 24_000);
  assert.ok(!start.includes('mcpdesc-disable'), 'the document starts without directives');
  const initial = checkDocument(start);
  const target = initial.diagnostics.find((diagnostic) => diagnostic.range.start.line > 20 && diagnostic.data.violation !== 'syntax-error');
  assert.ok(target, 'the document has a diagnostic deep inside a tool');
  const lineStart = initial.lines.offsetAt({ line: target.range.start.line, character: 0 });
  const incremental = new IncrementalDocument(start, {});
  let text = start;
  const edit = (next: string, where: string) => {
    const result = incremental.update(next, spanBetween(text, next));
    assert.ok(incremental.lastUpdateWasIncremental, `the shortcut after ${where}`);
    assert.deepEqual(result.diagnostics, checkDocument(next).diagnostics, where);
    text = next;
    return result;
  };
  // Typed a character at a time into an empty comment: the directive is whole only with its last characters.
  const at = (inComment: string) => start.slice(0, lineStart) + `//${inComment}\n` + start.slice(lineStart);
  const directive = ' mcpdesc-disable-next-line';
  for (let typed = 0; typed <= directive.length; typed++) edit(at(directive.slice(0, typed)), `typing ${JSON.stringify(directive.slice(0, typed))}`);
  assert.equal(incremental.result.diagnostics.length, initial.diagnostics.length - 1, 'the typed directive hides the diagnostic below it');
  // Removed, then made whole by deleting what split it: the new directive spans the deletion.
  edit(at(''), 'removing the directive');
  edit(at(' mcpdesc-dis--able-next-line'), 'a split directive');
  assert.equal(incremental.result.diagnostics.length, initial.diagnostics.length, 'a split directive hides nothing');
  edit(at(directive), 'joining the directive');
  assert.equal(incremental.result.diagnostics.length, initial.diagnostics.length - 1, 'the joined directive hides the diagnostic below it');
});

test('a line index moved by a chain of edits answers as a fresh one, and the ones before it still answer for their texts', () => {
  const random = prng(20260602);
  const pieces = ['a', 'bc', '\n', '\r\n', '\r', 'x\ny', ''];
  let text = 'ab\ncd\r\nef\rgh\n\nij';
  let index = new LineIndex(text);
  index.positionAt(0);
  const earlier: Array<[LineIndex, string]> = [];
  let lastOffset = 0;
  for (let step = 0; step < 400; step++) {
    // Mostly on the line of the last edit (the move carries over), sometimes anywhere (it is written out).
    const offset = random() < 0.7 ? Math.max(0, Math.min(text.length, lastOffset - 2 + Math.floor(random() * 5))) : Math.floor(random() * (text.length + 1));
    lastOffset = offset;
    const length = Math.min(text.length - offset, Math.floor(random() * 3));
    const inserted = pieces[Math.floor(random() * pieces.length)];
    const after = text.slice(0, offset) + inserted + text.slice(offset + length);
    earlier.push([index, text]);
    index = index.withChange(after, { offset, length, newLength: inserted.length });
    text = after;
    const fresh = new LineIndex(text);
    assert.equal(index.lineCount, fresh.lineCount, `line count after step ${step}`);
    for (let at = 0; at <= text.length; at++) assert.deepEqual(index.positionAt(at), fresh.positionAt(at), `step ${step} @${at} in ${JSON.stringify(text)}`);
    for (let line = 0; line < fresh.lineCount; line++) {
      assert.equal(index.offsetAt({ line, character: 1 }), fresh.offsetAt({ line, character: 1 }), `step ${step} line ${line}`);
    }
    if (text.length > 60) {
      text = text.slice(0, 30);
      index = new LineIndex(text);
      index.positionAt(0);
    }
  }
  for (const [older, olderText] of earlier) {
    const fresh = new LineIndex(olderText);
    for (let at = 0; at <= olderText.length; at++) assert.deepEqual(older.positionAt(at), fresh.positionAt(at), `an earlier index @${at} in ${JSON.stringify(olderText)}`);
  }
});
