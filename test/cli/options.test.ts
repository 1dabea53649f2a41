import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseArguments } from '../../server/src/cli/options';
import { ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';

function options(argv: string[]) {
  const parsed = parseArguments(argv);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
  return parsed.options;
}

function usageError(argv: string[]): string {
  const parsed = parseArguments(argv);
  assert.equal(parsed.ok, false, `expected a usage error for ${argv.join(' ')}`);
  return parsed.ok ? '' : parsed.message;
}

describe('cli options', () => {
  it('defaults to stylish over the current directory with the settings defaults', () => {
    const parsed = options([]);
    assert.deepEqual(parsed, {
      paths: [],
      format: 'stylish',
      fix: false,
      rules: {},
      include: [],
      exclude: [],
      quiet: false,
      exitZero: false,
      maxFileSizeMB: 20,
      jobs: undefined,
      noConfig: false,
      reportUnusedSuppressions: false,
      maxWarnings: undefined,
      cache: false,
      stdin: false,
      suppressAll: false,
      suppressRules: [],
      pruneSuppressions: false,
      passOnUnprunedSuppressions: false,
      help: false,
      version: false,
    });
  });

  it("takes ESLint's options for CI: --max-warnings, --cache, --stdin, -o, bulk suppressions; and --changed-since", () => {
    const parsed = options([
      '--max-warnings',
      '7',
      '--cache',
      '--cache-location',
      'tmp/',
      '-o',
      'out/report.json',
      '--suppress-rule',
      ELICITATION_RULE_ID,
      '--suppress-rule',
      'mcpdesc.document.semantics/duplicate-tool-name',
      '--suppressions-location',
      'ci/baseline.json',
      '--pass-on-unpruned-suppressions',
      '--changed-since',
      'origin/main',
    ]);
    assert.deepEqual(
      [
        parsed.maxWarnings,
        parsed.cache,
        parsed.cacheLocation,
        parsed.outputFile,
        parsed.suppressRules,
        parsed.suppressionsLocation,
      ],
      [
        7,
        true,
        'tmp/',
        'out/report.json',
        [ELICITATION_RULE_ID, 'mcpdesc.document.semantics/duplicate-tool-name'],
        'ci/baseline.json',
      ],
    );
    assert.deepEqual([parsed.passOnUnprunedSuppressions, parsed.changedSince], [true, 'origin/main']);
    assert.equal(options(['--max-warnings', '-1']).maxWarnings, undefined, '-1: no limit, as ESLint reads it');
    const stdin = options(['--stdin', '--stdin-filename', 'a.yaml']);
    assert.deepEqual([stdin.stdin, stdin.stdinFilename], [true, 'a.yaml']);
    for (const format of ['gitlab', 'junit', 'rdjson']) assert.equal(options(['-f', format]).format, format);
  });

  it('refuses what ESLint refuses, and what has no meaning here', () => {
    assert.equal(usageError(['--max-warnings', '1.5']), "--max-warnings needs a whole number (-1 for no limit), got '1.5'");
    assert.equal(usageError(['--max-warnings', '-2']), "--max-warnings needs a whole number (-1 for no limit), got '-2'");
    assert.equal(
      usageError(['--suppress-all', '--suppress-rule', ELICITATION_RULE_ID]),
      '--suppress-all and --suppress-rule cannot be used together',
    );
    assert.match(
      usageError(['--suppress-rule', 'mcpdesc.syntax']),
      /^--suppress-rule 'mcpdesc\.syntax': not a rule whose errors can be suppressed/,
    );
    assert.match(usageError(['--suppress-rule', `${ELICITATION_RULE_ID}/`]), /names no violation/);
    assert.equal(usageError(['--stdin-filename', 'a.json']), '--stdin-filename needs --stdin');
    assert.equal(usageError(['--stdin', 'a.json']), '--stdin lints standard input: give no paths with it');
    assert.match(usageError(['--stdin', '--fix']), /^--fix cannot be used with --stdin/);
    assert.match(usageError(['--stdin', '--suppress-all']), /cannot be used with --stdin/);
    assert.equal(usageError(['--stdin', '--changed-since', 'main']), '--changed-since cannot be used with --stdin');
    assert.equal(usageError(['--changed-since', ' ']), '--changed-since needs a value');
    assert.equal(usageError(['--cache-strategy', 'mtime']), "--cache-strategy must be content or metadata, got 'mtime'");
    assert.equal(options(['--cache', '--cache-strategy', 'content']).cache, true);
  });

  it('takes the configuration options, and refuses --config with --no-config', () => {
    const parsed = options(['--config', 'ci/lint.yaml', '--print-config', 'a.json', '--report-unused-suppressions']);
    assert.deepEqual(
      [parsed.config, parsed.printConfig, parsed.noConfig, parsed.reportUnusedSuppressions],
      ['ci/lint.yaml', 'a.json', false, true],
    );
    assert.equal(options(['--no-config']).noConfig, true);
    assert.equal(usageError(['--config', 'a.json', '--no-config']), '--config and --no-config cannot be used together');
  });

  it('reads every option, repeatable ones in order', () => {
    const parsed = options([
      'a',
      '--format',
      'sarif',
      '--fix',
      '--rule',
      `${ELICITATION_RULE_ID}=warning`,
      '--rule',
      `${SYNTAX_RULE_ID}=off`,
      '--include',
      '**/*.desc.json',
      '--include',
      'x/*.json',
      '--exclude',
      'vendor/**',
      '-q',
      '--exit-zero',
      '--max-file-size-mb',
      '0.5',
      '--jobs',
      '3',
      'b',
    ]);
    assert.deepEqual(parsed.paths, ['a', 'b']);
    assert.equal(parsed.format, 'sarif');
    assert.equal(parsed.fix, true);
    assert.deepEqual(parsed.rules, { [ELICITATION_RULE_ID]: 'warning', [SYNTAX_RULE_ID]: 'off' });
    assert.deepEqual(parsed.include, ['**/*.desc.json', 'x/*.json']);
    assert.deepEqual(parsed.exclude, ['vendor/**']);
    assert.equal(parsed.quiet, true);
    assert.equal(parsed.exitZero, true);
    assert.equal(parsed.maxFileSizeMB, 0.5);
    assert.equal(parsed.jobs, 3);
  });

  it('--official turns the whole-document rules on (the configuration preset), and a --rule wins over it', () => {
    assert.deepEqual(options(['--official']).rules, { 'mcpdesc.document.schema': 'on', 'mcpdesc.document.semantics': 'on' });
    assert.deepEqual(options(['--rule', 'mcpdesc.document.schema=off', '--official']).rules, {
      'mcpdesc.document.schema': 'off',
      'mcpdesc.document.semantics': 'on',
    });
    assert.deepEqual(options(['--rule', 'mcpdesc.document.schema=on']).rules, { 'mcpdesc.document.schema': 'on' });
  });

  it('accepts --opt=value and short forms', () => {
    const parsed = options(['--format=json', '-h', '-v']);
    assert.equal(parsed.format, 'json');
    assert.equal(parsed.help, true);
    assert.equal(parsed.version, true);
  });

  it('takes paths that look like options after --', () => {
    assert.deepEqual(options(['--', '--fix']).paths, ['--fix']);
  });

  it('rejects unknown options, formats, rules, severities and sizes with a message naming them', () => {
    assert.match(usageError(['--bogus']), /Unknown option '--bogus'/);
    assert.match(usageError(['--format', 'xml']), /Unknown format 'xml'.*stylish, json, sarif/);
    assert.match(usageError(['--format']), /argument missing/);
    assert.match(usageError(['--rule', 'no-such-rule=error']), /Unknown rule 'no-such-rule'/);
    assert.match(usageError(['--rule', `${ELICITATION_RULE_ID}=fatal`]), /Unknown severity 'fatal'/);
    assert.match(usageError(['--rule', ELICITATION_RULE_ID]), /ID=SEVERITY/);
    assert.match(usageError(['--max-file-size-mb', '0']), /positive number, got '0'/);
    assert.match(usageError(['--max-file-size-mb', 'lots']), /positive number, got 'lots'/);
    assert.match(usageError(['--exclude', '']), /non-empty glob/);
  });
});
