// The differential of remembered RE2 results (patternResults.ts) on many seeds: the fast tier
// (patternResults.test.ts) runs one seed of each.
import { test } from 'node:test';
import { assertFormatVerdicts, assertPatternVerdicts, repeatedValues } from '../support/patternResultsDifferential';

test('format checks and patterns on RE2 give the plain verdicts on repeated values, 40 seeds', () => {
  for (let seed = 100; seed < 140; seed++) {
    const values = repeatedValues(seed, 80, 1_000);
    assertFormatVerdicts(values);
    assertPatternVerdicts(values);
  }
});
