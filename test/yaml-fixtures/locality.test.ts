// The yardsticks of fixes.test.ts must be able to fail: hand-made edits that damage a line they did
// not need to touch, or touch more than their kind may, are caught.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, type Diagnostic, type TextEdit } from '../../server/src/checker';
import { linesAFixMayTouch } from './support/fixRegions';
import { brokenUntouchedLines, touchedLines } from './support/lineLocality';

const at = (line: number, character: number): { line: number; character: number } => ({ line, character });
const edit = (start: [number, number], end: [number, number], newText: string): TextEdit => ({
  range: { start: at(...start), end: at(...end) },
  newText,
});

describe('untouched lines', () => {
  const text = 'a: 1 # one\n# two\nb: 2\n';

  test('an insertion between lines touches none, and every line survives', () => {
    const edits = [edit([0, 10], [0, 10], '\nc: 3')];
    assert.deepEqual(touchedLines(text, edits), []);
    assert.deepEqual(brokenUntouchedLines(text, 'a: 1 # one\nc: 3\n# two\nb: 2\n', edits), []);
  });

  test('replacing a value touches its line only', () => {
    const edits = [edit([2, 3], [2, 4], '7')];
    assert.deepEqual(touchedLines(text, edits), [2]);
    assert.deepEqual(brokenUntouchedLines(text, 'a: 1 # one\n# two\nb: 7\n', edits), []);
  });

  test('text added at the end of a line, not after a break, touches that line', () => {
    assert.deepEqual(touchedLines(text, [edit([0, 10], [0, 10], ' more')]), [0]);
  });

  test('removing a line break joins the next line to it: that line is broken', () => {
    const edits = [edit([1, 5], [2, 0], ' ')];
    assert.deepEqual(touchedLines(text, edits), []);
    assert.deepEqual(brokenUntouchedLines(text, 'a: 1 # one\n# two b: 2\n', edits), ['line 2: "# two"', 'line 3: "b: 2"']);
  });

  test('CRLF turned into LF is caught', () => {
    const crlf = 'a: 1\r\nb: 2\r\n';
    const edits = [edit([0, 4], [1, 0], '\n')];
    assert.deepEqual(brokenUntouchedLines(crlf, 'a: 1\nb: 2\r\n', edits), ['line 1: "a: 1"']);
  });
});

describe('what a fix may touch', () => {
  const text = [
    'mcpdesc: 0.8.0',
    'tools:',
    '  - name: t',
    '    elicitations:',
    '      - {name: authorize, mode: url, message: m, url: https://a.example/}',
    '    interactionExamples:',
    '      e:',
    '        steps:',
    '          - type: elicitation',
    '            declaration: authorize',
    '            request: {mode: url, message: m, url: https://a.example/}',
    '            # a comment between the members',
    '            response:',
    '              action: accept',
    '              # about the content',
    '              content:',
    '                approved: true',
    '              # after the content',
    '',
  ].join('\n');

  function unexpectedContent(): Diagnostic {
    const diagnostic = checkDocument(text, { format: 'yaml' }).diagnostics.find(
      (candidate) => candidate.data.violation === 'unexpected-content',
    );
    assert.ok(diagnostic);
    return diagnostic;
  }

  test("Remove content may touch the content member's lines and nothing else", () => {
    assert.deepEqual(linesAFixMayTouch(text, unexpectedContent(), 'Remove content'), [15, 16]);
  });

  test('a removal that takes the comment above the member along is caught', () => {
    const greedy = [edit([14, 0], [17, 0], '')];
    const stray = touchedLines(text, greedy).filter(
      (line) => !(linesAFixMayTouch(text, unexpectedContent(), 'Remove content') ?? []).includes(line),
    );
    assert.deepEqual(stray, [14]);
  });

  test("Change to may touch the declaration value's line only; Declare only a flow elicitations sequence (a block one gets new lines)", () => {
    const diagnostic = {
      ...unexpectedContent(),
      data: { violation: 'unknown-declaration' as const, offset: text.indexOf('authorize\n'), length: 'authorize'.length },
    };
    assert.deepEqual(linesAFixMayTouch(text, diagnostic, "Change to 'x'"), [9]);
    assert.deepEqual(linesAFixMayTouch(text, diagnostic, "Declare elicitation 'x' on tool 't'"), []);
    assert.deepEqual(linesAFixMayTouch(text, diagnostic, "Use the request of declaration 'authorize'"), [10]);
    assert.equal(linesAFixMayTouch(text, diagnostic, 'Something else'), undefined);
  });
});
