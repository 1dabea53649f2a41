// The rule ships on (error): every front reports it, and offers its fixes, with no configuration;
// `off` in any place a severity is configured (CheckOptions.rules, --rule, a project configuration
// file, the mcpdesc.rules setting) silences it and its fixes, and only it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { checkDocument, fixAll } from '../../server/src/checker';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { DECLARATION_RULE_ID, ELICITATION_RULE_ID } from '../../shared/src/rules';
import { builtCliPath, runBuiltCli } from '../cli/support/cliProcess';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { LspTestClient, fileUri } from '../server/lspClient';
import { fixtures } from './support/anchors';
import { elicitationOnly } from '../support/ruleScope';

const OFF = { [DECLARATION_RULE_ID]: 'off' } as const;
const invalid = fixtures('expected-invalid');
/** Only this rule's findings (four), none of the consistency rule's. */
const onlyThisRule = invalid.find((fixture) => fixture.stem === 'form-semantics' && fixture.format === 'json')!;
/** The consistency rule's invalid-declaration on a missing mode, which this rule's "Add mode" fix also repairs. */
const shared = invalid.find((fixture) => fixture.stem === 'owned-by-consistency' && fixture.format === 'json')!;

const codes = (diagnostics: Array<{ code?: unknown }>) => diagnostics.map((d) => String(d.code));

describe('the checker', () => {
  it("reports the rule's four findings with no options, and nothing of it when it is off", () => {
    assert.deepEqual(codes(checkDocument(onlyThisRule.text).diagnostics), Array(4).fill(DECLARATION_RULE_ID));
    assert.deepEqual(checkDocument(onlyThisRule.text, { rules: OFF }).diagnostics, []);
  });

  it('offers its fixes by default, also on the consistency diagnostic it would repair, and none when it is off', () => {
    const titles = (options: Parameters<typeof checkDocument>[1]) => {
      const result = checkDocument(shared.text, options);
      return result.diagnostics.flatMap((d) => result.fixesFor(d).map((fix) => `${d.data.violation}: ${fix.title}`));
    };
    // The fixtures are partial documents: the whole-document rules (on by default since issue 34)
    // are left out, so that "by default" here is this rule's own default.
    assert.deepEqual(titles(elicitationOnly()), [
      'invalid-declaration: Add "mode": "form" (as its steps request)',
      'form-with-url: Remove the url (a form declaration has none)',
    ]);
    assert.deepEqual(titles(elicitationOnly({ rules: OFF })), []);
    assert.deepEqual(
      codes(checkDocument(shared.text, elicitationOnly({ rules: OFF })).diagnostics),
      Array(4).fill(ELICITATION_RULE_ID),
    );
    assert.equal(fixAll(shared.text, elicitationOnly({ rules: OFF })).applied, 0);
    assert.equal(fixAll(shared.text, elicitationOnly()).applied, 2);
  });
});

describe('the built CLI', () => {
  let directory: string;
  before(() => {
    builtCliPath();
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-declaration-default-'));
    fs.copyFileSync(onlyThisRule.file, path.join(directory, 'form-semantics.json'));
  });
  after(() => fs.rmSync(directory, { recursive: true, force: true }));

  // The fixture is a partial document: only the elicitation rules (see above). The first run goes
  // through the built process (its exit code); the others run the same command in this process
  // (cliInProcess.ts), sparing a process start each.
  const problemsOf = (run: { status: number | null; stdout: string; stderr: string }) => {
    assert.equal(run.stderr, '');
    return { status: run.status, codes: codes(JSON.parse(run.stdout) as JsonProblem[]) };
  };
  const argsFor = (args: string[]) => ['--format', 'json', '--elicitation-only', ...args, '.'];
  const problemsIn = async (args: string[]) => problemsOf(await runCliInProcess(argsFor(args), { cwd: directory }));

  it('reports with no configuration (exit 1), and --rule =off silences it (exit 0)', async () => {
    assert.deepEqual(problemsOf(runBuiltCli(argsFor([]), { cwd: directory })), {
      status: 1,
      codes: Array(4).fill(DECLARATION_RULE_ID),
    });
    assert.deepEqual(await problemsIn(['--rule', `${DECLARATION_RULE_ID}=off`]), { status: 0, codes: [] });
  });

  it('a project configuration file turns it off, and --no-config leaves it on', async () => {
    const config = path.join(directory, 'mcpdesc-lint.config.json');
    fs.writeFileSync(config, JSON.stringify({ root: true, rules: OFF }));
    try {
      assert.deepEqual(await problemsIn([]), { status: 0, codes: [] });
      assert.deepEqual(await problemsIn(['--no-config']), { status: 1, codes: Array(4).fill(DECLARATION_RULE_ID) });
    } finally {
      fs.rmSync(config);
    }
  });

  it('--print-config shows it on, at error, with no configuration', async () => {
    const run = await runCliInProcess(['--print-config', 'form-semantics.json'], { cwd: directory });
    assert.equal(run.status, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { rules: Record<string, string> }).rules[DECLARATION_RULE_ID], 'error');
  });

  it('SARIF describes it as enabled, at level error', async () => {
    const run = await runCliInProcess(['--format', 'sarif', 'form-semantics.json'], { cwd: directory });
    const sarif = JSON.parse(run.stdout) as {
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string; defaultConfiguration: { level: string; enabled?: boolean } }> } };
      }>;
    };
    const rule = sarif.runs[0].tool.driver.rules.find((candidate) => candidate.id === DECLARATION_RULE_ID);
    assert.deepEqual(rule?.defaultConfiguration, { level: 'error' });
  });
});

describe('the language server over stdio', () => {
  let client: LspTestClient;
  before(async () => {
    // The rule's default, not where a check runs: open documents are checked on the server's main thread.
    client = await LspTestClient.start({ openChecksOnMainThread: true });
  });
  after(async () => {
    await client.stop();
  });

  it("publishes the rule's findings with no settings, and nothing of it once mcpdesc.rules turns it off", async () => {
    const uri = fileUri(onlyThisRule.file);
    await client.open(uri, onlyThisRule.text, 'json');
    assert.deepEqual(codes(await client.diagnosticsFor(uri, 1)), Array(4).fill(DECLARATION_RULE_ID));
    const mark = client.lastSequence;
    await client.setSettings({ rules: OFF });
    const published = await client.waitForPublish(uri, () => true, mark);
    assert.deepEqual(published.diagnostics as Diagnostic[], []);
    await client.close(uri);
  });
});
