// Remembered results of RE2 runs on short values. The format's schema runs the same few patterns and
// formats (names, URIs, MIME types) on every tool, and a big document repeats the same short values
// thousands of times: a 10 MB document spent a tenth of what the whole-document rules add in RE2's
// JavaScript engine, on values mostly seen before. A run is a pure function of its value, so a
// remembered result is the result; every caller still charges the run to the document's budget
// (runCharged) exactly as before, hit or miss.
import { detachedString } from '../syntax/detachedString';

/** Only values this short are remembered: a run on them is short, and so is a key. */
const MAX_REMEMBERED_CHARS = 128;
/**
 * Remembered results across every program, at most: beyond it all are dropped and remembering
 * starts again (some 4 MB of keys at the longest; a long-running server sees endless values).
 */
const MAX_REMEMBERED = 16_384;

let remembered = 0;
/** Bumped when every program's results are dropped: each memo clears itself when it sees a new one. */
let generation = 0;

/** `run` with its results on short values remembered (`run` must depend on its value alone). */
export function rememberingResults(run: (value: string) => boolean): (value: string) => boolean {
  let results = new Map<string, boolean>();
  let seenGeneration = generation;
  return (value) => {
    // Anything but a short string runs as it did (ajv gives string formats strings; a caller may not).
    if (typeof value !== 'string' || value.length > MAX_REMEMBERED_CHARS) return run(value);
    if (seenGeneration !== generation) {
      results = new Map();
      seenGeneration = generation;
    }
    const known = results.get(value);
    if (known !== undefined) return known;
    const result = run(value);
    if (remembered >= MAX_REMEMBERED) {
      generation++;
      remembered = 0;
      results = new Map();
      seenGeneration = generation;
    }
    // A value read from a document is a slice of its text: a copy, so that the memo never keeps a
    // closed document's text alive.
    results.set(detachedString(value), result);
    remembered++;
    return result;
  };
}

/** Drops every remembered result (tests: to run the plain path). */
export function forgetPatternResults(): void {
  generation++;
  remembered = 0;
}
