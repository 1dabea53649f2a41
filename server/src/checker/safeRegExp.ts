// Patterns in requested schemas come from untrusted documents and run against their content, so a
// pattern like ^(a+)+$ must not freeze the server. RE2 (linear time) runs every pattern it can;
// the few it cannot (lookaround, backreferences) run natively under a time limit.
import { RE2JS } from 're2js';
import { runInNewContext } from 'node:vm';

export interface RegExpLike {
  test(input: string): boolean;
  /** ajv keys compiled patterns by this string: it must differ between patterns. */
  toString(): string;
}

/** Thrown when a native pattern exceeds its time limit; the validator reports the value as not checkable. */
export class PatternTimeoutError extends Error {
  constructor(readonly pattern: string) {
    super(`the pattern ${JSON.stringify(pattern)} took too long to evaluate`);
  }
}

const NATIVE_PATTERN_TIME_LIMIT_MS = 100;

export function safeRegExp(pattern: string, flags: string): RegExpLike {
  try {
    const compiled = RE2JS.compile(pattern);
    return { test: (input) => compiled.matcher(input).find(), toString: () => `re2:/${pattern}/${flags}` };
  } catch {
    // Not RE2 syntax: validate it as JavaScript would (this throws for a pattern that is no regex at all).
    const native = new RegExp(pattern, flags);
    return {
      toString: () => `native:/${pattern}/${flags}`,
      test(input: string): boolean {
        try {
          return runInNewContext('pattern.test(input)', { pattern: native, input }, { timeout: NATIVE_PATTERN_TIME_LIMIT_MS }) as boolean;
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new PatternTimeoutError(pattern);
          throw error;
        }
      },
    };
  }
}
// ajv uses `code` only when generating standalone modules, which this project never does.
safeRegExp.code = 'safeRegExp';
