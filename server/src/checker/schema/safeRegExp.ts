// Patterns in requested schemas come from untrusted documents and run against their content, so a
// pattern like ^(a+)+$ must not freeze the server. RE2 (linear time) runs every pattern it can, with
// ECMA-262's meaning (ecmaToRe2.ts); the few it cannot (lookaround, backreferences) run natively
// under a time limit. Linear is not
// cheap when both the value and the program are long ((a|aa){1,1000} on a 1 MB value), so such
// RE2 runs are time-boxed too; every time-boxed run is charged to the document's budget.
import { RE2JS } from 're2js';
import { ecmaToRe2, NoLinearTranslation } from './ecmaToRe2';
import { runTimeBoxed, TimeLimitError } from '../timeBudget';

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

/** The RE2 program with `pattern`'s ECMA-262 meaning, or undefined when there is none. */
function linearProgram(pattern: string, flags: string): RE2JS | undefined {
  let translated: string;
  try {
    translated = ecmaToRe2(pattern, flags);
  } catch (error) {
    // The RegExp constructor accepted it; a parser of another ECMAScript edition may not.
    if (error instanceof NoLinearTranslation || error instanceof SyntaxError) return undefined;
    throw error;
  }
  try {
    return RE2JS.compile(translated);
  } catch {
    return undefined; // past RE2's limits (a repeat count over 1000, deep nesting)
  }
}

/**
 * `pattern` as ECMA-262 reads it with `flags` (JSON Schema's patterns: `u`); throws, as the
 * RegExp constructor does, for a pattern that is no such regex.
 */
export function safeRegExp(pattern: string, flags: string): RegExpLike {
  // The engine's own parser decides what is a regex (its messages are the ones users know).
  const native = new RegExp(pattern, flags);
  const compiled = linearProgram(pattern, flags);
  if (!compiled) {
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
    test: (input) =>
      input.length * programSize <= UNGUARDED_RE2_WORK ? run(input) : timeBoxed(pattern, Infinity, () => run(input)),
  };
}
// ajv uses `code` only when generating standalone modules, which this project never does.
safeRegExp.code = 'safeRegExp';
