import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conformLineBreaks, lineBreakOf } from '../../server/src/host/lineBreaks';
import type { OffsetEdit } from '../../server/src/checker';

function insertAt(offset: number, newText: string): OffsetEdit {
  return { offset, length: 0, newText };
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
    const [edit] = conformLineBreaks(text, [insertAt(11, ',\n  "b": 2\r\n  ,"c": 3\r')]);
    assert.equal(edit.newText, ',\r\n  "b": 2\r\n  ,"c": 3\r\n');
  });

  it("leaves a '\\n' that completes the document's own '\\r\\n', and a '\\r' that starts one", () => {
    const text = '{\r\n}';
    // Offset 2 is between the document's '\r' and '\n'.
    assert.equal(conformLineBreaks(text, [insertAt(2, '\nX\r')])[0].newText, '\nX\r');
    // Elsewhere the same characters are line breaks of their own.
    assert.equal(conformLineBreaks(text, [insertAt(1, '\nX\r')])[0].newText, '\r\nX\r\n');
  });

  it("rewrites the breaks of a replacement's new text too", () => {
    const text = '{\r\n  "a": 1\r\n}';
    const [edit] = conformLineBreaks(text, [{ offset: 3, length: 8, newText: '  "a": [\n    1\n  ]' }]);
    assert.equal(edit.newText, '  "a": [\r\n    1\r\n  ]');
  });

  it('changes nothing in an LF document or for single-line inserts', () => {
    const lf = '{\n  "a": 1\n}\n';
    const edits = [insertAt(11, ',\n  "b": 2'), insertAt(1, ' ')];
    assert.deepEqual(conformLineBreaks(lf, edits), edits);
  });
});
