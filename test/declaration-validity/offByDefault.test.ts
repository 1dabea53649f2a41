// The rule ships off: every front reports nothing of it, and offers none of its fixes, until it is
// turned on (CheckOptions.rules, --rule, a project configuration file, the mcpdesc.rules setting).
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
import { LspTestClient, fileUri } from '../server/lspClient';
import { fixtures } from './support/anchors';

const ON = { [DECLARATION_RULE_ID]: 'error' } as const;
const invalid = fixtures('expected-invalid');
/** Only this rule's findings (four), none of the consistency rule's. */
const onlyThisRule = invalid.find((fixture) => fixture.stem === 'form-semantics' && fixture.format === 'json')!;
/** The consistency rule's invalid-declaration on a missing mode, which this rule's "Add mode" fix also repairs. */
const shared = invalid.find((fixture) => fixture.stem === 'owned-by-consistency' && fixture.format === 'json')!;

const codes = (diagnostics: Array<{ code?: unknown }>) => diagnostics.map((d) => String(d.code));

describe('the checker', () => {
  it('reports nothing of the rule by default, and its four findings when it is turned on', () => {
    assert.deepEqual(checkDocument(onlyThisRule.text).diagnostics, []);
    assert.deepEqual(codes(checkDocument(onlyThisRule.text, { rules: ON }).diagnostics), Array(4).fill(DECLARATION_RULE_ID));
  });

  it('offers none of its fixes by default, not even on the consistency diagnostic it would also repair', () => {
    const titles = (options: Parameters<typeof checkDocument>[1]) => {
      const result = checkDocument(shared.text, options);
      return result.diagnostics.flatMap((d) => result.fixesFor(d).map((fix) => `${d.data.violation}: ${fix.title}`));
    };
    assert.deepEqual(titles({}), []);
    assert.deepEqual(codes(checkDocument(shared.text).diagnostics), Array(4).fill(ELICITATION_RULE_ID));
    assert.equal(fixAll(shared.text).applied, 0);
    assert.deepEqual(titles({ rules: ON }), [
      'invalid-declaration: Add "mode": "form" (as its steps request)',
      'form-with-url: Remove the url (a form declaration has none)',
    ]);
  });
});

describe('the built CLI', () => {
  let directory: string;
  before(() => {
    builtCliPath();
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-declaration-off-'));
    fs.copyFileSync(onlyThisRule.file, path.join(directory, 'form-semantics.json'));
  });
  after(() => fs.rmSync(directory, { recursive: true, force: true }));

  const problemsIn = (args: string[]) => {
    const run = runBuiltCli(['--format', 'json', ...args, '.'], { cwd: directory });
    assert.equal(run.stderr, '');
    return { status: run.status, codes: codes(JSON.parse(run.stdout) as JsonProblem[]) };
  };

  it('is silent by default (exit 0) and reports with --rule (exit 1)', () => {
    assert.deepEqual(problemsIn([]), { status: 0, codes: [] });
    assert.deepEqual(problemsIn(['--rule', `${DECLARATION_RULE_ID}=error`]), { status: 1, codes: Array(4).fill(DECLARATION_RULE_ID) });
  });

  it('a project configuration file turns it on, and --no-config leaves it off', () => {
    const config = path.join(directory, 'mcpdesc-lint.config.json');
    fs.writeFileSync(config, JSON.stringify({ root: true, rules: { [DECLARATION_RULE_ID]: 'error' } }));
    try {
      assert.deepEqual(problemsIn([]), { status: 1, codes: Array(4).fill(DECLARATION_RULE_ID) });
      assert.deepEqual(problemsIn(['--no-config']), { status: 0, codes: [] });
    } finally {
      fs.rmSync(config);
    }
  });
});

describe('the language server over stdio', () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('publishes nothing of the rule by default, and its findings once mcpdesc.rules turns it on', async () => {
    const uri = fileUri(onlyThisRule.file);
    await client.open(uri, onlyThisRule.text, 'json');
    assert.deepEqual(await client.diagnosticsFor(uri, 1), []);
    const mark = client.lastSequence;
    await client.setSettings({ rules: ON });
    const published = await client.waitForPublish(uri, () => true, mark);
    assert.deepEqual(codes(published.diagnostics as Diagnostic[]), Array(4).fill(DECLARATION_RULE_ID));
    await client.close(uri);
  });
});
