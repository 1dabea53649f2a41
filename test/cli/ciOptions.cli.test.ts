// The CI options of issue 36 through the built CLI: bulk suppressions (a repository with problems
// adopts the linter in one command and then fails only on new ones), --cache, --stdin and
// --output-file. --changed-since has its own file (it needs git repositories), as do the formats.
// Issue 34: these runs count the elicitation rules' problems in that rule's example documents, so they
// keep only the elicitation rules (--elicitation-only); the whole-document rules are on by default.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import type { Log } from 'sarif';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { builtCliPath, runBuiltCli, type ProcessRun } from './support/cliProcess';
import { runCliInProcess } from './support/cliInProcess';
import { documentWithSteps } from './support/ciDocuments';
import { makeTempTree, removeTree } from './support/tempTree';

const E = ELICITATION_RULE_ID;
const SUPPRESSIONS = 'mcpdesc-lint-suppressions.json';

const trees: string[] = [];
function tree(files: Record<string, string>): string {
  const root = makeTempTree(files);
  trees.push(root);
  return root;
}
// After each test of each describe (a hook at the top of the file would run around the other files
// of this folder's shared process too).
function removeTrees(): void {
  while (trees.length > 0) removeTree(trees.pop()!);
}

function problems(run: ProcessRun): Array<[file: string, line: number, violation: string, severity: string]> {
  return (JSON.parse(run.stdout) as JsonProblem[]).map((p) => [p.file, p.range.start.line + 1, p.violation, p.severity]);
}

function json(root: string, ...args: string[]): Promise<ProcessRun> {
  return runCliInProcess(['--elicitation-only', '--format', 'json', ...args], { cwd: root });
}

