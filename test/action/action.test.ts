// The composite GitHub Action run as the runner runs it, without GitHub: each step of action.yml in
// order, its `run` given to bash in its working directory, with the env the runner gives a composite
// step (INPUT_* from the step's env block, with the ${{ inputs.* }} expressions filled in,
// GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_ACTION_PATH). The build step builds only when dist/cli.js
// is missing, and `npm test` has built it, so nothing is downloaded.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Log } from 'sarif';
import { parse } from 'yaml';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { repoPath } from '../support/repo';

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

/** The expressions the action uses, as the runner evaluates them. */
function evaluate(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'github.action_path') return repoPath();
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (!input) throw new Error(`the test does not evaluate \${{ ${expression} }}`);
    return inputs[input[1]] ?? action.inputs[input[1]]?.default ?? '';
  });
}

function runAction(given: Record<string, string>, files: Record<string, string> = {}): ActionRun {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-action-'));
  fs.cpSync(repoPath('test-fixtures', 'workspace'), workspace, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(workspace, name), text);
  const outputFile = path.join(workspace, '..', `${path.basename(workspace)}.output`);
  fs.writeFileSync(outputFile, '');
  let stdout = '';
  let status: number | null = 0;
  for (const step of action.runs.steps) {
    assert.equal(step.shell, 'bash');
    const env: Record<string, string | undefined> = {
      ...process.env,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_ACTION_PATH: repoPath(),
      NO_COLOR: undefined,
    };
    for (const [name, value] of Object.entries(step.env ?? {})) env[name] = evaluate(value, given);
    const cwd = step['working-directory'] ? evaluate(step['working-directory'], given) : workspace;
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
  return { status, stdout, outputs, workspace };
}

function sarifOf(run: ActionRun): Log {
  return JSON.parse(fs.readFileSync(path.join(run.workspace, run.outputs['sarif-file']), 'utf8')) as Log;
}

describe('the GitHub Action', () => {
  it('is a composite action with the inputs paths, format, fail-on and a SARIF output', () => {
    assert.equal(action.runs.using, 'composite');
    assert.deepEqual(Object.keys(action.inputs).sort(), ['fail-on', 'format', 'paths', 'sarif-file']);
    assert.deepEqual(Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default])), {
      paths: '.',
      format: 'github',
      'fail-on': 'warning',
      'sarif-file': 'mcpdesc-lint.sarif',
    });
    assert.equal(action.outputs['sarif-file'].value, '${{ steps.lint.outputs.sarif-file }}');
  });

  it('with the defaults: annotates every problem, writes the SARIF log and fails the step', () => {
    const run = runAction({});
    try {
      assert.equal(run.status, 1, run.stdout);
      const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'));
      assert.equal(annotations.length, 14, run.stdout);
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
