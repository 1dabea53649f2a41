// The remembered results of RE2 runs (patternResults.ts) are the runs' results: held to an
// unremembered run on seeded values drawn from a small pool (so that most are repeats, answered
// from memory), for the format checks and for patterns, and past the point where memory is dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fullFormats } from 'ajv-formats/dist/formats';
import { rememberingResults } from '../../server/src/checker/schema/patternResults';
import { formatCheck } from '../../server/src/checker/schema/boundedFormats';
import { safeRegExp } from '../../server/src/checker/schema/safeRegExp';
import { Random } from '../../bench/random';
import { EXPRESSION_FORMATS } from '../support/boundedFormatsDifferential';

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

/** `count` values from a pool of `poolSize` seeded random strings (some past the 128 characters remembered). */
function repeatedValues(seed: number, poolSize: number, count: number): string[] {
  const random = new Random(seed);
  const pool = Array.from({ length: poolSize }, () => {
    const length = random.int(0, 12) === 0 ? 130 + random.int(0, 20) : random.int(0, 12);
    let value = '';
    while (value.length < length) value += random.pick(PIECES);
    return value;
  });
  return Array.from({ length: count }, () => random.pick(pool));
}

test('a remembered run answers as the run does, repeats from memory, long values always run', () => {
  let runs = 0;
  const plain = (value: string) => value.length % 3 === 0;
  const remembered = rememberingResults((value) => {
    runs++;
    return plain(value);
  });
  const values = repeatedValues(1, 40, 400);
  for (const value of values) assert.equal(remembered(value), plain(value), JSON.stringify(value));
  const short = new Set(values.filter((value) => value.length <= 128));
  const long = values.filter((value) => value.length > 128);
  assert.equal(runs, short.size + long.length);
});

test('past what is remembered at most, memory is dropped and answers stay right', () => {
  const plain = (value: string) => value.endsWith('7');
  const remembered = rememberingResults(plain);
  // More distinct values than are remembered (16,384), then the first ones again.
  for (let round = 0; round < 2; round++)
    for (let i = 0; i < 20_000; i += round === 0 ? 1 : 97) assert.equal(remembered(`v${i}`), plain(`v${i}`));
});

test('format checks on RE2 give ajv-formats verdicts on repeated values', () => {
  const values = repeatedValues(2, 60, 600);
  for (const name of EXPRESSION_FORMATS) {
    const check = formatCheck(name)!;
    const definition = (fullFormats as Record<string, unknown>)[name];
    const expression = (definition instanceof RegExp ? definition : (definition as { validate: RegExp }).validate) as RegExp;
    for (const value of values) {
      expression.lastIndex = 0;
      assert.equal(
        (check.validate as (value: string) => boolean)(value),
        expression.test(value),
        `${name} ${JSON.stringify(value)}`,
      );
    }
  }
});

test('patterns on RE2 give the engine verdicts on repeated values', () => {
  const values = repeatedValues(3, 60, 600);
  for (const pattern of ['^[a-z0-9_-]{1,8}$', '^x-', '\\d{4}-\\d{2}', '^(?:http|https)://[^ ]+$', '[😀é]', '^$']) {
    const linear = safeRegExp(pattern, 'u');
    assert.match(String(linear), /^re2:/);
    const native = new RegExp(pattern, 'u');
    for (const value of values) assert.equal(linear.test(value), native.test(value), `${pattern} ${JSON.stringify(value)}`);
  }
});
