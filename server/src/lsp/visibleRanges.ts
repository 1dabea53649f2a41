// The lines of a document its editors show, as the client reports them (VISIBLE_RANGES_NOTIFICATION).
// Malformed params are ignored: the document is then treated as shown nowhere (its first problems).
import { Range } from 'vscode-languageserver';
import type { VisibleRangesParams } from '../../../shared/src/constants';
import type { LineSpan } from './problemCap';

/** More ranges than any editor layout shows (folded regions split a view into several): the rest are ignored. */
const MAX_RANGES = 64;

export function parseVisibleRangesParams(params: unknown): { uri: string; lines: LineSpan[] } | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const { uri, ranges } = params as Partial<VisibleRangesParams>;
  if (typeof uri !== 'string' || !Array.isArray(ranges) || !ranges.every((range) => Range.is(range))) return undefined;
  const lines = ranges.slice(0, MAX_RANGES).map((range) => {
    const [first, last] = [range.start.line, range.end.line].sort((a, b) => a - b);
    return { first, last };
  });
  return { uri, lines };
}
