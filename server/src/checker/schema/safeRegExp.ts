// Patterns in requested schemas come from untrusted documents and run against their content, so a
// pattern like ^(a+)+$ must not freeze the server. RE2 (linear time) runs every pattern it can, with
// ECMA-262's meaning (ecmaToRe2.ts); the few it cannot (lookaround, backreferences, repeats past
// RE2's limits) run natively under a time limit where the runtime can interrupt them, and are not
// run at all where it cannot (the browser build: timeBudget.ts' canInterrupt). Linear is not cheap
// when both the value and the program are long ((a|aa){1,1000} on a 1 MB value), so such RE2 runs
// are time-boxed too (in the browser, not run past one short step). Every compilation and every run
// is charged to the document's budget: a short one timed, a long one under the watchdog; once the
// budget is spent, none starts. A pattern compiled once is kept for the next schema that has it.
import { RE2JS } from 're2js';
import { NoLinearTranslation } from './ecmaToRe2';
import { translatedToRe2 } from './knownTranslations';
import {
  BUDGET_SPENT,
  canInterrupt,
  NotCheckedError,
  outsideBudget,
  runCharged,
  runTimeBoxed,
  TimeLimitError,
} from '../timeBudget';
import { WeightedLru } from './weightedLru';
import { detachedString } from '../syntax/detachedString';
import { rememberingResults } from './patternResults';

export interface RegExpLike {
  test(input: string): boolean;
  /** ajv keys compiled patterns by this string: it must differ between patterns. */
  toString(): string;
}

/** A pattern as a notice quotes it: cut short, since a document may write megabytes of one. */
function quoted(pattern: string): string {
  const text = JSON.stringify(pattern);
  return text.length > 80 ? `${text.slice(0, 78)}…"` : text;
}

/** Thrown when a pattern exceeds its own time limit; the value is reported as not checked. */
export class PatternTimeoutError extends TimeLimitError {
  constructor(readonly pattern: string) {
    super(`the pattern ${quoted(pattern)}`);
  }
}

/** Thrown where a pattern could only run unbounded (no linear form, or too long a run) and the runtime cannot interrupt it. */
export class PatternNotRunError extends NotCheckedError {
  constructor(pattern: string, why: string) {
    super(`the pattern ${quoted(pattern)} ${why}, which is not run where a check cannot be interrupted (the browser build)`);
  }
}

const NATIVE_PATTERN_TIME_LIMIT_MS = 100;
/** RE2 steps (value length x program size) below which a run is short enough to be timed rather than time-boxed. */
const SHORT_RE2_WORK = 1_000_000;
/**
 * Where work cannot be interrupted, RE2 runs past this many steps are not started: at the slowest
 * rate measured (some 30 million steps a second), a third of a second.
 */
const UNINTERRUPTIBLE_RE2_WORK = 10_000_000;

function timeBoxed(pattern: string, limitMs: number, work: () => boolean): boolean {
  try {
    return runTimeBoxed(work, limitMs, 'the pattern');
  } catch (error) {
    if (error instanceof TimeLimitError && error.reason !== BUDGET_SPENT) throw new PatternTimeoutError(pattern);
    throw error;
  }
}

