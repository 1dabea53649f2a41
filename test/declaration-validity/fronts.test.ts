// The rule through the two fronts a user meets: the built CLI (dist/cli.js) and the real language
// server over stdio. The public fixtures' shapes give the findings their names describe, the valid
// shapes stay clean, --rule and mcpdesc.rules configure it, and a quick-fix applied through the
// server removes its diagnostic. Both fronts run with no configuration but the elicitation preset
// (--elicitation-only, mcpdesc:elicitation): the rule is on by default (no option or setting names
// it, and no project configuration file lies above the fixtures); the preset only keeps out the
// whole-document rules, which find what the fixtures leave out on purpose (examples without input or
// result) and warn of a legacy scope. onByDefault.test.ts covers turning it off.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Command, Diagnostic } from 'vscode-languageserver-protocol';
import { checkDocument } from '../../server/src/checker';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { builtCliPath, runBuiltCli } from '../cli/support/cliProcess';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { elicitationOnly } from '../support/ruleScope';
import { LspTestClient, fileUri } from '../server/lspClient';
import { ANCHORS, FIXTURES_DIR, compareFindings, expectedFor, fixtures, type ExpectedFinding } from './support/anchors';

const invalid = fixtures('expected-invalid');
const valid = fixtures('expected-valid');
const relative = (file: string) =>
  path
    .relative(path.join(FIXTURES_DIR, '..', '..'), file)
    .split(path.sep)
    .join('/');

function shape(
  items: Array<{ code?: unknown; range: ExpectedFinding['range']; violation?: string; data?: unknown }>,
): ExpectedFinding[] {
  return items
    .map((item) => ({
      code: String(item.code),
      violation: item.violation ?? String((item.data as { violation: string }).violation),
      range: item.range,
    }))
    .sort(compareFindings);
}

