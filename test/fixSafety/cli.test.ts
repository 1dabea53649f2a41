// --fix through the built CLI never loses or damages a file (issue 15, items 1, 4, 5 and 8): broken
// steps are left as they are and a second run changes nothing; the file is replaced whole by a
// rename, keeping its mode; a file changed since it was read is left alone (exit 2); a file system
// with no room for the new copy leaves the original intact; untouched line breaks keep their style.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
// The module object itself (not an import-star copy), so that patching it reaches the CLI's calls.
import nodeFs = require('node:fs');
import { runCli, EXIT_TROUBLE } from '../../server/src/cli/run';
import { runBuiltCli } from '../cli/support/cliProcess';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { makeTempTree, removeTree } from '../cli/support/tempTree';
import { ATTACHED, UNATTACHED, twoFixesApart } from './fixAllDocuments';

function fileName(index: number, format: string): string {
  return `case-${index}.mcpdesc.${format}`;
}

/** Lines with their own line breaks. */
function linesOf(text: string): string[] {
  return text.split(/(?<=\r\n|\n|\r(?!\n))/);
}

function isSubsequence(needles: readonly string[], haystack: readonly string[]): boolean {
  let at = 0;
  for (const line of haystack) if (at < needles.length && line === needles[at]) at++;
  return at === needles.length;
}

function loneLineFeeds(text: string): number {
  return (text.match(/(?<!\r)\n/g) ?? []).length;
}

describe('--fix keeps files safe (built dist/cli.js)', () => {
  let root: string;
  before(() => {
    root = makeTempTree({});
  });
  after(() => removeTree(root));

  it('leaves a step whose fix cannot take hold as it is, and a second run changes nothing', async () => {
    UNATTACHED.forEach((document, index) => fs.writeFileSync(path.join(root, fileName(index, document.format)), document.text));
    const names = UNATTACHED.map((document, index) => fileName(index, document.format));
    for (const run of [1, 2]) {
      const fix = await runCliInProcess(['--fix', '--format', 'json', ...names], { cwd: root });
      assert.equal(fix.status, 1, fix.stderr);
      const remaining = (JSON.parse(fix.stdout) as Array<{ file: string; violation: string }>).filter(
        (problem) => problem.violation === 'missing-content',
      );
      assert.equal(remaining.length, UNATTACHED.length, `run ${run}: every case keeps its diagnostic`);
      UNATTACHED.forEach((document, index) => {
        assert.equal(fs.readFileSync(path.join(root, names[index]), 'utf8'), document.text, `run ${run}: ${document.name}`);
      });
    }
  });

  it('a fix that works is written once; a second run changes nothing', async () => {
    const name = 'attached.mcpdesc.json';
    fs.writeFileSync(path.join(root, name), ATTACHED.text);
    await runCliInProcess(['--fix', name], { cwd: root });
    const fixed = fs.readFileSync(path.join(root, name), 'utf8');
    assert.notEqual(fixed, ATTACHED.text);
    assert.equal(fixed.split('"content"').length, 2, 'one content member added');
    await runCliInProcess(['--fix', name], { cwd: root });
    assert.equal(fs.readFileSync(path.join(root, name), 'utf8'), fixed);
  });

  it('replaces the file by a rename, keeping its mode, and leaves no temporary file behind', () => {
    const folder = fs.mkdtempSync(path.join(root, 'mode-'));
    const target = path.join(folder, 'kept.mcpdesc.json');
    fs.writeFileSync(target, twoFixesApart(2));
    fs.chmodSync(target, 0o640);
    const inodeBefore = fs.statSync(target).ino;
    const fix = runBuiltCli(['--fix', 'kept.mcpdesc.json'], { cwd: folder });
    assert.equal(fix.stderr, '');
    const after = fs.statSync(target);
    assert.equal(after.mode & 0o7777, 0o640);
    assert.notEqual(after.ino, inodeBefore, 'a new file was renamed over the original');
    assert.equal(fs.readFileSync(target, 'utf8').split('"content"').length, 3);
    assert.deepEqual(fs.readdirSync(folder), ['kept.mcpdesc.json']);
  });

  it("converts only the inserted text to the file's line-break style, never its own mixed breaks", async () => {
    // CRLF first (the file's style), then LF and CRLF alternating: 30-odd untouched LF lines between the two fixes.
    const mixed = linesOf(twoFixesApart(60))
      .map((line, index) => (index % 2 === 0 ? line.replace(/\n$/, '\r\n') : line))
      .join('');
    const name = 'mixed.mcpdesc.json';
    fs.writeFileSync(path.join(root, name), mixed);
    await runCliInProcess(['--fix', name], { cwd: root });
    const fixed = fs.readFileSync(path.join(root, name), 'utf8');
    assert.equal(fixed.split('"content"').length, 3, 'both fixes applied');
    assert.equal(loneLineFeeds(fixed), loneLineFeeds(mixed), 'no LF line became CRLF');
    const untouched = linesOf(mixed).filter((line) => !line.includes('"response"'));
    assert.ok(isSubsequence(untouched, linesOf(fixed)), 'every untouched line is byte-identical');
  });
});

