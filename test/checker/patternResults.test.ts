// The remembered results of RE2 runs (patternResults.ts) are the runs' results: held to an
// unremembered run on seeded values drawn from a small pool (so that most are repeats, answered
// from memory), for the format checks and for patterns, and past the point where memory is dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rememberingResults } from '../../server/src/checker/schema/patternResults';
import { assertFormatVerdicts, assertPatternVerdicts, repeatedValues } from '../support/patternResultsDifferential';

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
  assert.ok(long.length > 0 && short.size < 40);
  assert.equal(runs, short.size + long.length);
});

test('past what is remembered at most, memory is dropped and answers stay right', () => {
  let runs = 0;
  const plain = (value: string) => value.endsWith('7');
  const remembered = rememberingResults((value) => {
    runs++;
    return plain(value);
  });
  // More distinct values than are remembered (16,384), then the first ones again: run anew.
  for (let i = 0; i < 20_000; i++) assert.equal(remembered(`v${i}`), plain(`v${i}`));
  assert.equal(runs, 20_000);
  for (let i = 0; i < 100; i++) assert.equal(remembered(`v${i}`), plain(`v${i}`));
  assert.equal(runs, 20_100);
});

test('format checks on RE2 give ajv-formats verdicts on repeated values', () => {
  assertFormatVerdicts(repeatedValues(2, 60, 600));
});

test('patterns on RE2 give the engine verdicts on repeated values', () => {
  assertPatternVerdicts(repeatedValues(3, 60, 600));
});