describe('bulk suppressions (issue 36)', () => {
  afterEach(removeTrees);
  it('a repository with existing problems adopts the linter in one command, then fails only on new ones', async () => {
    const root = tree({
      'specs/a.mcpdesc.json': documentWithSteps(['nope', 'confirm', 'nope2']),
      'specs/b.mcpdesc.json': documentWithSteps(['authorize']),
      'c.mcpdesc.json': documentWithSteps(['confirm']),
    });
    const before = await json(root);
    assert.equal(before.status, 1);
    assert.deepEqual(problems(before), [
      ['specs/a.mcpdesc.json', 30, 'unknown-declaration', 'error'],
      ['specs/a.mcpdesc.json', 70, 'unknown-declaration', 'error'],
      ['specs/b.mcpdesc.json', 32, 'mode-mismatch', 'error'],
    ]);

    // One command: every error of today is the baseline, and the run passes.
    // Through the real dist/cli.js: the one command a repository runs to adopt the linter.
    const adopt = runBuiltCli(['--elicitation-only', '--suppress-all'], { cwd: root });
    assert.deepEqual(adopt, { status: 0, stdout: '', stderr: '' });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(root, SUPPRESSIONS), 'utf8')), {
      'specs/a.mcpdesc.json': { [`${E}/unknown-declaration`]: { count: 2 } },
      'specs/b.mcpdesc.json': { [`${E}/mode-mismatch`]: { count: 1 } },
    });
    assert.deepEqual(await runCliInProcess(['--elicitation-only'], { cwd: root }), { status: 0, stdout: '', stderr: '' });

    // Lines move (a block above every finding): counts do not move, nothing shows.
    fs.writeFileSync(path.join(root, 'specs/a.mcpdesc.json'), documentWithSteps(['nope', 'confirm', 'nope2'], 40));
    assert.deepEqual(await runCliInProcess(['--elicitation-only'], { cwd: root }), { status: 0, stdout: '', stderr: '' });

    // A new problem in a clean file: only it.
    fs.writeFileSync(path.join(root, 'c.mcpdesc.json'), documentWithSteps(['confirm', 'fresh']));
    const newFile = await json(root);
    assert.equal(newFile.status, 1);
    assert.deepEqual(problems(newFile), [['c.mcpdesc.json', 50, 'unknown-declaration', 'error']]);
    fs.writeFileSync(path.join(root, 'c.mcpdesc.json'), documentWithSteps(['confirm']));

    // One more of a baselined kind in its file: all of that kind are shown (which one is new cannot
    // be told without lines), as ESLint does; the other files stay quiet.
    fs.writeFileSync(path.join(root, 'specs/a.mcpdesc.json'), documentWithSteps(['nope', 'confirm', 'nope2', 'nope3'], 40));
    const more = await json(root);
    assert.equal(more.status, 1);
    assert.deepEqual(
      problems(more).map(([file, , violation]) => [file, violation]),
      Array(3).fill(['specs/a.mcpdesc.json', 'unknown-declaration']),
    );

    // One fixed: the baseline is stale, which fails the run (2) until it is pruned.
    fs.writeFileSync(path.join(root, 'specs/a.mcpdesc.json'), documentWithSteps(['nope', 'confirm']));
    const stale = await runCliInProcess(['--elicitation-only'], { cwd: root });
    assert.equal(stale.status, 2);
    assert.equal(stale.stdout, '');
    assert.equal(
      stale.stderr,
      `mcpdesc-lint: ${SUPPRESSIONS}: 1 suppressed error no longer occurs (in 1 file); run again with --prune-suppressions to take it off the suppressions file, or pass --pass-on-unpruned-suppressions\n`,
    );
    assert.equal((await runCliInProcess(['--elicitation-only', '--pass-on-unpruned-suppressions'], { cwd: root })).status, 0);
    assert.deepEqual(await runCliInProcess(['--elicitation-only', '--prune-suppressions'], { cwd: root }), {
      status: 0,
      stdout: '',
      stderr: '',
    });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(root, SUPPRESSIONS), 'utf8')), {
      'specs/a.mcpdesc.json': { [`${E}/unknown-declaration`]: { count: 1 } },
      'specs/b.mcpdesc.json': { [`${E}/mode-mismatch`]: { count: 1 } },
    });
    assert.deepEqual(await runCliInProcess(['--elicitation-only'], { cwd: root }), { status: 0, stdout: '', stderr: '' });
  });

  it('--suppress-rule takes a rule or RULE/violation; warnings and syntax errors are never baselined', async () => {
    const root = tree({
      'a.mcpdesc.json': documentWithSteps(['nope', 'authorize']),
      'broken.mcpdesc.json': '{ "mcpdesc": "0.8.0" "tools": [] }',
    });
    const only = await runCliInProcess(['--elicitation-only', '--format', 'json', '--suppress-rule', `${E}/mode-mismatch`], {
      cwd: root,
    });
    assert.equal(only.status, 1);
    assert.deepEqual(
      problems(only).map(([file, , violation]) => [file, violation]),
      [
        ['a.mcpdesc.json', 'unknown-declaration'],
        ['broken.mcpdesc.json', 'syntax-error'],
      ],
    );
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(root, SUPPRESSIONS), 'utf8')), {
      'a.mcpdesc.json': { [`${E}/mode-mismatch`]: { count: 1 } },
    });
    const all = await runCliInProcess(['--elicitation-only', '--format', 'json', '--suppress-all'], { cwd: root });
    assert.deepEqual(problems(all), [['broken.mcpdesc.json', 1, 'syntax-error', 'error']]);
    assert.equal(all.status, 1, 'a syntax error is not adopted');

    fs.rmSync(path.join(root, SUPPRESSIONS));
    const warnings = await runCliInProcess(
      ['--elicitation-only', '--format', 'json', '--rule', `${E}=warning`, '--suppress-all', 'a.mcpdesc.json'],
      {
        cwd: root,
      },
    );
    assert.equal(warnings.status, 0);
    assert.equal(problems(warnings).length, 2, 'warnings are reported, not suppressed');
    assert.equal(fs.readFileSync(path.join(root, SUPPRESSIONS), 'utf8'), '{}\n');
  });

  it('--suppressions-location names the file, for writing and for reading; an unusable one fails the run', async () => {
    const root = tree({ 'a.mcpdesc.json': documentWithSteps(['nope']) });
    assert.equal(
      (
        await runCliInProcess(['--elicitation-only', '--suppress-all', '--suppressions-location', 'ci/baseline.json'], {
          cwd: root,
        })
      ).status,
      0,
    );
    assert.ok(fs.existsSync(path.join(root, 'ci', 'baseline.json')));
    assert.ok(!fs.existsSync(path.join(root, SUPPRESSIONS)));
    assert.equal(
      (await runCliInProcess(['--elicitation-only', '--suppressions-location', 'ci/baseline.json'], { cwd: root })).status,
      0,
    );
    assert.equal(
      (await runCliInProcess(['--elicitation-only'], { cwd: root })).status,
      1,
      'without it, the default file (there is none)',
    );

    fs.writeFileSync(path.join(root, SUPPRESSIONS), '{ "a.mcpdesc.json": { "x/y": { "count": 0 } } }');
    const invalid = await runCliInProcess(['--elicitation-only'], { cwd: root });
    assert.equal(invalid.status, 2);
    assert.match(invalid.stdout, /unknown-declaration|references 'nope'/, 'the problems are still reported');
    assert.equal(
      invalid.stderr,
      `mcpdesc-lint: ${SUPPRESSIONS}: the suppressions file cannot be used: 'a.mcpdesc.json' → 'x/y' must be { "count": N } with N a whole number of at least 1\n`,
    );
  });
});

