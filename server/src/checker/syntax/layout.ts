// How the document lays itself out: line break, indentation unit, a line's indentation. Inserted
// text copies these so that a fix looks as if the author had typed it.
import type { FormattingOptions } from '../types';

export function detectEol(text: string): string {
  const match = /\r\n|\n|\r/.exec(text);
  return match ? match[0] : '\n';
}

/**
 * The widest indentation unit a client may ask for. Editors offer 1 to 8; anything far wider is a
 * mistake or an attack (a tabSize of 1e9 made every inserted line a gigabyte and the fix throw).
 */
export const MAX_TAB_SIZE = 32;

/**
 * `formatting` when every fix can use it: tabSize an integer from 1 to MAX_TAB_SIZE and insertSpaces
 * a boolean. Otherwise undefined, and the fixes follow the document's own indentation, as they do
 * when a client sends no options. Every front (server command, notification, library) and every
 * editor goes through this, so no caller can hand the editors an unusable width.
 */
export function usableFormatting(formatting: unknown): FormattingOptions | undefined {
  if (!formatting || typeof formatting !== 'object') return undefined;
  const { tabSize, insertSpaces } = formatting as Partial<Record<keyof FormattingOptions, unknown>>;
  if (typeof tabSize !== 'number' || !Number.isInteger(tabSize) || tabSize < 1 || tabSize > MAX_TAB_SIZE) return undefined;
  if (typeof insertSpaces !== 'boolean') return undefined;
  return { tabSize, insertSpaces };
}

/** The indentation unit: the client's formatting options when given (and usable), else the document's own. */
export function detectIndentUnit(text: string, given?: FormattingOptions): string {
  const formatting = usableFormatting(given);
  if (formatting) return formatting.insertSpaces ? ' '.repeat(formatting.tabSize) : '\t';
  let smallest = 0;
  let seen = 0;
  const pattern = /(?:^|\r\n|\n|\r)([ \t]+)\S/g;
  for (let match = pattern.exec(text); match && seen < 200; match = pattern.exec(text)) {
    const indentation = match[1];
    if (indentation.startsWith('\t')) return '\t';
    if (smallest === 0 || indentation.length < smallest) smallest = indentation.length;
    seen++;
  }
  return ' '.repeat(smallest || 2);
}

export function lineStartOf(text: string, offset: number): number {
  let start = offset;
  while (start > 0) {
    const ch = text.charCodeAt(start - 1);
    if (ch === 10 || ch === 13) break;
    start--;
  }
  return start;
}

/** The leading white space of the line holding `offset`. */
export function indentationAt(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  let end = start;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return text.slice(start, end);
}

/**
 * Whether only white space precedes `offset` on its line. Only the blanks before it are looked at:
 * on a minified document the line is the whole text, and fixes ask this of every node they touch.
 */
export function startsLine(text: string, offset: number): boolean {
  let position = offset;
  while (position > 0 && (text.charCodeAt(position - 1) === 32 || text.charCodeAt(position - 1) === 9)) position--;
  return position === 0 || text.charCodeAt(position - 1) === 10 || text.charCodeAt(position - 1) === 13;
}

/**
 * Re-indents copied lines: every line after the first moves from one base indentation to another.
 * `fromIndent` is asked for only when the source has several lines (finding it scans back to the
 * line's start: the whole text of a minified document).
 */
export function reindent(source: string, fromIndent: string | (() => string), toIndent: string, eol: string): string {
  if (!/[\r\n]/.test(source)) return source;
  const from = typeof fromIndent === 'string' ? fromIndent : fromIndent();
  return reindentLines(source, from, toIndent, eol);
}

function reindentLines(source: string, fromIndent: string, toIndent: string, eol: string): string {
  const lines = source.split(/\r\n|\n|\r/);
  return lines
    .map((line, index) => (index > 0 && line.startsWith(fromIndent) ? toIndent + line.slice(fromIndent.length) : line))
    .join(eol);
}

/** The first offset from `offset` that is not a space or a tab (a line's blanks, for both editors). */
export function pastBlanks(text: string, offset: number): number {
  let position = offset;
  while (position < text.length && (text[position] === ' ' || text[position] === '\t')) position++;
  return position;
}
