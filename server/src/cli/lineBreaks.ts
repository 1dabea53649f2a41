// --fix must leave a CRLF file CRLF: line breaks inside inserted text are rewritten to the document's
// own, without touching a break that the edit merely completes (a '\n' right after an existing '\r').
import { LineIndex } from '../checker/lineIndex';
import type { TextEdit } from '../checker';

export type LineBreak = '\n' | '\r\n' | '\r';

/** The document's first line break (its style), or '\n' for a single-line document. */
export function lineBreakOf(text: string): LineBreak {
  const match = /\r\n|\r|\n/.exec(text);
  return (match?.[0] as LineBreak | undefined) ?? '\n';
}

export function conformLineBreaks(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const lineBreak = lineBreakOf(text);
  const lines = new LineIndex(text);
  return edits.map((edit) => {
    if (!/[\r\n]/.test(edit.newText)) return edit;
    const before = text.charAt(lines.offsetAt(edit.range.start) - 1);
    const after = text.charAt(lines.offsetAt(edit.range.end));
    return { range: edit.range, newText: rewriteBreaks(edit.newText, lineBreak, before, after) };
  });
}

function rewriteBreaks(newText: string, lineBreak: LineBreak, before: string, after: string): string {
  let result = '';
  for (let i = 0; i < newText.length; i++) {
    const ch = newText[i];
    if (ch === '\r' && newText[i + 1] === '\n') {
      result += lineBreak;
      i++;
    } else if (ch === '\n' && i === 0 && before === '\r') {
      result += ch; // completes the document's own '\r\n'
    } else if (ch === '\r' && i === newText.length - 1 && after === '\n') {
      result += ch; // starts the document's own '\r\n'
    } else if (ch === '\r' || ch === '\n') {
      result += lineBreak;
    } else {
      result += ch;
    }
  }
  return result;
}
