// The one-tool shortcut against the full check: after every random edit both must give the same
// diagnostics (the first 20 seeded edits here, all 1,500 in incremental.thorough.test.ts), and the
// shortcut must really be taken often enough to be tested; and the pieces it is made of.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, composeChanges, IncrementalDocument, LineIndex, type ChangeSpan } from '../../server/src/checker';
import { generateDocument } from '../../bench/generate';
import { spanBetween } from '../support/changeSpans';
import { agreeOverRandomEdits, prng } from './incrementalDifferential';

agreeOverRandomEdits(20);

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
  assert.equal(
    base.slice(0, composed.offset) +
      afterSecond.slice(composed.offset, composed.offset + composed.newLength) +
      base.slice(composed.offset + composed.length),
    afterSecond,
  );
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
  const target = initial.diagnostics.find(
    (diagnostic) => diagnostic.range.start.line > 20 && diagnostic.data.violation !== 'syntax-error',
  );
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
  for (let typed = 0; typed <= directive.length; typed++)
    edit(at(directive.slice(0, typed)), `typing ${JSON.stringify(directive.slice(0, typed))}`);
  assert.equal(
    incremental.result.diagnostics.length,
    initial.diagnostics.length - 1,
    'the typed directive hides the diagnostic below it',
  );
  // Removed, then made whole by deleting what split it: the new directive spans the deletion.
  edit(at(''), 'removing the directive');
  edit(at(' mcpdesc-dis--able-next-line'), 'a split directive');
  assert.equal(incremental.result.diagnostics.length, initial.diagnostics.length, 'a split directive hides nothing');
  edit(at(directive), 'joining the directive');
  assert.equal(
    incremental.result.diagnostics.length,
    initial.diagnostics.length - 1,
    'the joined directive hides the diagnostic below it',
  );
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
    const offset =
      random() < 0.7
        ? Math.max(0, Math.min(text.length, lastOffset - 2 + Math.floor(random() * 5)))
        : Math.floor(random() * (text.length + 1));
    lastOffset = offset;
    const length = Math.min(text.length - offset, Math.floor(random() * 3));
    const inserted = pieces[Math.floor(random() * pieces.length)];
    const after = text.slice(0, offset) + inserted + text.slice(offset + length);
    earlier.push([index, text]);
    index = index.withChange(after, { offset, length, newLength: inserted.length });
    text = after;
    const fresh = new LineIndex(text);
    assert.equal(index.lineCount, fresh.lineCount, `line count after step ${step}`);
    for (let at = 0; at <= text.length; at++)
      assert.deepEqual(index.positionAt(at), fresh.positionAt(at), `step ${step} @${at} in ${JSON.stringify(text)}`);
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
    for (let at = 0; at <= olderText.length; at++)
      assert.deepEqual(older.positionAt(at), fresh.positionAt(at), `an earlier index @${at} in ${JSON.stringify(olderText)}`);
  }
});