describe('--fix and a file that changes while it is fixed (in-process CLI)', () => {
  let root: string;
  before(() => {
    root = makeTempTree({});
  });
  after(() => removeTree(root));

  /** One job, so the file is read and fixed on this thread while the call runs (where whileFixing patches fs). */
  async function runFix(cwd: string, args: string[]): Promise<{ status: number; stderr: string }> {
    let stderr = '';
    const status = await runCli(['--fix', '--jobs', '1', ...args], {
      cwd,
      env: {},
      stdoutIsTTY: false,
      writeOut: () => undefined,
      writeErr: (text) => (stderr += text),
    });
    return { status, stderr };
  }

  /**
   * Simulates an editor saving the file between --fix's read and its replacement: when --fix creates
   * its temporary file, `edit` runs first. fs is patched for the duration of one call only.
   */
  function whileFixing<T>(edit: () => void, run: () => T): T {
    const realOpen = nodeFs.openSync;
    let edited = false;
    nodeFs.openSync = ((file: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode | null) => {
      if (!edited && flags === 'wx') {
        edited = true;
        edit();
      }
      return realOpen(file, flags ?? 'r', mode);
    }) as typeof fs.openSync;
    try {
      return run();
    } finally {
      nodeFs.openSync = realOpen;
    }
  }

  for (const [label, edit] of [
    ['an appended line', (target: string) => fs.appendFileSync(target, '\n')],
    [
      'the same size and mtime, other content',
      (target: string) => {
        const { atime, mtime } = fs.statSync(target);
        const text = fs.readFileSync(target, 'utf8');
        fs.writeFileSync(target, text.replace('Approve?', 'Approve!'));
        fs.utimesSync(target, atime, mtime);
      },
    ],
  ] as const) {
    it(`leaves the file alone, says so and exits 2: ${label}`, async () => {
      const name = `${label.replace(/\W+/g, '-')}.mcpdesc.json`;
      const target = path.join(root, name);
      fs.writeFileSync(target, twoFixesApart(1));
      let editedText = '';
      const run = await whileFixing(
        () => {
          edit(target);
          editedText = fs.readFileSync(target, 'utf8');
        },
        () => runFix(root, [name]),
      );
      assert.equal(run.status, EXIT_TROUBLE);
      assert.match(
        run.stderr,
        new RegExp(`${name}: changed while it was being fixed; left as it is, the fixes were not written`),
      );
      assert.ok(editedText.length > 0, 'the edit happened during the run');
      assert.equal(fs.readFileSync(target, 'utf8'), editedText, "the editor's save is kept");
      assert.deepEqual(
        fs.readdirSync(root).filter((file) => file.includes('mcpdesc-fix')),
        [],
      );
    });
  }
});

describe('--fix on a full file system (a 64 KB tmpfs)', () => {
  it('fails with a clear message, exit 2, and the original intact', (t) => {
    if (process.platform !== 'linux' || process.getuid?.() !== 0) {
      t.skip('needs root on Linux to mount a tmpfs');
      return;
    }
    const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-full-'));
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mountPoint], { encoding: 'utf8' });
    if (mount.status !== 0) {
      fs.rmdirSync(mountPoint);
      t.skip(`mount is not permitted here: ${(mount.stderr || String(mount.error)).trim()}`);
      return;
    }
    try {
      // About 40 KB: the file fits, a second copy of it does not.
      const text = twoFixesApart(950);
      assert.ok(text.length > 36_000 && text.length < 48_000, `${text.length} bytes`);
      const target = path.join(mountPoint, 'big.mcpdesc.json');
      fs.writeFileSync(target, text);
      const fix = runBuiltCli(['--fix', 'big.mcpdesc.json'], { cwd: mountPoint });
      assert.equal(fix.status, 2);
      assert.match(fix.stderr, /big\.mcpdesc\.json: cannot write the fixes: no space left on device/);
      assert.equal(fs.readFileSync(target, 'utf8'), text);
      assert.deepEqual(fs.readdirSync(mountPoint), ['big.mcpdesc.json']);
    } finally {
      spawnSync('umount', [mountPoint]);
      fs.rmSync(mountPoint, { recursive: true, force: true });
    }
  });
});
