// The hostile documents too big to commit (test/hostile/support/generatedCases.ts), each checked in a
// child process under a hang guard: no exception, the result the case names, every range inside the
// document, messages of bounded length, and well-formed fixes for a sample of the diagnostics.
// The guard is only a hang detector, generous for slow machines; no timing is asserted.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GENERATED_CASES, ISSUE_32_CASES } from './support/generatedCases';
import { runCaseInChild } from './support/childRun';

/** Generous: a loaded CI machine is several times slower than a laptop. A hang is forever. */
const HANG_GUARD_MS = Number(process.env.MCPDESC_HOSTILE_HANG_GUARD_MS ?? 120_000);
/** Names are cut in messages and value lists are short: no message carries a megabyte along. */
const MAX_MESSAGE_LENGTH = 5_000;

describe('generated hostile documents (checker in a child process)', { concurrency: 2 }, () => {
  for (const hostileCase of [...GENERATED_CASES, ...ISSUE_32_CASES]) {
    it(`${hostileCase.name}: ${hostileCase.about}`, async () => {
      const { report, failure } = await runCaseInChild(['--case', hostileCase.name], { timeoutMs: HANG_GUARD_MS });
      assert.equal(failure, undefined);
      assert.ok(report);
      assert.deepEqual(report.outOfRange, [], 'every range lies inside the document');
      assert.deepEqual(report.expectationProblems, [], JSON.stringify(report.sample));
      assert.deepEqual(report.fixProblems, []);
      assert.ok(report.longestMessage <= MAX_MESSAGE_LENGTH, `a message of ${report.longestMessage} characters`);
    });
  }
});
