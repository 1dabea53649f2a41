// Patterns in requested schemas come from untrusted documents and run against their content, so a
// pattern like ^(a+)+$ must not freeze the server. RE2 (linear time) runs every pattern it can;
// the few it cannot (lookaround, backreferences) run natively under a time limit. Linear is not
// cheap when both the value and the program are long ((a|aa){1,1000} on a 1 MB value), so such
// RE2 runs are time-boxed too; every time-boxed run is charged to the document's budget.
import { RE2JS } from 're2js';
import { runTimeBoxed, TimeLimitError } from './timeBudget';

export interface RegExpLike {
  test(input: string): boolean;
  /** ajv keys compiled patterns by this string: it must differ between patterns. */
  toString(): string;
}

/** Thrown when a pattern exceeds its time limit; the validator reports the value as not checkable. */
export class PatternTimeoutError extends Error {
  constructor(readonly pattern: string) {
    super(`the pattern ${JSON.stringify(pattern)} took too long to evaluate`);
  }
}

const NATIVE_PATTERN_TIME_LIMIT_MS = 100;
/** RE2 steps (value length x program size) below which a run is cheap enough to go unguarded. */
const UNGUARDED_RE2_WORK = 1_000_000;

function timeBoxed(pattern: string, limitMs: number, work: () => boolean): boolean {
  try {
    return runTimeBoxed(work, limitMs, 'the pattern');
  } catch (error) {
    if (error instanceof TimeLimitError) throw new PatternTimeoutError(pattern);
    throw error;
  }
}

export function safeRegExp(pattern: string, flags: string): RegExpLike {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch {
    // Not RE2 syntax: validate it as JavaScript would (this throws for a pattern that is no regex at all).
    const native = new RegExp(pattern, flags);
    return {
      toString: () => `native:/${pattern}/${flags}`,
      test: (input) => timeBoxed(pattern, NATIVE_PATTERN_TIME_LIMIT_MS, () => native.test(input)),
    };
  }
  const programSize = compiled.programSize();
  const run = (input: string) => compiled.matcher(input).find();
  return {
    toString: () => `re2:/${pattern}/${flags}`,
    // Linear, so only the document's budget limits it: a 5 MB value is slow but not catastrophic.
    test: (input) => (input.length * programSize <= UNGUARDED_RE2_WORK ? run(input) : timeBoxed(pattern, Infinity, () => run(input))),
  };
}
// ajv uses `code` only when generating standalone modules, which this project never does.
safeRegExp.code = 'safeRegExp';
