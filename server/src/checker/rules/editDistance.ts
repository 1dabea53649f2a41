/**
 * Levenshtein distance: insertions, deletions and substitutions of UTF-16 code units. Names come
 * from documents and can be megabytes long; the full table would then take hours, so for long
 * pairs only distances up to LONG_PAIR_BAND are computed exactly (a diagonal band of the table)
 * and anything farther counts as the length of the longer name.
 */
const FULL_TABLE_CELLS = 1_000_000;
const LONG_PAIR_BAND = 2;

/**
 * The candidates nearest `name`, nearest first (ties in the candidates' order), at most `count`:
 * those within 1 edit for names up to 3 characters, 2 up to 5, 3 beyond (a swap of two letters is
 * 2), and never more than `maxEdits`, or equal to it but for case. A typo is a few edits; a name
 * farther than that is another word.
 */
export function closestNames(name: string, candidates: Iterable<string>, count = 3, maxEdits = 3): string[] {
  const lower = name.toLowerCase();
  const near: Array<{ candidate: string; distance: number; order: number }> = [];
  let order = 0;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const longer = Math.max(name.length, candidate.length);
    const limit = Math.min(maxEdits, longer <= 3 ? 1 : longer <= 5 ? 2 : 3);
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (distance <= limit) near.push({ candidate, distance, order: order++ });
  }
  near.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return near.slice(0, count).map((entry) => entry.candidate);
}

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length * b.length <= FULL_TABLE_CELLS) return fullDistance(a, b);
  return bandedDistance(a, b, LONG_PAIR_BAND) ?? Math.max(a.length, b.length);
}

function fullDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The distance when it is at most `band`, else undefined. Only the cells within `band` of the
 * diagonal are kept: row i holds columns j = i - band .. i + band at indices 0 .. 2 * band.
 */
function bandedDistance(a: string, b: string, band: number): number | undefined {
  if (Math.abs(a.length - b.length) > band) return undefined;
  const width = 2 * band + 1;
  const outside = band + 1;
  const cell = (row: number[], i: number, j: number): number => {
    const index = j - i + band;
    return j < 0 || j > b.length || index < 0 || index >= width ? outside : row[index];
  };
  let previous = Array.from({ length: width }, (_, index) => {
    const j = index - band;
    return j >= 0 && j <= b.length ? j : outside;
  });
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(width).fill(outside);
    let best = outside;
    for (let index = 0; index < width; index++) {
      const j = i - band + index;
      if (j < 0 || j > b.length) continue;
      const value =
        j === 0
          ? i
          : Math.min(
              cell(previous, i - 1, j) + 1,
              cell(current, i, j - 1) + 1,
              cell(previous, i - 1, j - 1) + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1),
            );
      current[index] = Math.min(value, outside);
      best = Math.min(best, current[index]);
    }
    if (best > band) return undefined;
    previous = current;
  }
  const distance = cell(previous, a.length, b.length);
  return distance <= band ? distance : undefined;
}
