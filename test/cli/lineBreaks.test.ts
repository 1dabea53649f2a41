import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conformLineBreaks, lineBreakOf } from '../../server/src/cli/lineBreaks';
import type { TextEdit } from '../../server/src/checker';

function insertAt(line: number, character: number, newText: string): TextEdit {
  return { range: { start: { line, character }, end: { line, character } }, newText };
}

describe('cli line breaks for --fix', () => {
  it("takes the document's first line break as its style", () => {
    assert.equal(lineBreakOf('{\r\n}\n'), '\r\n');
    assert.equal(lineBreakOf('{\n}\r\n'), '\n');
    assert.equal(lineBreakOf('{\r}'), '\r');
    assert.equal(lineBreakOf('{}'), '\n');
  });

  it('rewrites line breaks of inserted text to CRLF in a CRLF document', () => {
    const text = '{\r\n  "a": 1\r\n}\r\n';
    const [edit] = conformLineBreaks(text, [insertAt(1, 8, ',\n  "b": 2\r\n  ,"c": 3\r')]);
    assert.equal(edit.newText, ',\r\n  "b": 2\r\n  ,"c": 3\r\n');
  });

  it("leaves a '\\n' that completes the document's own '\\r\\n', and a '\\r' that starts one", () => {
    const text = '{\r\n}';
    // Character 2 of line 0 is the offset between the document's '\r' and '\n'.
    const between = { start: { line: 0, character: 2 }, end: { line: 0, character: 2 } };
    assert.equal(conformLineBreaks(text, [{ range: between, newText: '\nX\r' }])[0].newText, '\nX\r');
    // Elsewhere the same characters are line breaks of their own.
    assert.equal(conformLineBreaks(text, [insertAt(0, 1, '\nX\r')])[0].newText, '\r\nX\r\n');
  });

  it('changes nothing in an LF document or for single-line inserts', () => {
    const lf = '{\n  "a": 1\n}\n';
    const edits = [insertAt(1, 8, ',\n  "b": 2'), insertAt(0, 1, ' ')];
    assert.deepEqual(conformLineBreaks(lf, edits), edits);
  });
});