describe('the built CLI', () => {
  before(() => builtCliPath());

  it('--format json gives every invalid fixture, JSON and YAML, exactly its expected diagnostics and messages, exit 1', async () => {
    const run = await runCliInProcess([
      '--elicitation-only',
      '--format',
      'json',
      'test-fixtures/declaration-validity/expected-invalid',
    ]);
    assert.equal(run.stderr, '');
    assert.equal(run.status, 1);
    const problems = JSON.parse(run.stdout) as JsonProblem[];
    // No project configuration file applies: the run is the one --no-config gives.
    assert.equal(
      (
        await runCliInProcess([
          '--no-config',
          '--elicitation-only',
          '--format',
          'json',
          'test-fixtures/declaration-validity/expected-invalid',
        ])
      ).stdout,
      run.stdout,
    );
    for (const fixture of invalid) {
      const own = problems.filter((problem) => problem.file === relative(fixture.file));
      assert.deepEqual(shape(own), expectedFor(fixture, ANCHORS[fixture.stem]), fixture.file);
      assert.deepEqual(
        own.map((problem) => problem.message).sort(),
        checkDocument(fixture.text, elicitationOnly({ format: fixture.format }))
          .diagnostics.map((d) => d.message)
          .sort(),
      );
    }
  });

  it('the valid fixtures are clean, exit 0', async () => {
    const run = await runCliInProcess([
      '--elicitation-only',
      '--format',
      'json',
      'test-fixtures/declaration-validity/expected-valid',
    ]);
    assert.deepEqual(
      { status: run.status, stderr: run.stderr, problems: JSON.parse(run.stdout) as unknown },
      { status: 0, stderr: '', problems: [] },
    );
    assert.equal(valid.length, 8);
  });

  it('--rule sets the severity of this rule, and =off silences it', async () => {
    const file = 'test-fixtures/declaration-validity/expected-invalid/version-mismatch.json';
    const warned = await runCliInProcess(['--format', 'json', '--rule', `${DECLARATION_RULE_ID}=warning`, file]);
    assert.deepEqual([...new Set((JSON.parse(warned.stdout) as JsonProblem[]).map((problem) => problem.severity))], ['warning']);
    const off = await runCliInProcess(['--format', 'json', '--rule', `${DECLARATION_RULE_ID}=off`, file]);
    assert.deepEqual({ status: off.status, problems: JSON.parse(off.stdout) as unknown }, { status: 0, problems: [] });
  });

  it('--fix applies the preferred fixes in place, in JSON and YAML', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-declaration-fix-'));
    try {
      for (const fixture of invalid.filter((candidate) => candidate.stem === 'branch-mixing')) {
        const copy = path.join(directory, path.basename(fixture.file));
        fs.copyFileSync(fixture.file, copy);
        // The JSON file through the built process (a file rewritten by it), the YAML one in this process.
        if (fixture.format === 'json') runBuiltCli(['--fix', copy]);
        else await runCliInProcess(['--fix', copy]);
        const left = checkDocument(fs.readFileSync(copy, 'utf8'), { format: fixture.format }).diagnostics.map(
          (d) => d.data.violation,
        );
        assert.deepEqual(left, ['invalid-url', 'invalid-url'], fixture.format);
      }
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it('SARIF output describes the rule from the rule table', async () => {
    const run = await runCliInProcess([
      '--format',
      'sarif',
      'test-fixtures/declaration-validity/expected-invalid/form-semantics.json',
    ]);
    const sarif = JSON.parse(run.stdout) as {
      runs: Array<{ tool: { driver: { rules: Array<{ id: string; name: string }> } }; results: Array<{ ruleId: string }> }>;
    };
    assert.ok(
      sarif.runs[0].tool.driver.rules.some(
        (rule) => rule.id === DECLARATION_RULE_ID && rule.name === 'ElicitationDeclarationValidity',
      ),
    );
    assert.deepEqual([...new Set(sarif.runs[0].results.map((result) => result.ruleId))], [DECLARATION_RULE_ID]);
  });
});

function isCodeAction(action: CodeAction | Command): action is CodeAction {
  return (action as CodeAction).edit !== undefined;
}

describe('the language server over stdio', () => {
  let client: LspTestClient;
  before(async () => {
    // The elicitation preset, as the CLI's --elicitation-only above.
    // What the editor is answered, not where a check runs: open documents are checked on the server's main thread.
    client = await LspTestClient.start({ settings: elicitationOnly(), openChecksOnMainThread: true });
  });
  after(async () => {
    await client.stop();
  });

  it('publishes exactly the expected diagnostics for every fixture, JSON and YAML, and nothing for the valid ones', async () => {
    for (const fixture of [...invalid, ...valid]) {
      const uri = fileUri(fixture.file);
      await client.open(uri, fixture.text, fixture.format === 'json' ? 'json' : 'yaml');
      const diagnostics = await client.diagnosticsFor(uri, 1);
      const expected = ANCHORS[fixture.stem] && invalid.includes(fixture) ? expectedFor(fixture, ANCHORS[fixture.stem]) : [];
      assert.deepEqual(shape(diagnostics), expected, fixture.file);
      await client.close(uri);
    }
  });

  it('mcpdesc.rules turns the rule to warning and off', async () => {
    const fixture = invalid.find((candidate) => candidate.stem === 'scope-outside-parent' && candidate.format === 'yaml')!;
    const uri = fileUri(fixture.file);
    await client.open(uri, fixture.text, 'yaml');
    assert.equal((await client.diagnosticsFor(uri, 1)).length, 3);
    let mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ rules: { [DECLARATION_RULE_ID]: 'warning' } }));
    assert.deepEqual(
      (await client.waitForPublish(uri, () => true, mark)).diagnostics.map((d: Diagnostic) => d.severity),
      [2, 2, 2],
    );
    mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ rules: { [DECLARATION_RULE_ID]: 'off' } }));
    assert.deepEqual((await client.waitForPublish(uri, () => true, mark)).diagnostics, []);
    await client.setSettings(elicitationOnly());
    await client.close(uri);
  });

  it('a quick-fix applied as an editor would removes its diagnostic and adds none', async () => {
    const fixture = invalid.find((candidate) => candidate.stem === 'form-semantics' && candidate.format === 'yaml')!;
    const uri = fileUri(fixture.file);
    await client.open(uri, fixture.text, 'yaml');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    const unknown = diagnostics.find((d: Diagnostic) => (d.data as { violation: string }).violation === 'unknown-required')!;
    const actions = (await client.codeActions(uri, unknown.range, [unknown], ['quickfix'])).filter(isCodeAction);
    // YAML holds comments, so the suppression comes after the rule's own fix, never preferred.
    assert.deepEqual(
      actions.map((action) => [action.title, action.isPreferred ?? false]),
      [
        ['Drop "audience" from required', true],
        [`Suppress ${DECLARATION_RULE_ID}/unknown-required on this line`, false],
      ],
    );
    const version = await client.applyEdits(uri, actions[0].edit!.changes![uri]);
    const after = await client.diagnosticsFor(uri, version);
    assert.deepEqual(
      after.map((d: Diagnostic) => (d.data as { violation: string }).violation),
      ['enum-names-mismatch', 'invalid-default', 'duplicate-name'],
    );
    await client.close(uri);
  });
});
