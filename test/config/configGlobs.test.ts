// Globs an untrusted repository writes into its configuration file or workspace settings: a glob
// that made picomatch's backtracking run for minutes is matched in linear time (the CLI and the
// server finish, and the glob still means what it says), and a glob that cannot be used (too
// long, nested too deep, too many characters in one file) is a configuration problem: an error on
// the file, exit status 2 in the CLI, never "internal error" or a crash.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { CONFIG_RULE_ID } from '../../shared/src/rules';
import { MAX_GLOB_LENGTH, MAX_GLOBS_TOTAL_LENGTH, parseProjectConfig } from '../../server/src/checker';
import { parseGlob } from '../../server/src/cli/globPattern';
import { parseArguments } from '../../server/src/cli/options';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { runBuiltCli } from '../cli/support/cliProcess';
import { LspTestClient } from '../server/lspClient';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { jsonDocument, UNKNOWN_DECLARATION_STEP } from './monorepoFixture';

const E = ELICITATION_RULE_ID;
/**
 * Twelve stars: picomatch's RegExp tries about C(n, 12) ways to split a name of n characters that
 * does not end in `b`; for the 80-character names below that is over 10^14 steps.
 */
const HOSTILE = '*a*a*a*a*a*a*a*a*a*a*a*a*b.mcpdesc.json';
const LONG_NAME = `${'a'.repeat(80)}.mcpdesc.json`;
const EXCLUDED_NAME = `${'a'.repeat(20)}b.mcpdesc.json`;
const TOO_LONG = `${'x'.repeat(70_000)}*`;

interface JsonProblem {
  file: string;
  code: string;
  violation: string;
}

describe('configuration globs: limits as configuration problems', () => {
  it('a glob over the length limit is an error at that glob; the file is not used', () => {
    const text = `{ "rules": {}, "exclude": ["ok/**", "${TOO_LONG}"] }`;
    const parsed = parseProjectConfig(text, 'json');
    assert.equal(parsed.config, undefined);
    assert.equal(parsed.problems.length, 1);
    const [problem] = parsed.problems;
    assert.equal(problem.violation, 'invalid-config');
    assert.deepEqual([problem.offset, problem.length], [text.indexOf(`"${TOO_LONG}"`), TOO_LONG.length + 2]);
    assert.match(
      problem.message,
      /This glob of "exclude" cannot be used: The glob is 70,001 characters long; at most 1,024 are allowed\./,
    );
  });

  it('in overrides and YAML too, and for nesting', () => {
    const deep = `${'@('.repeat(20)}a${')'.repeat(20)}`;
    const parsed = parseProjectConfig(`overrides:\n  - files: ["${deep}"]\n    rules: {}\n`, 'yaml');
    assert.equal(parsed.config, undefined);
    assert.match(
      parsed.problems[0].message,
      /This glob of "overrides\[0\]\.files" cannot be used: The glob nests parentheses and braces more than 16 deep\./,
    );
  });

  it('the globs of one file together: within the total they are used, past it the first glob over is the error', () => {
    const glob = (index: number) => `${'d'.repeat(MAX_GLOB_LENGTH - 8)}/${String(index).padStart(3, '0')}/**`;
    const count = Math.floor(MAX_GLOBS_TOTAL_LENGTH / MAX_GLOB_LENGTH);
    const within = Array.from({ length: count }, (_, index) => glob(index));
    assert.equal(within.join('').length <= MAX_GLOBS_TOTAL_LENGTH, true);
    assert.deepEqual(parseProjectConfig(JSON.stringify({ include: within }), 'json').config?.include, within);
    const text = JSON.stringify({ include: within, exclude: [glob(count)] });
    const parsed = parseProjectConfig(text, 'json');
    assert.equal(parsed.config, undefined);
    assert.equal(parsed.problems[0].offset, text.indexOf(`"${glob(count)}"`));
    assert.match(parsed.problems[0].message, /too long together: at most 16,384 characters in all/);
  });

  it('the hostile glob itself is a usable glob', () => {
    assert.deepEqual(parseProjectConfig(JSON.stringify({ exclude: [HOSTILE] }), 'json').config?.exclude, [HOSTILE]);
  });

  it('the command line: --include/--exclude and pattern arguments past the limits are usage errors, not crashes', () => {
    const options = parseArguments(['--exclude', TOO_LONG, '.']);
    assert.equal(options.ok, false);
    assert.match(
      (options as { message: string }).message,
      /^--include or --exclude 'x{80}…' cannot be used: The glob is 70,001 characters long; at most 1,024 are allowed\.$/,
    );
    assert.equal(parseArguments(['--exclude', HOSTILE, '.']).ok, true);
    assert.throws(
      () => parseGlob(`src/${TOO_LONG}`),
      /^Error: The pattern 'src\/x{76}…' cannot be used: The glob is 70,001 characters long/,
    );
    assert.equal(parseGlob(`src/${HOSTILE}`)!.matches(LONG_NAME), false);
  });
});

