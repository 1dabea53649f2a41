// The hostile fixtures through the built CLI (dist/cli.js), as a user would run it on a cloned
// repository: no crash, no internal error, and for every file exactly the diagnostics its
// .expect.json names, at the positions of the text the CLI reads: decoded as editors and the server
// decode it (invalid UTF-8 as U+FFFD, a BOM set aside). A few generated documents too, under a hang guard.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { repoPath } from '../support/repo';
import { itAnswersOnTheGeneratedCase, type CliDiagnostic } from './support/cliGenerated';
import { expectationProblems, hostileFixtures } from './support/expectations';

const HANG_GUARD_MS = 120_000;

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

  // One generated case of each kind the fixtures above lack (deep nesting, a 5 MB string); the
  // catastrophic pattern, a kind the fixtures have, generated at scale in cli.thorough.test.ts.
  for (const name of ['nesting-root-objects', 'string-5mb-content']) itAnswersOnTheGeneratedCase(name);
});
