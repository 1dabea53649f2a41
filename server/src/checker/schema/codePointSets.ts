// Character classes as sorted intervals of code points, and the sets ECMA-262's escapes name: what
// both pattern engines share, the translation to RE2 (ecmaToRe2.ts) and the linear-time matcher of
// globs (../recognition/linearRegExp.ts, which reads UTF-16 code units and so stops at U+FFFF).

/** Sorted, disjoint, non-adjacent inclusive intervals. */
export type CodePointSet = Array<[number, number]>;

export const MAX_CODE_POINT = 0x10ffff;

/** ECMA-262 WhiteSpace and LineTerminator: what `\s` matches. */
export const ECMA_SPACE: CodePointSet = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
/** What `.` does not match without the `s` flag. */
export const LINE_TERMINATORS: CodePointSet = normalize([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
export const DIGITS: CodePointSet = [[0x30, 0x39]];
export const WORD: CodePointSet = normalize([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);

/** Any intervals (unsorted, overlapping, empty ones) as a set. */
export function normalize(intervals: CodePointSet): CodePointSet {
  const sorted = intervals.filter(([low, high]) => low <= high).sort((a, b) => a[0] - b[0]);
  const merged: CodePointSet = [];
  for (const [low, high] of sorted) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged;
}

/** Everything from 0 to `max` that is not in `set` (any intervals). */
export function complement(set: CodePointSet, max = MAX_CODE_POINT): CodePointSet {
  const result: CodePointSet = [];
  let next = 0;
  for (const [low, high] of normalize(set)) {
    if (low > next) result.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= max) result.push([next, max]);
  return result;
}
