// The thorough tier's part of the formatters' tests (formatters.test.ts formats 3,000 problems): a
// report of 300,000 problems in one file, where a Math.max over a spread of them overflows the stack.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { palette } from '../../server/src/cli/formatters/colors';
import { formatStylish } from '../../server/src/cli/formatters/stylish';
import { reportOfProblems } from './support/diagnostics';

describe('a stylish message on one line', () => {
  it('a report of 300,000 problems in one file is formatted (no Math.max over a spread of them)', () => {
    assert.match(formatStylish(reportOfProblems(300_000), palette(false)), /\u2716 300000 problems \(300000 errors/);
  });
});
