// The composite GitHub Action run as the runner runs it, without GitHub: each step of action.yml in
// order, its `run` given to bash in its working directory, with the env the runner gives a composite
// step (INPUT_* from the step's env block, with the ${{ inputs.* }} and ${{ github.* }} expressions
// filled in, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ACTION_PATH, RUNNER_TEMP).
// From this checkout, the set-up step builds only when dist/cli.js is missing, and `npm test` has
// built it, so nothing is downloaded; a release of the action (scripts/action/package.mjs) is run
// from a clone of its release tag, with an npm on the PATH that fails if it is ever called.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Log } from 'sarif';
import { parse } from 'yaml';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { repoPath } from '../support/repo';
import { documentWithSteps, git, initRepository } from '../cli/support/ciDocuments';

interface ActionStep {
  name: string;
  id?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}

interface ActionManifest {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = parse(fs.readFileSync(repoPath('action.yml'), 'utf8')) as ActionManifest;

interface ActionRun {
  status: number | null;
  stdout: string;
  outputs: Record<string, string>;
  workspace: string;
}

/** What the runner knows of the workflow run: the event's pull request base, where the action comes from. */
interface RunContext {
  actionPath: string;
  baseSha?: string;
  actionRepository?: string;
  actionRef?: string;
  /** Put first on the PATH (a failing npm). */
  binDirectory?: string;
  summaryFile?: string;
}

/** The expressions the action uses, as the runner evaluates them (a default first, then the step's env). */
function evaluate(text: string, inputs: Record<string, string>, context: RunContext, manifest: ActionManifest = action): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'github.action_path') return context.actionPath;
    if (expression === 'github.event.pull_request.base.sha') return context.baseSha ?? '';
    if (expression === 'github.action_repository') return context.actionRepository ?? '';
    if (expression === 'github.action_ref') return context.actionRef ?? '';
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (!input) throw new Error(`the test does not evaluate \${{ ${expression} }}`);
    return inputs[input[1]] ?? evaluate(manifest.inputs[input[1]]?.default ?? '', {}, context, manifest);
  });
}

function runAction(given: Record<string, string>, files: Record<string, string> = {}): ActionRun {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-action-'));
  fs.cpSync(repoPath('test-fixtures', 'workspace'), workspace, { recursive: true });
  // The example workspace holds the elicitation rule's examples, partial on purpose; the expectations
  // below are that rule's, so the copy keeps only the elicitation rules (the whole-document rules
  // are on by default since issue 34, and have their own tests).
  fs.writeFileSync(path.join(workspace, 'mcpdesc-lint.config.json'), '{ "extends": "mcpdesc:elicitation" }\n');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(workspace, name), text);
  return runActionIn(workspace, given, { actionPath: repoPath() });
}

