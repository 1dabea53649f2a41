// The hostile fixtures through the built CLI (dist/cli.js), as a user would run it on a cloned
// repository: no crash, no internal error, and for every file exactly the diagnostics its
// .expect.json names, at the positions of the text the CLI reads: decoded as editors and the server
// decode it (invalid UTF-8 as U+FFFD, a BOM set aside). A few generated documents too, under a hang guard.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Range } from '../../server/src/checker';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { repoPath } from '../support/repo';
import { expectationProblems, hostileFixtures } from './support/expectations';
import { generatedCase } from './support/generatedCases';
import { apartFromDeclarationValidity } from '../support/ruleScope';

const HANG_GUARD_MS = 120_000;

interface CliDiagnostic {
  file: string;
  code: string;
  severity: string;
  range: Range;
  violation: string;
  message: string;
}

function runCli(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, [repoPath('dist', 'cli.js'), ...args], {
    cwd,
    encoding: 'utf8',
    timeout: HANG_GUARD_MS,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(child.error, undefined, `the CLI did not finish within ${HANG_GUARD_MS} ms`);
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('hostile fixtures through the CLI', () => {
  it('reports every fixture as its .expect.json says, the files that are not UTF-8 too', () => {
    const directory = repoPath('test-fixtures', 'hostile');
    const { status, stdout, stderr } = runCli(['--format', 'json', '.'], directory);
    assert.equal(status, 1, stderr);
    assert.equal(stderr, '');
    const reported = JSON.parse(stdout) as CliDiagnostic[];
    for (const fixture of hostileFixtures(directory)) {
      const decoded = fixture.bytes.toString('utf8');
      const text = decoded.startsWith('\ufeff') ? decoded.slice(1) : decoded;
      const mine = reported.filter((entry) => path.basename(entry.file) === fixture.name);
      assert.deepEqual(expectationProblems(text, fixture.expectation, mine), [], `${fixture.name}: ${fixture.expectation.about}`);
    }
  });

  for (const name of ['nesting-root-objects', 'string-5mb-content', 'catastrophic-backreference-steps']) {
    // In the test's process (runCliInProcess): a case that hung would be ended by the tier's hang guard
    // (scripts/run-tests.mjs) instead of this file's; the fixtures above run the real dist/cli.js.
    it(`answers on the generated case ${name}`, async () => {
      const hostileCase = generatedCase(name);
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-cli-hostile-'));
      fs.writeFileSync(path.join(directory, `${name}.mcpdesc.json`), hostileCase.build());
      const { status, stdout, stderr } = await runCliInProcess(['--format', 'json', '.'], { cwd: directory });
      assert.doesNotMatch(stderr, /internal error/i);
      // The case names the consistency rule's result (support/expectations.ts).
      const all = JSON.parse(stdout) as CliDiagnostic[];
      const reported = apartFromDeclarationValidity(all);
      const violations = reported.map((entry) => entry.violation);
      assert.ok(
        violations.every((violation) => hostileCase.expect.onlyViolations.includes(violation)),
        violations.join(', '),
      );
      if (hostileCase.expect.count !== undefined) assert.equal(violations.length, hostileCase.expect.count);
      // Errors (the declaration-validity rule's too) exit 1; a document with only notices (information) exits 0.
      assert.equal(status, all.some((entry) => entry.severity === 'error' || entry.severity === 'warning') ? 1 : 0, stderr);
    });
  }
});
