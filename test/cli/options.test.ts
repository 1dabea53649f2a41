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
      help: false,
      version: false,
    });
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
