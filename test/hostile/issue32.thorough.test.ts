// Issue 32's hostile documents (test/hostile/support/generatedCases.ts, ISSUE_32_CASES), built at
// test time and linted by the built CLI (dist/cli.js) as a user would, with --official where the
// case is about the whole-document rules: each run finishes (a hang guard, no timing asserted),
// exits 0 or 1 as its errors say, reports what the case holds or says in a notice what it could not
// check (nothing hidden), and never reports valid content as an error for want of time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoPath } from '../support/repo';
import { ISSUE_32_CASES } from './support/generatedCases';
import { comparedOf, expectationProblems } from './support/caseRunner';

/** Generous: a loaded CI machine is several times slower than a laptop. A hang is forever. */
const HANG_GUARD_MS = Number(process.env.MCPDESC_HOSTILE_HANG_GUARD_MS ?? 180_000);

interface CliDiagnostic {
  code: string;
  severity: string;
  violation: string;
  message: string;
}

describe("issue 32's hostile documents through the CLI", { concurrency: 1 }, () => {
  for (const hostileCase of ISSUE_32_CASES) {
    it(`${hostileCase.name}: ${hostileCase.about}`, () => {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-issue32-'));
      try {
        const file = path.join(directory, `${hostileCase.name}.mcpdesc.json`);
        fs.writeFileSync(file, hostileCase.build());
        const args = ['--no-config', '--format', 'json', hostileCase.official ? '--official' : '--elicitation-only', file];
        const child = spawnSync(process.execPath, [repoPath('dist', 'cli.js'), ...args], {
          encoding: 'utf8',
          timeout: HANG_GUARD_MS,
          maxBuffer: 512 * 1024 * 1024,
          env: { ...process.env, NO_COLOR: '1' },
        });
        assert.equal(child.error, undefined, `the CLI did not finish within ${HANG_GUARD_MS} ms`);
        assert.equal(child.stderr, '');
        const reported = JSON.parse(child.stdout) as CliDiagnostic[];
        assert.deepEqual(
          reported.filter((entry) => entry.violation === 'internal-error'),
          [],
        );
        assert.deepEqual(
          reported.filter((entry) => entry.severity === 'error' && /took too long|could not be checked/.test(entry.message)),
          [],
          'no error for want of time',
        );
        assert.deepEqual(expectationProblems(hostileCase.expect, comparedOf(reported, hostileCase.official === true)), []);
        // Errors exit 1; warnings and notices alone, 0 (issue 34: as the official validator).
        assert.equal(child.status, reported.some((entry) => entry.severity === 'error') ? 1 : 0);
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    });
  }
});