describe('configuration globs through the built CLI', () => {
  const workspace = new TempWorkspace('mcpdesc-config-globs-');
  after(() => workspace.dispose());
  const builtCli = (...args: string[]) => runBuiltCli(args, { cwd: workspace.root });
  const cli = (...args: string[]) => runCliInProcess(args, { cwd: workspace.root });
  const problems = (stdout: string): string[] =>
    (JSON.parse(stdout) as JsonProblem[]).map((problem) => `${problem.file} ${problem.code}/${problem.violation}`);

  before(() => {
    const document = jsonDocument([UNKNOWN_DECLARATION_STEP]);
    workspace.write(`hostile/${LONG_NAME}`, document);
    workspace.write(`hostile/${EXCLUDED_NAME}`, document);
    workspace.write('hostile/mcpdesc-lint.config.json', JSON.stringify({ exclude: [HOSTILE] }));
    workspace.write(`long/${LONG_NAME}`, document);
    workspace.write('long/mcpdesc-lint.config.json', JSON.stringify({ exclude: [TOO_LONG] }));
  });

  it('a hostile exclude glob: the CLI finishes, checks the name that does not match and skips the one that does', async () => {
    const run = await cli('--format', 'json', 'hostile');
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(problems(run.stdout), [`hostile/${LONG_NAME} ${E}/unknown-declaration`]);
    assert.equal(JSON.parse((await cli('--print-config', `hostile/${EXCLUDED_NAME}`)).stdout).excluded, true);
    assert.equal(JSON.parse((await cli('--print-config', `hostile/${LONG_NAME}`)).stdout).excluded, false);
  });

  it('a glob over the limit: the configuration file is reported and not used, the documents are checked, exit 2', async () => {
    const run = await cli('--format', 'json', 'long');
    assert.equal(run.status, 2);
    assert.doesNotMatch(run.stdout + run.stderr, /internal error/i);
    assert.deepEqual(problems(run.stdout), [
      `long/${LONG_NAME} ${E}/unknown-declaration`,
      `long/mcpdesc-lint.config.json ${CONFIG_RULE_ID}/invalid-config`,
    ]);
    assert.match(
      run.stderr,
      /^mcpdesc-lint: long\/mcpdesc-lint\.config\.json:1: invalid configuration, not used: This glob of "exclude" cannot be used: The glob is 70,001 characters long; at most 1,024 are allowed\.$/m,
    );
  });

  it('--print-config below it names the problem and exits 2', () => {
    const run = builtCli('--print-config', `long/${LONG_NAME}`);
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /^mcpdesc-lint: long\/mcpdesc-lint\.config\.json:1: invalid configuration, not used: This glob of "exclude" cannot be used/,
    );
  });

  it('--exclude past the limit: a usage error naming it, exit 2', async () => {
    const run = await cli('--exclude', TOO_LONG, 'hostile');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--include or --exclude 'x{80}…' cannot be used: The glob is 70,001 characters long/);
  });
});