function runActionIn(workspace: string, given: Record<string, string>, context: RunContext): ActionRun {
  const manifest = parse(fs.readFileSync(path.join(context.actionPath, 'action.yml'), 'utf8')) as ActionManifest;
  const outputFile = path.join(workspace, '..', `${path.basename(workspace)}.output`);
  fs.writeFileSync(outputFile, '');
  const runnerTemp = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-runner-temp-'));
  let stdout = '';
  let status: number | null = 0;
  for (const step of manifest.runs.steps) {
    assert.equal(step.shell, 'bash');
    const env: Record<string, string | undefined> = {
      ...process.env,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_ACTION_PATH: context.actionPath,
      GITHUB_STEP_SUMMARY: context.summaryFile,
      GITHUB_SERVER_URL: 'https://github.com',
      RUNNER_TEMP: runnerTemp,
      PATH: context.binDirectory ? `${context.binDirectory}${path.delimiter}${process.env.PATH}` : process.env.PATH,
      NO_COLOR: undefined,
    };
    for (const [name, value] of Object.entries(step.env ?? {})) env[name] = evaluate(value, given, context, manifest);
    const cwd = step['working-directory'] ? evaluate(step['working-directory'], given, context, manifest) : workspace;
    // The runner's bash: `bash --noprofile --norc -eo pipefail {0}`.
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    stdout += run.stdout;
    status = run.status;
    if (status !== 0) break;
  }
  const outputs = Object.fromEntries(
    fs
      .readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  fs.rmSync(outputFile);
  assert.deepEqual(fs.readdirSync(runnerTemp), [], 'the action leaves nothing in RUNNER_TEMP');
  fs.rmSync(runnerTemp, { recursive: true, force: true });
  return { status, stdout, outputs, workspace };
}

function sarifOf(run: ActionRun): Log {
  return JSON.parse(fs.readFileSync(path.join(run.workspace, run.outputs['sarif-file']), 'utf8')) as Log;
}

describe('the GitHub Action', () => {
  it("is a composite action with its inputs (changed-since: the pull request's base) and a SARIF output", () => {
    assert.equal(action.runs.using, 'composite');
    assert.deepEqual(Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default])), {
      paths: '.',
      format: 'github',
      'fail-on': 'error',
      'max-warnings': '',
      'sarif-file': 'mcpdesc-lint.sarif',
      'changed-since': '${{ github.event.pull_request.base.sha }}',
      'suppressions-location': '',
    });
    assert.equal(action.outputs['sarif-file'].value, '${{ steps.lint.outputs.sarif-file }}');
  });

  it('with the defaults: annotates what GitHub shows, logs every problem, writes the SARIF log and fails the step', () => {
    const run = runAction({});
    try {
      assert.equal(run.status, 1, run.stdout);
      const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::error '));
      assert.equal(annotations.length, 10, run.stdout);
      assert.equal(
        run.stdout.split('\n').filter((line) => / error: Elicitation step/.test(line)).length,
        4,
        'the others, as lines',
      );
      assert.match(run.stdout, /^::notice title=mcpdesc-lint::10 of 14 problems are annotations/m);
      assert.ok(
        annotations.includes(
          `::error file=release-bot.mcpdesc.json,line=58,col=30,endLine=58,endColumn=38,title=${ELICITATION_RULE_ID}::Elicitation step references 'missing', but tool 'prepare_release' declares no elicitation named 'missing' (declared: confirm, authorize).`,
        ),
        annotations.join('\n'),
      );
      assert.deepEqual(run.outputs, { 'sarif-file': 'mcpdesc-lint.sarif', errors: '14', warnings: '0' });
      const log = sarifOf(run);
      assert.equal(log.runs[0].results?.length, 14);
      assert.ok(
        log.runs[0].results?.every(
          (result) => result.locations?.[0].physicalLocation?.artifactLocation?.uriBaseId === '%SRCROOT%',
        ),
      );
      assert.ok(!JSON.stringify(log).includes(run.workspace), 'relative to the workspace, which it does not name');
    } finally {
      fs.rmSync(run.workspace, { recursive: true, force: true });
    }
  });

  it('paths one per line (spaces kept), another format and fail-on none: passes, and still writes the log', () => {
    const clean = fs.readFileSync(repoPath('test-fixtures', 'workspace', 'changelog-bot.mcpdesc.json'), 'utf8');
    const run = runAction(
      {
        paths: 'services/audit.json\n  my spec.mcpdesc.json  \n\n',
        format: 'stylish',
        'fail-on': 'none',
        'sarif-file': 'reports/lint.sarif',
      },
      { 'my spec.mcpdesc.json': clean },
    );
    try {
      assert.equal(run.status, 0, run.stdout);
      assert.match(run.stdout, /services\/audit\.json\n\s+27:36\s+error/);
      assert.doesNotMatch(run.stdout, /release-bot/, 'only the paths given');
      assert.deepEqual(run.outputs, { 'sarif-file': 'reports/lint.sarif', errors: '1', warnings: '0' });
      assert.deepEqual(
        sarifOf(run).runs[0].results?.map((result) => result.locations?.[0].physicalLocation?.artifactLocation?.uri),
        ['services/audit.json'],
      );
    } finally {
      fs.rmSync(run.workspace, { recursive: true, force: true });
    }
  });

  it('fail-on error passes on a clean document; a bad input or an unreadable path is a failure of its own (2)', () => {
    const clean = runAction({ paths: 'changelog-bot.mcpdesc.json', 'fail-on': 'error' });
    const badInput = runAction({ 'fail-on': 'sometimes' });
    const missing = runAction({ paths: 'no-such-file.json' });
    try {
      assert.equal(clean.status, 0, clean.stdout);
      assert.equal(clean.stdout, '');
      assert.deepEqual(clean.outputs, { 'sarif-file': 'mcpdesc-lint.sarif', errors: '0', warnings: '0' });
      assert.equal(badInput.status, 2);
      assert.match(badInput.stdout, /^::error title=mcpdesc-lint::fail-on must be error, warning or none, not 'sometimes'$/m);
      assert.equal(missing.status, 2);
      assert.match(missing.stdout, /^::error title=mcpdesc-lint::no-such-file\.json/m);
      assert.equal(sarifOf(missing).runs[0].invocations?.[0].executionSuccessful, false);
    } finally {
      for (const run of [clean, badInput, missing]) fs.rmSync(run.workspace, { recursive: true, force: true });
    }
  });

  it('inputs with a line break write no workflow command and no output of their own', () => {
    const failOn = runAction({ 'fail-on': 'none\n::error file=x,line=1::injected\r\n%0A' });
    const sarifFile = runAction({ 'sarif-file': 'lint.sarif\nerrors=0\nwarnings=0' });
    try {
      assert.equal(failOn.status, 2);
      // Before: the value was echoed raw, and its second line was an annotation of the attacker's.
      assert.deepEqual(
        failOn.stdout.split('\n').filter((line) => /^\s*(::|##\[)/.test(line)),
        [
          "::error title=mcpdesc-lint::fail-on must be error, warning or none, not 'none%0A::error file=x,line=1::injected%0D%0A%250A'",
        ],
      );
      assert.equal(sarifFile.status, 2);
      assert.deepEqual(
        sarifFile.stdout.split('\n').filter((line) => /^\s*(::|##\[)/.test(line)),
        ["::error title=mcpdesc-lint::sarif-file must be one line, not 'lint.sarif%0Aerrors=0%0Awarnings=0'"],
      );
      // Before: the path went to GITHUB_OUTPUT as it was, and its lines set errors and warnings to 0.
      assert.deepEqual(sarifFile.outputs, {});
    } finally {
      for (const run of [failOn, sarifFile]) fs.rmSync(run.workspace, { recursive: true, force: true });
    }
  });
});

describe('a release of the GitHub Action (scripts/action/package.mjs), on a pull request of a real repository', () => {
  let scratch: string;
  let actionPath: string;
  let binDirectory: string;
  let npmCalls: string;
  let origin: string;
  let baseSha: string;

  before(() => {
    scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-release-')));
    // The project's repository, as its releaser has it: the release is committed to a branch of its own, tagged.
    const project = path.join(scratch, 'project');
    fs.mkdirSync(project);
    git(project, 'init', '-q', '-b', 'main');
    execFileSync(
      process.execPath,
      [
        repoPath('scripts', 'action', 'package.mjs'),
        '--out',
        path.join(scratch, 'tree'),
        '--commit',
        'action-release',
        '--tag',
        'v9',
        '--repository',
        project,
      ],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'R',
          GIT_AUTHOR_EMAIL: 'r@example.com',
          GIT_COMMITTER_NAME: 'R',
          GIT_COMMITTER_EMAIL: 'r@example.com',
        },
      },
    );
    // What the runner downloads for `uses: OWNER/REPO@v9`: the tag's tree, and nothing else.
    actionPath = path.join(scratch, 'actions', 'mcpdesc-lint', 'v9');
    git(scratch, 'clone', '-q', '--depth', '1', '--branch', 'v9', `file://${project}`, actionPath);
    fs.rmSync(path.join(actionPath, '.git'), { recursive: true, force: true });
    // An npm that says so when it is called: a release must install and build nothing.
    binDirectory = path.join(scratch, 'bin');
    npmCalls = path.join(scratch, 'npm-calls');
    fs.mkdirSync(binDirectory);
    for (const tool of ['npm', 'npx']) {
      fs.writeFileSync(path.join(binDirectory, tool), `#!/bin/sh\necho "${tool} $*" >> '${npmCalls}'\nexit 1\n`, { mode: 0o755 });
    }

    // The repository linted: main adopted the linter with its problems baselined; a pull request
    // edits one document (a new problem), adds a clean one and leaves the others alone.
    origin = path.join(scratch, 'origin');
    fs.mkdirSync(origin);
    fs.writeFileSync(path.join(origin, 'legacy.mcpdesc.json'), documentWithSteps(['old-1', 'old-2']));
    fs.writeFileSync(path.join(origin, 'edited.mcpdesc.json'), documentWithSteps(['old-3', 'confirm']));
    fs.writeFileSync(path.join(origin, 'untouched.mcpdesc.json'), documentWithSteps(['confirm']));
    initRepository(origin);
    const adopt = spawnSync(process.execPath, [path.join(actionPath, 'dist', 'cli.js'), '--suppress-all'], {
      cwd: origin,
      encoding: 'utf8',
    });
    assert.equal(adopt.status, 0, adopt.stderr);
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'adopt mcpdesc-lint');
    baseSha = git(origin, 'rev-parse', 'HEAD').trim();
    git(origin, 'checkout', '-q', '-b', 'pull-request');
    fs.writeFileSync(path.join(origin, 'edited.mcpdesc.json'), documentWithSteps(['old-3', 'confirm', 'authorize'], 3));
    fs.writeFileSync(path.join(origin, 'added.mcpdesc.json'), documentWithSteps(['confirm']));
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'the pull request');
    git(origin, 'checkout', '-q', 'main');
  });
  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  /** actions/checkout of the pull request: a shallow clone of its head, without the base commit. */
  function checkout(branch: string): string {
    const workspace = fs.mkdtempSync(path.join(scratch, 'workspace-'));
    git(scratch, 'clone', '-q', '--depth', '1', '--branch', branch, `file://${origin}`, workspace);
    return workspace;
  }

  it('holds the prebuilt CLI, self-contained: it runs from the tag alone, with no node_modules anywhere above it', () => {
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: actionPath, encoding: 'utf8' }).trim().split('\n').sort();
    assert.ok(
      files.includes('./dist/cli.js') && files.includes('./dist/checkWorker.js') && files.includes('./action.yml'),
      files.join('\n'),
    );
    assert.ok(!files.some((file) => file.includes('node_modules')));
    for (let directory = actionPath; directory !== path.dirname(directory); directory = path.dirname(directory))
      assert.ok(!fs.existsSync(path.join(directory, 'node_modules')), directory);
    // Every rule, --official (ajv and the format's schema) and two jobs (the worker bundle) included.
    const doc = path.join(scratch, 'official.mcpdesc.json');
    fs.writeFileSync(doc, documentWithSteps(['confirm', 'gone']).replace('"protocolVersions"', '"protocolVersionz"'));
    const released = spawnSync(
      process.execPath,
      [path.join(actionPath, 'dist', 'cli.js'), '--official', '--jobs', '2', '--format', 'json', doc, doc],
      { cwd: scratch, encoding: 'utf8', env: { ...process.env, NODE_PATH: '' } },
    );
    const built = spawnSync(process.execPath, [repoPath('dist', 'cli.js'), '--official', '--format', 'json', doc], {
      cwd: scratch,
      encoding: 'utf8',
    });
    const withoutLinks = (stdout: string): unknown =>
      (JSON.parse(stdout) as Array<Record<string, unknown>>).map(({ href: _href, ...problem }) => problem);
    assert.equal(released.stderr, '');
    assert.ok((JSON.parse(released.stdout) as unknown[]).length >= 2);
    assert.deepEqual(withoutLinks(released.stdout), withoutLinks(built.stdout));
    const version = JSON.parse(fs.readFileSync(repoPath('package.json'), 'utf8')) as { version: string };
    assert.equal(
      spawnSync(process.execPath, [path.join(actionPath, 'dist', 'cli.js'), '--version'], { encoding: 'utf8' }).stdout,
      `${version.version}\n`,
    );
  });

  it('on the pull request: lints what it changed against its base (fetched into the shallow clone), shows only the new problem, installs nothing', () => {
    const workspace = checkout('pull-request');
    const summaryFile = path.join(scratch, 'summary.md');
    fs.writeFileSync(summaryFile, '');
    assert.throws(() => git(workspace, 'cat-file', '-e', `${baseSha}^{commit}`), 'the base is not in the clone');
    const run = runActionIn(
      workspace,
      {},
      { actionPath, baseSha, binDirectory, summaryFile, actionRepository: 'octo/mcpdesc-lint', actionRef: 'v9' },
    );
    try {
      assert.equal(run.status, 1, run.stdout);
      // A new kind of problem in an edited document (the baselined one beside it stays quiet); the
      // untouched documents are not linted, the added one is clean.
      const lines = run.stdout.trimEnd().split('\n');
      assert.equal(lines.length, 1, run.stdout);
      assert.match(
        lines[0],
        new RegExp(
          `^::error file=edited\\.mcpdesc\\.json,line=75,col=25,endLine=75,endColumn=\\d+,title=${ELICITATION_RULE_ID}::Elicitation step's request mode is 'form', but declaration 'authorize'`,
        ),
      );
      assert.ok(!fs.existsSync(npmCalls), 'npm was never called');
      assert.deepEqual(run.outputs, { 'sarif-file': 'mcpdesc-lint.sarif', errors: '1', warnings: '0' });
      const results = sarifOf(run).runs[0].results ?? [];
      assert.deepEqual(
        results.map((result) => result.locations?.[0].physicalLocation?.artifactLocation?.uri),
        ['edited.mcpdesc.json'],
      );
      const summary = fs.readFileSync(summaryFile, 'utf8');
      assert.match(summary, /\*\*1 problem\*\* \(1 error, 0 warnings\) in 1 of 2 files checked\./);
      assert.match(summary, /1 error of the suppressions file \(baselined\) not shown\./);
      assert.match(summary, /\(https:\/\/github\.com\/octo\/mcpdesc-lint\/blob\/v9\/docs\/rules\/elicitation-consistency\.md\)/);
    } finally {
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('on a push (no pull request base): lints everything, the baselined problems stay quiet, and main passes', () => {
    const workspace = checkout('main');
    const run = runActionIn(workspace, {}, { actionPath, binDirectory });
    try {
      assert.deepEqual([run.status, run.stdout], [0, '']);
      assert.deepEqual(run.outputs, { 'sarif-file': 'mcpdesc-lint.sarif', errors: '0', warnings: '0' });
      assert.ok(!fs.existsSync(npmCalls));

      // The suppressions file elsewhere: named by suppressions-location, else nothing is baselined.
      fs.mkdirSync(path.join(workspace, 'ci'));
      fs.renameSync(path.join(workspace, 'mcpdesc-lint-suppressions.json'), path.join(workspace, 'ci', 'baseline.json'));
      const moved = runActionIn(workspace, { 'suppressions-location': 'ci/baseline.json' }, { actionPath, binDirectory });
      assert.deepEqual([moved.status, moved.outputs.errors], [0, '0']);
      const unnamed = runActionIn(workspace, {}, { actionPath, binDirectory });
      assert.deepEqual([unnamed.status, unnamed.outputs.errors], [1, '3']);
    } finally {
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('fail-on warning, max-warnings and a base that cannot be fetched (everything is linted, with a notice)', () => {
    const workspace = checkout('pull-request');
    const configured = (given: Record<string, string>, baseSha?: string): ActionRun =>
      runActionIn(workspace, given, { actionPath, binDirectory, baseSha });
    fs.writeFileSync(
      path.join(workspace, 'mcpdesc-lint.config.json'),
      JSON.stringify({ rules: { [ELICITATION_RULE_ID]: 'warning' } }),
    );
    try {
      // As warnings, the baselined errors are gone: --pass-on-unpruned-suppressions is not the action's, so the stale baseline fails (2).
      fs.rmSync(path.join(workspace, 'mcpdesc-lint-suppressions.json'));
      assert.equal(configured({ 'changed-since': '' }).status, 0, 'warnings alone pass');
      assert.equal(configured({ 'changed-since': '', 'fail-on': 'warning' }).status, 1);
      assert.equal(configured({ 'changed-since': '', 'max-warnings': '3' }).status, 1);
      assert.equal(configured({ 'changed-since': '', 'max-warnings': '4' }).status, 0);
      const unknownBase = configured({}, '0123456789abcdef0123456789abcdef01234567');
      assert.match(
        unknownBase.stdout,
        /^::notice title=mcpdesc-lint::changed-since: 0123456789abcdef0123456789abcdef01234567 cannot be fetched; every file is linted$/m,
      );
      assert.equal(unknownBase.outputs.warnings, '4');
    } finally {
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });
});
