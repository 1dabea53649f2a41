// The differential of remembered RE2 results (patternResults.ts) against unremembered answers:
// seeded values drawn from a small pool, so that most are repeats answered from memory
// (test/checker/patternResults.test.ts runs a few seeds, patternResults.thorough.test.ts many).
import assert from 'node:assert/strict';
import { fullFormats } from 'ajv-formats/dist/formats';
import { formatCheck } from '../../server/src/checker/schema/boundedFormats';
import { safeRegExp } from '../../server/src/checker/schema/safeRegExp';
import { Random } from '../../bench/random';
import { EXPRESSION_FORMATS } from './boundedFormatsDifferential';

const PIECES = [
  'a',
  'Z',
  '0',
  '9',
  '-',
  '.',
  '_',
  '/',
  ':',
  '@',
  'http://',
  'x.io',
  '2025-11-25',
  'T10:00:00Z',
  ' ',
  'é',
  '😀',
  '%20',
];

/** Patterns of the kinds schemas write (names, prefixes, dates, URLs, character sets, empty). */
export const PATTERNS = ['^[a-z0-9_-]{1,8}$', '^x-', '\\d{4}-\\d{2}', '^(?:http|https)://[^ ]+$', '[😀é]', '^$'];

/** `count` values from a pool of `poolSize` seeded random strings (some past the 128 characters remembered). */
export function repeatedValues(seed: number, poolSize: number, count: number): string[] {
  const random = new Random(seed);
  const pool = Array.from({ length: poolSize }, () => {
    const length = random.int(0, 12) === 0 ? 130 + random.int(0, 20) : random.int(0, 12);
    let value = '';
    while (value.length < length) value += random.pick(PIECES);
    return value;
  });
  return Array.from({ length: count }, () => random.pick(pool));
}

/** Every expression format on RE2 gives ajv-formats' own verdict on each value, repeats included. */
export function assertFormatVerdicts(values: readonly string[]): void {
  for (const name of EXPRESSION_FORMATS) {
    const check = formatCheck(name)!.validate as (value: string) => boolean;
    const definition = (fullFormats as Record<string, unknown>)[name];
    const expression = (definition instanceof RegExp ? definition : (definition as { validate: RegExp }).validate) as RegExp;
    for (const value of values) {
      expression.lastIndex = 0;
      assert.equal(check(value), expression.test(value), `${name} ${JSON.stringify(value)}`);
    }
  }
}

/** Each pattern on RE2 gives the engine's verdict on each value, repeats included. */
export function assertPatternVerdicts(values: readonly string[]): void {
  for (const pattern of PATTERNS) {
    const linear = safeRegExp(pattern, 'u');
    assert.match(String(linear), /^re2:/);
    const native = new RegExp(pattern, 'u');
    for (const value of values) assert.equal(linear.test(value), native.test(value), `${pattern} ${JSON.stringify(value)}`);
  }
}
