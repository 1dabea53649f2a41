// Which lines of a text a set of edits touches, and whether every other line survives them byte for
// byte. A line is touched when an edit replaces or deletes any of its characters, or inserts text
// inside it; text inserted at the very start or end of a line's content, separated from it by a line
// break, leaves the line itself as it was (the new text is new lines, the line is not changed).
import { LineIndex, type TextEdit } from '../../../server/src/checker';

export interface TextLine {
  /** Zero-based. */
  index: number;
  start: number;
  /** End of the content, before the line break. */
  end: number;
  /** The line break ('' on the last line). */
  lineBreak: string;
}

export function linesOf(text: string): TextLine[] {
  const lines: TextLine[] = [];
  const pattern = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    lines.push({ index: lines.length, start, end: match.index, lineBreak: match[0] });
    start = match.index + match[0].length;
  }
  lines.push({ index: lines.length, start, end: text.length, lineBreak: '' });
  return lines;
}

interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

function offsetEdits(text: string, edits: readonly TextEdit[]): OffsetEdit[] {
  const index = new LineIndex(text);
  return edits
    .map((edit) => ({ start: index.offsetAt(edit.range.start), end: index.offsetAt(edit.range.end), newText: edit.newText }))
    .sort((a, b) => a.start - b.start);
}

const BREAK_AT_START = /^(\r\n|\r|\n)/;
const BREAK_AT_END = /(\r\n|\r|\n)$/;

function touches(edit: OffsetEdit, line: TextLine): boolean {
  if (edit.start !== edit.end) return edit.start < line.end && line.start < edit.end;
  if (edit.newText === '') return false;
  if (line.start < edit.start && edit.start < line.end) return true;
  // Text added at the start or end of a line's content is a new line only when a break separates it.
  if (edit.start === line.start && line.start < line.end) return !BREAK_AT_END.test(edit.newText);
  if (edit.start === line.end && line.start < line.end) return !BREAK_AT_START.test(edit.newText);
  return false;
}

/** Zero-based indexes of the lines the edits touch. */
export function touchedLines(text: string, edits: readonly TextEdit[]): number[] {
  const changes = offsetEdits(text, edits);
  return linesOf(text)
    .filter((line) => changes.some((edit) => touches(edit, line)))
    .map((line) => line.index);
}

/**
 * Every untouched line of `before`, found in `after` where the edits move it: the same content, starting
 * a line, and followed by the same line break (a line whose break an edit removed is not intact).
 * Returns the descriptions of the lines that are not.
 */
export function brokenUntouchedLines(before: string, after: string, edits: readonly TextEdit[]): string[] {
  const changes = offsetEdits(before, edits);
  const problems: string[] = [];
  for (const line of linesOf(before)) {
    if (changes.some((edit) => touches(edit, line))) continue;
    const shift = changes
      .filter((edit) => edit.end <= line.start)
      .reduce((sum, edit) => sum + edit.newText.length - (edit.end - edit.start), 0);
    const start = line.start + shift;
    const content = before.slice(line.start, line.end);
    const startsLine = start === 0 || after[start - 1] === '\n' || (after[start - 1] === '\r' && after[start] !== '\n');
    const sameContent = after.slice(start, start + content.length) === content;
    const followedBy = after.slice(start + content.length, start + content.length + 2);
    const sameBreak =
      line.lineBreak === ''
        ? start + content.length === after.length || BREAK_AT_START.test(followedBy)
        : followedBy.startsWith(line.lineBreak) && !(line.lineBreak === '\r' && followedBy === '\r\n');
    if (!startsLine || !sameContent || !sameBreak) problems.push(`line ${line.index + 1}: ${JSON.stringify(content)}`);
  }
  return problems;
}
