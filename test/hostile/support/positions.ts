// Positions computed here, independently of the checker's LineIndex, so that range assertions do
// not trust the code under test. Line breaks are \r\n, \r and \n (as LSP); characters are UTF-16.
import type { Position, Range } from '../../../server/src/checker';

export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\r' && text[i + 1] === '\n') i++;
    if (ch === '\r' || ch === '\n') starts.push(i + 1);
  }
  return starts;
}

/** Length of every line, without its line break. */
export function lineLengths(text: string): number[] {
  const starts = lineStarts(text);
  return starts.map((start, index) => {
    let end = index + 1 < starts.length ? starts[index + 1] : text.length;
    if (end > start && text[end - 1] === '\n') end--;
    if (end > start && text[end - 1] === '\r') end--;
    return end - start;
  });
}

export function positionAt(text: string, offset: number, starts = lineStarts(text)): Position {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low, character: offset - starts[low] };
}

export function rangeAt(text: string, offset: number, length: number, starts = lineStarts(text)): Range {
  return { start: positionAt(text, offset, starts), end: positionAt(text, offset + length, starts) };
}

function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/**
 * Why a range is not inside the document, or undefined when it is: 0 <= line < lineCount, the
 * character within that line's length, start not after end, and never between the two code units
 * of a surrogate pair.
 */
export function rangeProblem(
  text: string,
  range: Range,
  lengths = lineLengths(text),
  starts = lineStarts(text),
): string | undefined {
  for (const [name, position] of [
    ['start', range.start],
    ['end', range.end],
  ] as const) {
    if (!Number.isInteger(position.line) || !Number.isInteger(position.character)) return `${name} is not integral`;
    if (position.line < 0 || position.line >= lengths.length)
      return `${name} line ${position.line} outside 0..${lengths.length - 1}`;
    if (position.character < 0 || position.character > lengths[position.line]) {
      return `${name} character ${position.character} outside line ${position.line} (length ${lengths[position.line]})`;
    }
    const offset = starts[position.line] + position.character;
    const before = text.charCodeAt(offset - 1);
    const at = text.charCodeAt(offset);
    if (before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff) return `${name} splits a surrogate pair`;
  }
  if (comparePositions(range.start, range.end) > 0) return 'start is after end';
  return undefined;
}

/** Every diagnostic whose range is not inside the document, described. */
export function rangesOutside(text: string, diagnostics: ReadonlyArray<{ range: Range; message?: unknown }>): string[] {
  const lengths = lineLengths(text);
  const starts = lineStarts(text);
  const problems: string[] = [];
  for (const diagnostic of diagnostics) {
    const problem = rangeProblem(text, diagnostic.range, lengths, starts);
    if (problem) problems.push(`${problem}: ${JSON.stringify(diagnostic.range)} ${String(diagnostic.message).slice(0, 120)}`);
  }
  return problems;
}
