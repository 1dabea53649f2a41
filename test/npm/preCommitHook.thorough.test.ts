// The pre-commit hooks as pre-commit installs and runs them, without pre-commit or the network:
// `npm pack` of this repository (pre-commit runs the prepack build; `npm test` has built dist/
// already, so scripts are skipped here), a global install of the tarball into its own prefix, and
// the hook's entry run on the staged files its `files` pattern selects.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { repoPath } from '../support/repo';

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
  pass_filenames?: boolean;
}

const hooks = parse(fs.readFileSync(repoPath('.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

describe('the pre-commit hooks', () => {
  it('install from `npm pack` of the repository and lint the files their pattern selects', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-pre-commit-'));
    try {
      const packed = JSON.parse(
        execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
          cwd: repoPath(),
          encoding: 'utf8',
        }),
      ) as Array<{ filename: string; files: Array<{ path: string }> }>;
      assert.ok(packed[0].files.some((file) => file.path === 'dist/cli.js'));
      assert.ok(!packed[0].files.some((file) => file.path.startsWith('server/') || file.path.startsWith('node_modules/')));
      const prefix = path.join(work, 'env');
      execFileSync(
        'npm',
        [
          'install',
          '-g',
          '--offline',
          '--no-audit',
          '--no-fund',
          '--prefix',
          prefix,
          '--cache',
          path.join(work, 'cache'),
          path.join(work, packed[0].filename),
        ],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );

      const [named, whole] = [
        hooks.find((hook) => hook.id === 'mcpdesc-lint'),
        hooks.find((hook) => hook.id === 'mcpdesc-lint-all'),
      ];
      assert.ok(named && whole);
      for (const hook of [named, whole]) {
        assert.equal(hook.language, 'node');
        assert.ok(fs.existsSync(path.join(prefix, 'bin', hook.entry)), `${hook.entry} is a bin of the installed package`);
      }

      const project = path.join(work, 'project');
      fs.cpSync(repoPath('test-fixtures', 'workspace'), project, { recursive: true });
      fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "not-an-mcpdesc-document" }\n');
      const staged = [
        'release-bot.mcpdesc.json',
        'changelog-bot.mcpdesc.json',
        'package.json',
        'services/audit.json',
        'README.md',
      ];
      const selected = staged.filter((file) => new RegExp(named.files).test(file));
      assert.deepEqual(
        selected,
        ['release-bot.mcpdesc.json', 'changelog-bot.mcpdesc.json'],
        'package.json is not given to the linter',
      );
      const bin = path.join(prefix, 'bin', named.entry);
      const env = { ...process.env, NO_COLOR: '1' };
      // The example workspace's documents are partial, their problems the elicitation rules': the
      // hook is given that preset as a user gives it in .pre-commit-config.yaml (`args:`, placed
      // before the file names).
      const args = ['--elicitation-only'];
      const run = spawnSync(bin, [...args, ...selected], { cwd: project, encoding: 'utf8', env });
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stdout, /^release-bot\.mcpdesc\.json$/m);
      assert.match(run.stdout, /3 problems \(3 errors, 0 warnings\)/);
      assert.equal(spawnSync(bin, [...args, 'changelog-bot.mcpdesc.json'], { cwd: project, encoding: 'utf8', env }).status, 0);

      assert.equal(whole.pass_filenames, false);
      const all = spawnSync(bin, args, { cwd: project, encoding: 'utf8', env });
      assert.equal(all.status, 1, all.stderr);
      assert.match(all.stdout, /14 problems/, 'the whole tree, documents recognized by content included (services/audit.json)');
      assert.match(all.stdout, /^services\/audit\.json$/m);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
