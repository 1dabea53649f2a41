// --changed-since through the CLI (once through dist/cli.js, the variants in-process), in real git
// repositories: what a pull request changed since its base (commits, staged and unstaged edits, new,
// renamed and untracked files) and the documents whose configuration file changed are linted; nothing
// else is. Each document here has one problem, so the files reported are the files linted.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { runBuiltCli, type ProcessRun } from './support/cliProcess';
import { runCliInProcess } from './support/cliInProcess';
import { documentWithSteps, git, initRepository } from './support/ciDocuments';
import { makeTempTree, removeTree } from './support/tempTree';

const bad = (name: string): string => documentWithSteps(['confirm', name]);

interface Linted {
  status: number | null;
  files: string[];
  stderr: string;
}

/** What a run linted: the first case through dist/cli.js, the variants in-process (the same command; git is a child either way). */
function filesLinted(root: string, ...args: string[]): Promise<Linted> {
  return runCliInProcess(['--format', 'json', ...args], { cwd: root }).then(lintedBy);
}

function lintedBy(run: ProcessRun): Linted {
  const files = [...new Set((JSON.parse(run.stdout || '[]') as JsonProblem[]).map((problem) => problem.file))];
  return { status: run.status, files, stderr: run.stderr };
}

describe('--changed-since', () => {
  let root: string;
  before(() => {
    root = makeTempTree({
      'untouched.mcpdesc.json': bad('u'),
      'committed.mcpdesc.json': bad('c'),
      'staged.mcpdesc.json': bad('s'),
      'unstaged.mcpdesc.json': bad('w'),
      'to-rename.mcpdesc.json': bad('r'),
      'deleted.mcpdesc.json': bad('d'),
      'configured/doc.mcpdesc.json': bad('cfg'),
      'configured/mcpdesc-lint.config.json': JSON.stringify({ rules: { [ELICITATION_RULE_ID]: 'error' } }),
      'other/doc.mcpdesc.json': bad('o'),
      '.gitignore': 'ignored.mcpdesc.json\n',
    });
    initRepository(root);
    git(root, 'checkout', '-q', '-b', 'feature');
    fs.writeFileSync(path.join(root, 'committed.mcpdesc.json'), bad('c2'));
    git(root, 'mv', 'to-rename.mcpdesc.json', 'renamed.mcpdesc.json');
    git(root, 'rm', '-q', 'deleted.mcpdesc.json');
    fs.writeFileSync(
      path.join(root, 'configured/mcpdesc-lint.config.json'),
      JSON.stringify({ rules: { [ELICITATION_RULE_ID]: 'warning' } }),
    );
    git(root, 'commit', '-q', '-am', 'feature');
    // The base moved on after the branch left it: its own changes are not the pull request's.
    git(root, 'checkout', '-q', 'main');
    fs.writeFileSync(path.join(root, 'other/doc.mcpdesc.json'), bad('o2'));
    git(root, 'commit', '-q', '-am', 'main moves on');
    git(root, 'checkout', '-q', 'feature');
    fs.writeFileSync(path.join(root, 'staged.mcpdesc.json'), bad('s2'));
    git(root, 'add', 'staged.mcpdesc.json');
    fs.writeFileSync(path.join(root, 'unstaged.mcpdesc.json'), bad('w2'));
    fs.writeFileSync(path.join(root, 'untracked.mcpdesc.json'), bad('n'));
    fs.writeFileSync(path.join(root, 'ignored.mcpdesc.json'), bad('i'));
  });
  after(() => removeTree(root));

  it('lints what changed since the merge base, in the tree as it is, and the documents whose configuration changed', async () => {
    const run = lintedBy(runBuiltCli(['--format', 'json', '--changed-since', 'main'], { cwd: root }));
    assert.equal(run.stderr, '');
    assert.deepEqual(run.files.sort(), [
      'committed.mcpdesc.json',
      'configured/doc.mcpdesc.json',
      'renamed.mcpdesc.json',
      'staged.mcpdesc.json',
      'unstaged.mcpdesc.json',
      'untracked.mcpdesc.json',
    ]);
    assert.equal(run.status, 1);
    assert.equal(
      (await filesLinted(root)).files.length,
      9,
      'without it, everything (the ignored file too: named by nobody, found by the walk)',
    );
  });

  it('within the paths given, and from a folder below the repository root', async () => {
    assert.deepEqual((await filesLinted(root, '--changed-since', 'main', 'configured', 'other')).files, [
      'configured/doc.mcpdesc.json',
    ]);
    assert.deepEqual((await filesLinted(path.join(root, 'configured'), '--changed-since', 'main')).files, ['doc.mcpdesc.json']);
  });

  it("a revision that is no commit, or a folder outside any repository, fails the run (2) with git's reason", async () => {
    const unknown = await filesLinted(root, '--changed-since', 'no-such-branch');
    assert.equal(unknown.status, 2);
    assert.match(
      unknown.stderr,
      /^mcpdesc-lint: --changed-since no-such-branch: 'no-such-branch' is not a commit of the repository at /,
    );
    const outside = makeTempTree({ 'a.mcpdesc.json': bad('x') });
    try {
      const run = await filesLinted(outside, '--changed-since', 'main');
      assert.equal(run.status, 2);
      assert.match(run.stderr, /^mcpdesc-lint: --changed-since main: git: not a git repository/);
    } finally {
      removeTree(outside);
    }
  });

  it("in a shallow clone with the base fetched alone (a pull request's merge commit), the base itself is compared with", async () => {
    const origin = makeTempTree({ 'a.mcpdesc.json': bad('a'), 'b.mcpdesc.json': bad('b') });
    const clone = `${origin}-clone`;
    try {
      initRepository(origin);
      const base = git(origin, 'rev-parse', 'HEAD').trim();
      fs.writeFileSync(path.join(origin, 'b.mcpdesc.json'), bad('b2'));
      git(origin, 'commit', '-q', '-am', 'change b');
      git(path.dirname(origin), 'clone', '-q', '--depth', '1', `file://${origin}`, clone);
      git(clone, 'fetch', '-q', '--depth', '1', 'origin', base);
      assert.deepEqual((await filesLinted(clone, '--changed-since', base)).files, ['b.mcpdesc.json']);
    } finally {
      removeTree(origin);
      removeTree(clone);
    }
  });
});
