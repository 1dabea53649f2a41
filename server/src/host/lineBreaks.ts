// --fix must leave a CRLF file CRLF: line breaks inside inserted text are rewritten to the document's
// own, without touching a break that the edit merely completes (a '\n' right after an existing '\r').
// Only the text a fix inserts is rewritten, edit by edit, before fix-all applies it: the file's own
// line breaks, even mixed ones, are never restyled.
import type { OffsetEdit } from '../checker';

export type LineBreak = '\n' | '\r\n' | '\r';

/** The document's first line break (its style), or '\n' for a single-line document. */
export function lineBreakOf(text: string): LineBreak {
  const match = /\r\n|\r|\n/.exec(text);
  return (match?.[0] as LineBreak | undefined) ?? '\n';
}

export function conformLineBreaks(
  text: string,
  edits: readonly OffsetEdit[],
  lineBreak: LineBreak = lineBreakOf(text),
): OffsetEdit[] {
  return edits.map((edit) => {
    if (!/[\r\n]/.test(edit.newText)) return edit;
    const before = text.charAt(edit.offset - 1);
    const after = text.charAt(edit.offset + edit.length);
    return { ...edit, newText: rewriteBreaks(edit.newText, lineBreak, before, after) };
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