describe('--cache', () => {
  afterEach(removeTrees);
  const workersOf = (log: string): number =>
    fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0;

  it('a warm run reports what a cold one did and starts no worker; a changed file or configuration is linted again', async () => {
    const files: Record<string, string> = {};
    // Three files, a worker each: enough to tell an edited file from an unchanged one with or without problems.
    for (let index = 0; index < 3; index++)
      files[`specs/doc-${index}.mcpdesc.json`] = documentWithSteps(index % 2 === 0 ? ['confirm', `bad-${index}`] : ['confirm']);
    const root = tree(files);
    const log = path.join(root, '..', `${path.basename(root)}.workers`);
    const run = (...args: string[]): Promise<ProcessRun> =>
      runCliInProcess(['--elicitation-only', '--jobs', '3', '--format', 'json', '--cache', ...args], {
        cwd: root,
        countWorkersIn: log,
      });
    try {
      const cold = await run();
      assert.equal(cold.status, 1);
      assert.equal(problems(cold).length, 2);
      assert.ok(fs.existsSync(path.join(root, '.mcpdesc-lint-cache')));
      assert.equal(workersOf(log), 3, 'a worker per file (--jobs 3)');

      fs.rmSync(log, { force: true });
      const warm = await run();
      assert.deepEqual(warm, cold);
      assert.equal(workersOf(log), 0, 'every result came from the cache');

      // Content changed: the two edited files are checked again (a worker each), and only they.
      fs.writeFileSync(path.join(root, 'specs/doc-1.mcpdesc.json'), documentWithSteps(['confirm', 'new-one']));
      fs.writeFileSync(path.join(root, 'specs/doc-2.mcpdesc.json'), documentWithSteps(['confirm']));
      const edited = await run();
      assert.deepEqual(
        problems(edited).map(([file]) => file),
        ['specs/doc-0.mcpdesc.json', 'specs/doc-1.mcpdesc.json'],
      );
      assert.equal(workersOf(log), 2, 'only the edited files were checked');

      // The same bytes with new times (a fresh checkout): hashed, found unchanged, nothing checked.
      fs.rmSync(log, { force: true });
      const later = new Date(Date.now() + 60_000);
      for (const name of fs.readdirSync(path.join(root, 'specs'))) fs.utimesSync(path.join(root, 'specs', name), later, later);
      assert.deepEqual(await run(), edited);
      assert.equal(workersOf(log), 0);

      // The configuration that applies changed: every file it applies to is linted again.
      fs.rmSync(log, { force: true });
      fs.writeFileSync(path.join(root, 'specs', 'mcpdesc-lint.config.json'), JSON.stringify({ rules: { [E]: 'warning' } }));
      const reconfigured = await run();
      assert.equal(reconfigured.status, 0);
      assert.deepEqual(new Set(problems(reconfigured).map(([, , , severity]) => severity)), new Set(['warning']));
      assert.equal(workersOf(log), 3);

      // A cache file that is not one is a cold start, not a failure (one job: no workers to count here).
      fs.writeFileSync(path.join(root, '.mcpdesc-lint-cache'), '{ not json');
      const oneJob = ['--elicitation-only', '--jobs', '1', '--format', 'json', '--cache'];
      assert.deepEqual(await runCliInProcess(oneJob, { cwd: root }), reconfigured);
    } finally {
      fs.rmSync(log, { force: true });
    }
  });

  it('--cache-location names the file, or a folder to keep it in; --fix still fixes a cached file that has fixes', async () => {
    const root = tree({ 'a.mcpdesc.json': documentWithSteps(['confirm', 'confrim']) });
    // Through the real dist/cli.js: the cache's identity is the running bundle's hash.
    const first = runBuiltCli(['--elicitation-only', '--cache', '--cache-location', 'tmp/cache/'], { cwd: root });
    assert.equal(first.status, 1);
    const kept = fs.readdirSync(path.join(root, 'tmp', 'cache'));
    assert.equal(kept.length, 1);
    assert.match(kept[0], /^\.mcpdesc-lint-cache_[0-9a-f]{16}$/);
    assert.ok(!fs.existsSync(path.join(root, '.mcpdesc-lint-cache')));

    const fixed = await runCliInProcess(['--elicitation-only', '--cache', '--cache-location', 'tmp/cache/', '--fix'], {
      cwd: root,
    });
    assert.deepEqual([fixed.status, fixed.stdout], [0, '']);
    assert.match(
      fs.readFileSync(path.join(root, 'a.mcpdesc.json'), 'utf8'),
      /"declaration": "confirm",[^]*"declaration": "confirm",/,
    );
    // The fixed file's result (clean) is what the cache holds now.
    assert.deepEqual(await runCliInProcess(['--elicitation-only', '--cache', '--cache-location', 'tmp/cache/'], { cwd: root }), {
      status: 0,
      stdout: '',
      stderr: '',
    });

    assert.equal(
      (await runCliInProcess(['--elicitation-only', '--cache', '--cache-location', 'lint.cache'], { cwd: root })).status,
      0,
    );
    assert.ok(fs.statSync(path.join(root, 'lint.cache')).isFile());
  });
});

