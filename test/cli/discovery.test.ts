import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { discoverCandidates } from '../../server/src/cli/discovery';
import { makeTempTree, removeTree } from './support/tempTree';

describe('cli discovery', () => {
  let root: string;
  let outside: string;

  before(() => {
    root = makeTempTree({
      'a.mcpdesc.json': '{}',
      'specs/b.json': '{}',
      'specs/deep/c.mcpdesc.yaml': 'mcpdesc: 1',
      'specs/deep/notes.txt': 'x',
      'node_modules/pkg/d.mcpdesc.json': '{}',
      'specs/node_modules/e.mcpdesc.json': '{}',
      '.git/f.mcpdesc.json': '{}',
    });
    outside = makeTempTree({ 'elsewhere.mcpdesc.json': '{}' });
    fs.symlinkSync(outside, path.join(root, 'specs', 'linked-dir'));
    fs.symlinkSync(path.join(root, 'a.mcpdesc.json'), path.join(root, 'specs', 'linked-file.json'));
    fs.symlinkSync(path.join(root, 'missing.json'), path.join(root, 'specs', 'dangling.json'));
  });
  after(() => {
    removeTree(root);
    removeTree(outside);
  });

  const relative = (candidates: { absolutePath: string }[]) => candidates.map((c) => path.relative(root, c.absolutePath));

  it('walks directories in name order, skipping node_modules, .git, links out of the root and dangling links', () => {
    const { candidates, problems } = discoverCandidates([], root);
    assert.deepEqual(problems, []);
    // specs/linked-file.json is the same file as a.mcpdesc.json, so it is listed once, under its own name.
    assert.deepEqual(relative(candidates), [
      'a.mcpdesc.json',
      'specs/b.json',
      'specs/deep/c.mcpdesc.yaml',
      'specs/deep/notes.txt',
    ]);
    assert.ok(candidates.every((c) => !c.explicit && c.realRoot === root));
  });

  it('marks files named on the command line explicit, even when a directory also finds them', () => {
    // Files of a directory come before its subdirectories; specs/linked-file.json leads out of specs/, the root walked.
    const { candidates } = discoverCandidates(['specs', 'specs/b.json', 'node_modules/pkg/d.mcpdesc.json'], root);
    assert.deepEqual(
      candidates.map((c) => [path.relative(root, c.absolutePath), c.explicit, path.relative(root, c.realRoot)]),
      [
        ['specs/b.json', true, 'specs'],
        ['specs/deep/c.mcpdesc.yaml', false, 'specs'],
        ['specs/deep/notes.txt', false, 'specs'],
        ['node_modules/pkg/d.mcpdesc.json', true, ''],
      ],
    );
  });

  it('walks a directory named inside node_modules, but not deeper node_modules', () => {
    assert.deepEqual(relative(discoverCandidates(['node_modules'], root).candidates), ['node_modules/pkg/d.mcpdesc.json']);
  });

  it('expands globs itself, relative to their base, still skipping node_modules', () => {
    assert.deepEqual(relative(discoverCandidates(['specs/**/*.yaml'], root).candidates), ['specs/deep/c.mcpdesc.yaml']);
    assert.deepEqual(relative(discoverCandidates(['*.json'], root).candidates), ['a.mcpdesc.json']);
    assert.deepEqual(relative(discoverCandidates(['**/*.mcpdesc.json'], root).candidates), ['a.mcpdesc.json']);
    assert.deepEqual(relative(discoverCandidates(['specs/{b,x}.json'], root).candidates), ['specs/b.json']);
  });

  it('reports missing paths, globs matching nothing and negated globs, and goes on with the rest', () => {
    const { candidates, problems } = discoverCandidates(['nope.json', 'specs/**/*.yml', '!specs/*.json', 'a.mcpdesc.json'], root);
    assert.deepEqual(relative(candidates), ['a.mcpdesc.json']);
    assert.deepEqual(problems, [
      'nope.json: no such file or directory',
      "No files match the pattern 'specs/**/*.yml'",
      "Negated patterns are not supported ('!specs/*.json'); use --exclude",
    ]);
  });
});
