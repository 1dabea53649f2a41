// The walk both fronts list files with: ignored folders, symlinks followed only inside the root,
// every real folder entered once and every real file listed once (under its own name first), and
// the same list whether it runs to the end at once (CLI) or yields between folders (server).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { walkFiles, walkFilesYielding } from '../../server/src/host';
import { makeTempTree, removeTree } from '../cli/support/tempTree';

describe('walking a tree for either front', () => {
  let base: string;
  let root: string;
  before(() => {
    base = makeTempTree({
      'root/a.json': '{}',
      'root/specs/b.json': '{}',
      'root/specs/deep/c.yaml': 'x: 1',
      'root/node_modules/pkg/d.json': '{}',
      'root/specs/node_modules/e.json': '{}',
      'root/.git/f.json': '{}',
      'root/vendored/pkg/g.json': '{}',
      'outside/h.json': '{}',
    });
    root = path.join(base, 'root');
    const link = (target: string, at: string) => fs.symlinkSync(target, path.join(root, at));
    link(path.join(base, 'outside'), 'escape');
    link(path.join(base, 'outside', 'h.json'), 'escape-file.json');
    link('/etc/passwd', 'passwd.json');
    link(path.join(root, 'specs'), 'alias-dir');
    link(path.join(root, 'a.json'), 'specs/alias-file.json');
    link(path.join(root, 'specs'), 'specs/deep/loop');
    link(root, 'specs/deep/to-root');
    link(path.join(root, 'node_modules', 'pkg'), 'linked-pkg');
    link(path.join(root, 'missing.json'), 'dangling.json');
    link('self-loop', 'self-loop');
    execFileSync('mkfifo', [path.join(root, 'pipe.json')]);
  });
  after(() => removeTree(base));

  const relative = (files: string[]) => files.map((file) => path.relative(root, file).split(path.sep).join('/'));

  it('lists real files by their own names, then what links inside the root add; nothing outside, no cycle, no FIFO', () => {
    const problems: string[] = [];
    const files = walkFiles(root, { onProblem: (directory) => problems.push(directory) });
    assert.deepEqual(problems, []);
    assert.deepEqual(relative(files), [
      'a.json',
      'specs/b.json',
      'specs/deep/c.yaml',
      'vendored/pkg/g.json',
      'linked-pkg/d.json',
    ]);
  });

  it('gives the same list when it yields between folders, and stops when cancelled', async () => {
    const onProblem = () => undefined;
    assert.deepEqual(await walkFilesYielding(root, { onProblem, isCancelled: () => false }), walkFiles(root, { onProblem }));
    assert.deepEqual(await walkFilesYielding(root, { onProblem, isCancelled: () => true }), []);
  });

  it("hands over each folder's files as it reads them, before the walk goes on", async () => {
    const batches: string[][] = [];
    const files = await walkFilesYielding(root, {
      onProblem: () => undefined,
      isCancelled: () => false,
      onFiles: (found) => batches.push(relative(found)),
    });
    assert.deepEqual(batches, [
      ['a.json'],
      ['specs/b.json'],
      ['specs/deep/c.yaml'],
      ['vendored/pkg/g.json'],
      ['linked-pkg/d.json'],
    ]);
    assert.deepEqual(batches.flat(), relative(files));
  });

  it('asks which files are wanted and which folders to skip, and a link lists a file not wanted under its own name', () => {
    const files = walkFiles(root, {
      wantsFile: (file) => !file.endsWith(`${path.sep}a.json`),
      skipsDirectory: (directory) => directory === path.join(root, 'vendored'),
      onProblem: () => undefined,
    });
    assert.deepEqual(relative(files), ['specs/b.json', 'specs/deep/c.yaml', 'linked-pkg/d.json', 'specs/alias-file.json']);
  });

  it('walks a root given through a symlink, naming files under it', () => {
    const viaLink = path.join(base, 'root-link');
    fs.symlinkSync(root, viaLink);
    const files = walkFiles(viaLink, { onProblem: () => undefined });
    assert.ok(files.every((file) => file.startsWith(viaLink + path.sep)));
    assert.equal(files.length, 5);
  });

  it('reports a root it cannot list', () => {
    const problems: string[] = [];
    assert.deepEqual(walkFiles(path.join(base, 'nope'), { onProblem: (directory) => problems.push(directory) }), []);
    assert.deepEqual(problems, [path.join(base, 'nope')]);
  });
});