/** The RE2 program with `pattern`'s ECMA-262 meaning, or undefined when there is none. */
function linearProgram(pattern: string, flags: string): RE2JS | undefined {
  let translated: string;
  try {
    translated = translatedToRe2(pattern, flags);
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

interface Compiled {
  native: RegExp;
  linear: RE2JS | undefined;
  /** The RE2 program's run, its results on short values remembered (patternResults.ts): one per program. */
  run: ((input: string) => boolean) | undefined;
}

/**
 * Compiled patterns by flags and source: a schema repeating a pattern compiles it once. Weighed in
 * bytes of heap, near enough: an RE2 program takes some 160 bytes an instruction ((a?){999} is
 * 2,002 of them, 320 KB), so the cache keeps a hundred such programs or thousands of ordinary ones.
 */
const compiledPatterns = new WeightedLru<Compiled>(5000, 32_000_000);
const BYTES_PER_RE2_INSTRUCTION = 160;

function compile(pattern: string, flags: string): Compiled {
  const key = `${flags}/${pattern}`;
  const known = compiledPatterns.get(key);
  if (known) return known;
  // What the cache keeps must not hold on to a document's text (the pattern may be a slice of it).
  const source = detachedString(pattern);
  // The engine's own parser decides what is a regex (its messages are the ones users know).
  const compiled = runCharged((): Compiled => {
    const native = new RegExp(source, flags);
    const linear = linearProgram(source, flags);
    const run = linear && rememberingResults((input: string) => linear.matcher(input).find());
    return { native, linear, run };
  });
  compiledPatterns.set(
    detachedString(key),
    compiled,
    2 * key.length + BYTES_PER_RE2_INSTRUCTION * (compiled.linear?.programSize() ?? 0),
  );
  return compiled;
}

/**
 * `pattern` as ECMA-262 reads it with `flags` (JSON Schema's patterns: `u`); throws, as the
 * RegExp constructor does, for a pattern that is no such regex, and a NotCheckedError when the
 * document's budget is spent.
 */
export function safeRegExp(pattern: string, flags: string): RegExpLike {
  const { native, linear, run } = compile(pattern, flags);
  if (!linear || !run) {
    return {
      toString: () => `native:/${pattern}/${flags}`,
      test: (input) => {
        if (!canInterrupt)
          throw new PatternNotRunError(pattern, 'needs backtracking (lookaround, backreferences or a long repeat)');
        return timeBoxed(pattern, NATIVE_PATTERN_TIME_LIMIT_MS, () => native.test(input));
      },
    };
  }
  const programSize = linear.programSize();
  return {
    toString: () => `re2:/${pattern}/${flags}`,
    // Linear, so only the document's budget limits it: a 5 MB value is slow but not catastrophic.
    test: (input) => {
      const work = input.length * programSize;
      if (work <= SHORT_RE2_WORK) return runCharged(() => run(input));
      if (canInterrupt) return timeBoxed(pattern, Infinity, () => run(input));
      if (work > UNINTERRUPTIBLE_RE2_WORK)
        throw new PatternNotRunError(pattern, `on a value of ${input.length} characters is long work`);
      return runCharged(() => run(input));
    },
  };
}
// How ajv's standalone code reaches it: the build's precompiled validators of the format's schema
// take it as `runtime.safeRegExp` (formatSchemaAjv.ts' FormatSchemaRuntime).
safeRegExp.code = 'runtime.safeRegExp';

/**
 * Values up to this many characters run natively where an expression costs at most polynomial work
 * (a pattern the product ships, ajv-formats' expressions): even quadratic work on them is microseconds.
 */
export const NATIVE_SHORT_VALUE_CHARS = 1000;

/**
 * A pattern of a schema the product ships (the format's schema, JSON Schema's meta-schemas: never
 * a document's), as their precompiled validators (build/generated/) take it. Values up to
 * NATIVE_SHORT_VALUE_CHARS run natively: ECMA-262's meaning itself, and on such a value at
 * most polynomial work, as none of these patterns repeats a repeat that could match the same text
 * two ways (test/checker/shippedChecks.test.ts lists them). Longer values run through safeRegExp
 * (RE2), made at the first one. Nothing is compiled when the validators are bound: a small
 * document, whose values are all short, costs a fresh process no RE2 program (some 20 ms).
 */
export function shippedPatternRegExp(pattern: string, flags: string): RegExpLike {
  let native: RegExp | undefined;
  let bounded: RegExpLike | undefined;
  return {
    toString: () => `shipped:/${pattern}/${flags}`,
    test: (input) => {
      if (input.length > NATIVE_SHORT_VALUE_CHARS)
        return (bounded ??= outsideBudget(() => safeRegExp(pattern, flags))).test(input);
      const regExp = (native ??= new RegExp(pattern, flags));
      return runCharged(() => regExp.test(input));
    },
  };
}
