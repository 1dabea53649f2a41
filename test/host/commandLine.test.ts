// What the CLI does with a path named on the command line that the host layer will not read:
// a FIFO or a device is refused at once (exit 2, a message), never waited on or read without end;
// a symlink that leads outside is refused without being read; a file that is not valid UTF-8 is
// checked as the editor shows it, but --fix will not write U+FFFD over its bytes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { builtCliPath } from '../cli/support/cliProcess';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { makeTempTree, removeTree } from '../cli/support/tempTree';
import { rulePageInvalidFixture } from '../server/fixtures';
import { SYNTAX_RULE_ID } from '../../shared/src/rules';

/** A hang guard, not a timing: a CLI still running after this is killed, and the run fails. */
const HANG_GUARD_MS = 60_000;

interface Run {
  status: number | null;
  stderr: string;
  stdout: string;
  /** Peak resident memory of the CLI process, in MB. */
  maxRssMB: number;
}

describe('the CLI on paths it must not read', () => {
  let root: string;
  // Preloaded into the CLI: prints its peak memory on the way out, so a test can bound it.
  const reporter = path.join(__dirname, 'support', 'reportRss.js');
  before(() => {
    root = makeTempTree({
      'outside/secret.mcpdesc.json': '{ "mcpdesc": "0.8.0" "x": 1 }\n',
      'tree/ok.mcpdesc.json': '{ "mcpdesc": "0.8.0" }\n',
    });
  });
  after(() => removeTree(root));

  const run = (args: string[], cwd = path.join(root, 'tree')): Run => {
    const child = spawnSync(process.execPath, ['--require', reporter, builtCliPath(), ...args], {
      cwd,
      encoding: 'utf8',
      timeout: HANG_GUARD_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.equal(child.error, undefined, `the CLI did not finish within ${HANG_GUARD_MS} ms`);
    const rss = /MAXRSS_KB=(\d+)/.exec(child.stderr);
    assert.ok(rss, child.stderr);
    return {
      status: child.status,
      stdout: child.stdout,
      stderr: child.stderr.replace(/MAXRSS_KB=\d+\n/, ''),
      maxRssMB: Number(rss[1]) / 1024,
    };
  };

  it('refuses a named pipe at once: exit 2, with a message, not waiting for a writer', () => {
    const fifo = path.join(root, 'tree', 'pipe.mcpdesc.json');
    spawnSync('mkfifo', [fifo]);
    const result = run(['pipe.mcpdesc.json', 'ok.mcpdesc.json']);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /^mcpdesc-lint: pipe\.mcpdesc\.json: cannot read: it is a named pipe, not a regular file$/m);
    fs.rmSync(fifo);
  });

  it('refuses /dev/zero at once with bounded memory (it used to grow by 100 MB a second)', () => {
    const result = run(['/dev/zero']);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /\/dev\/zero: cannot read: it is a character device, not a regular file/);
    assert.ok(result.maxRssMB < 200, `peak memory ${result.maxRssMB.toFixed(0)} MB`);
  });

  // The pipe and the device through dist/cli.js (a process that could wait or grow without end, and its
  // peak memory); the symlink and the stray byte are the host layer's decisions, run in-process.
  const inProcess = (args: string[]) => runCliInProcess(args, { cwd: path.join(root, 'tree') });

  it('refuses a symlink named on the command line that leads outside the current directory, without reading it', async () => {
    const link = path.join(root, 'tree', 'secret-link.mcpdesc.json');
    fs.symlinkSync(path.join(root, 'outside', 'secret.mcpdesc.json'), link);
    const result = await inProcess(['--format', 'json', 'secret-link.mcpdesc.json']);
    assert.equal(result.status, 2, result.stderr);
    assert.match(
      result.stderr,
      /secret-link\.mcpdesc\.json: not read: it is a symbolic link to a file outside the current directory$/m,
    );
    assert.deepEqual(JSON.parse(result.stdout), [], 'its syntax error is not reported: it was not read');
    fs.rmSync(link);
    // Named by its own path, the same file is the user's to check.
    const direct = await inProcess(['--format', 'json', path.join(root, 'outside', 'secret.mcpdesc.json')]);
    assert.equal(direct.status, 1, direct.stderr);
    // Read and checked: its syntax error is reported (beside what the whole-document rules find in the rest).
    const problems = JSON.parse(direct.stdout) as Array<{ code: string; range: { start: { character: number } } }>;
    assert.deepEqual(
      problems.filter((problem) => problem.code === SYNTAX_RULE_ID).map((problem) => problem.range.start.character),
      [21],
    );
  });

  it('checks a file with an invalid byte as decoded, but --fix leaves its bytes alone and says so', async () => {
    const fixture = rulePageInvalidFixture().text;
    const marker = '"Approve';
    assert.ok(fixture.includes(marker));
    const withStrayByte = Buffer.concat([
      Buffer.from(fixture.slice(0, fixture.indexOf(marker) + 1)),
      Buffer.from([0xe9]),
      Buffer.from(fixture.slice(fixture.indexOf(marker) + 1)),
    ]);
    const lossy = path.join(root, 'tree', 'lossy.mcpdesc.json');
    const control = path.join(root, 'tree', 'control.mcpdesc.json');
    fs.writeFileSync(lossy, withStrayByte);
    fs.writeFileSync(control, fixture);

    const fixedControl = await inProcess(['--fix', 'control.mcpdesc.json']);
    assert.notEqual(
      fs.readFileSync(control, 'utf8'),
      fixture,
      `the control document is changed by --fix (${fixedControl.stderr})`,
    );

    const result = await inProcess(['--fix', '--format', 'json', 'lossy.mcpdesc.json']);
    assert.equal(result.status, 2, result.stderr);
    assert.match(
      result.stderr,
      /lossy\.mcpdesc\.json: not fixed: it is not valid UTF-8, and writing the fixes would replace its invalid bytes/,
    );
    assert.deepEqual(fs.readFileSync(lossy), withStrayByte);
    assert.ok((JSON.parse(result.stdout) as unknown[]).length > 0, 'its diagnostics are still reported');
  });
});