describe('--stdin and --output-file', () => {
  afterEach(removeTrees);
  function piped(root: string, input: string, ...args: string[]): ProcessRun {
    const run = spawnSync(process.execPath, [builtCliPath(), '--stdin', '--elicitation-only', ...args], {
      cwd: root,
      input,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  }
  function pipedInProcess(root: string, input: string, ...args: string[]): Promise<ProcessRun> {
    return runCliInProcess(['--stdin', '--elicitation-only', ...args], { cwd: root, stdin: input });
  }

  it('lints standard input, named <text> or by --stdin-filename, whose name picks the syntax and the configuration', async () => {
    const root = tree({
      'quiet/mcpdesc-lint.config.json': JSON.stringify({ rules: { [E]: 'off' } }),
      [SUPPRESSIONS]: JSON.stringify({ 'x.mcpdesc.json': { [`${E}/unknown-declaration`]: { count: 1 } } }),
    });
    const text = documentWithSteps(['nope']);
    // Through a real pipe into dist/cli.js once; the names and configurations in-process.
    const unnamed = piped(root, text, '--format', 'json');
    assert.equal(unnamed.status, 1);
    assert.deepEqual(problems(unnamed), [['<text>', 30, 'unknown-declaration', 'error']]);

    // The suppressions file does not apply to piped text (as with ESLint), even named as a baselined file.
    const named = await pipedInProcess(root, text, '--format', 'json', '--stdin-filename', 'x.mcpdesc.json');
    assert.deepEqual(problems(named), [['x.mcpdesc.json', 30, 'unknown-declaration', 'error']]);

    assert.deepEqual(await pipedInProcess(root, text, '--stdin-filename', 'quiet/x.mcpdesc.json'), {
      status: 0,
      stdout: '',
      stderr: '',
    });

    const yaml = await pipedInProcess(root, 'mcpdesc: "0.8.0"\ntools: [\n', '--format', 'json', '--stdin-filename', 'spec.yaml');
    assert.equal(yaml.status, 1);
    assert.deepEqual(
      problems(yaml).map(([file, , violation]) => [file, violation]),
      [['spec.yaml', 'syntax-error']],
      'read as YAML by its name',
    );

    const excluded = await pipedInProcess(root, text, '--exclude', 'vendor/**', '--stdin-filename', 'vendor/x.mcpdesc.json');
    assert.deepEqual(excluded, {
      status: 0,
      stdout: '',
      stderr: 'mcpdesc-lint: warning: vendor/x.mcpdesc.json: not checked, it matches --exclude\n',
    });
  });

  it('-o writes the report to a file (its folders made), and nothing to stdout; the exit status is the same', async () => {
    const root = tree({ 'a.mcpdesc.json': documentWithSteps(['nope']) });
    const run = await runCliInProcess(['--elicitation-only', '--format', 'sarif', '-o', 'reports/lint/out.sarif'], { cwd: root });
    assert.deepEqual([run.status, run.stdout, run.stderr], [1, '', '']);
    const log = JSON.parse(fs.readFileSync(path.join(root, 'reports/lint/out.sarif'), 'utf8')) as Log;
    assert.equal(log.runs[0].results?.[0].ruleId, E);

    fs.writeFileSync(path.join(root, 'taken'), '');
    const blocked = await runCliInProcess(['--elicitation-only', '--output-file', 'taken/out.json'], { cwd: root });
    assert.equal(blocked.status, 2);
    assert.match(blocked.stderr, /^mcpdesc-lint: taken\/out\.json: the report cannot be written: /);
  });
});