describe('configuration and settings globs in the server (stdio)', () => {
  const workspace = new TempWorkspace('mcpdesc-config-globs-lsp-');
  let client: LspTestClient;
  const ruleViolations = (diagnostics: Diagnostic[]) =>
    diagnostics.filter((diagnostic) => diagnostic.code === E).map((diagnostic) => diagnostic.data?.violation);

  before(async () => {
    const document = jsonDocument([UNKNOWN_DECLARATION_STEP]);
    workspace.write(`hostile/${LONG_NAME}`, document);
    workspace.write(`hostile/${EXCLUDED_NAME}`, document);
    workspace.write('hostile/mcpdesc-lint.config.json', JSON.stringify({ exclude: [HOSTILE] }));
    workspace.write(`long/${LONG_NAME}`, document);
    workspace.write('long/mcpdesc-lint.config.json', JSON.stringify({ exclude: [TOO_LONG] }));
    workspace.write(`settings/${LONG_NAME}`, document);
    client = await LspTestClient.start({
      workspaceFolders: [workspace.folder('.')],
      // The workspace's own settings are the repository's too.
      settings: { files: { exclude: [`settings/${HOSTILE}`, `${'{'.repeat(40)}x`] } },
      timeoutMs: 60_000,
      // What the scan publishes and logs, not where a check runs: no document workers.
      openChecksOnMainThread: true,
    });
    await client.waitFor('the end of the workspace scan', () => client.progress.find((entry) => entry.value.kind === 'end'));
    await client.waitForIdle(client.lastSequence);
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('the scan publishes the documents a hostile glob does not match, and not the one it excludes', () => {
    assert.deepEqual(ruleViolations(client.lastPublish(workspace.uri(`hostile/${LONG_NAME}`))!.diagnostics), [
      'unknown-declaration',
    ]);
    assert.deepEqual(ruleViolations(client.lastPublish(workspace.uri(`settings/${LONG_NAME}`))!.diagnostics), [
      'unknown-declaration',
    ]);
    assert.equal(client.lastPublish(workspace.uri(`hostile/${EXCLUDED_NAME}`))?.diagnostics.length ?? 0, 0);
  });

  it('a glob over the limit is an error on its configuration file, and the scan goes on below it', () => {
    const configDiagnostics = client.lastPublish(workspace.uri('long/mcpdesc-lint.config.json'))!.diagnostics;
    assert.deepEqual(
      configDiagnostics.map((diagnostic) => [diagnostic.code, diagnostic.data?.violation]),
      [[CONFIG_RULE_ID, 'invalid-config']],
    );
    assert.match(
      String(configDiagnostics[0].message),
      /This glob of "exclude" cannot be used: The glob is 70,001 characters long; at most 1,024 are allowed\./,
    );
    assert.deepEqual(ruleViolations(client.lastPublish(workspace.uri(`long/${LONG_NAME}`))!.diagnostics), [
      'unknown-declaration',
    ]);
  });

  it('a settings glob that cannot be used is logged once and matches nothing', async () => {
    const logged = client.logMessages.filter((message) => message.message.includes('mcpdesc.files.exclude'));
    assert.equal(logged.length, 1, JSON.stringify(logged));
    assert.match(logged[0].message, /the glob "\{{40}x" is not used: The glob nests parentheses and braces more than 16 deep\./);
    // The server still answers: an open document is checked.
    const uri = workspace.uri(`settings/open-${LONG_NAME}`);
    await client.open(uri, jsonDocument([UNKNOWN_DECLARATION_STEP]));
    assert.deepEqual(ruleViolations(await client.diagnosticsFor(uri, 1)), ['unknown-declaration']);
    await client.close(uri);
  });
});
