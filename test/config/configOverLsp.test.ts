// The project configuration in the running server (dist/server.js over stdio): a configuration
// file changed, fixed, created or deleted on disk takes effect through
// workspace/didChangeWatchedFiles, without a restart, for files on disk and for open documents
// alike; an open configuration file is judged as typed; and "Suppress … on this line" is offered
// where comments are possible (JSONC, YAML; not plain JSON), applied and re-checked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Command, Diagnostic } from 'vscode-languageserver-protocol';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { CONFIG_RULE_ID } from '../../shared/src/rules';
import { LspTestClient, type RecordedPublish } from '../server/lspClient';
import { TempWorkspace } from '../workspace/tempWorkspace';
import {
  jsonDocument,
  UNEXPECTED_CONTENT_STEP,
  UNKNOWN_DECLARATION_STEP,
  writeMonorepo,
  YAML_UNKNOWN_DECLARATION_STEP,
  yamlDocument,
} from './monorepoFixture';

const CREATED = 1;
const CHANGED = 2;
const DELETED = 3;
const E = ELICITATION_RULE_ID;

function isCodeAction(action: CodeAction | Command): action is CodeAction {
  return 'kind' in action || 'edit' in action;
}

const ruleFindings = (publish: RecordedPublish): Diagnostic[] =>
  publish.diagnostics.filter((diagnostic) => diagnostic.code === E);

describe('the project configuration over LSP', () => {
  const workspace = new TempWorkspace('mcpdesc-config-lsp-');
  let client: LspTestClient;
  const next = (
    uri: string,
    mark: number,
    predicate: (publish: RecordedPublish) => boolean = () => true,
  ): Promise<RecordedPublish> => client.waitForPublish(uri, predicate, mark);

  before(async () => {
    writeMonorepo(workspace);
    // What the editor is answered as configurations change, not where a check runs: no document workers.
    client = await LspTestClient.start({
      workspaceFolders: [workspace.folder('.')],
      timeoutMs: 30_000,
      openChecksOnMainThread: true,
    });
    await client.waitFor('the end of the workspace scan', () => client.progress.find((entry) => entry.value.kind === 'end'));
    await client.waitForIdle(client.lastSequence);
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('a changed configuration file applies to the files below it without a restart', async () => {
    const legacyDocument = workspace.uri('packages/legacy/old.mcpdesc.yaml');
    assert.deepEqual(ruleFindings(client.lastPublish(legacyDocument)!), [], 'the rule is off in packages/legacy');
    const mark = client.lastSequence;
    workspace.write('packages/legacy/mcpdesc-lint.config.yaml', `rules:\n  ${E}: information\n`);
    await client.filesChanged([{ uri: workspace.uri('packages/legacy/mcpdesc-lint.config.yaml'), type: CHANGED }]);
    const publish = await next(legacyDocument, mark, (candidate) => ruleFindings(candidate).length > 0);
    assert.deepEqual(
      ruleFindings(publish).map((diagnostic) => [diagnostic.data?.violation, diagnostic.severity]),
      [['unknown-declaration', 3]],
    );
  });

  it('a deleted configuration file no longer applies; the ones above it do', async () => {
    const legacyDocument = workspace.uri('packages/legacy/old.mcpdesc.yaml');
    const mark = client.lastSequence;
    workspace.remove('packages/legacy/mcpdesc-lint.config.yaml');
    await client.filesChanged([{ uri: workspace.uri('packages/legacy/mcpdesc-lint.config.yaml'), type: DELETED }]);
    // The root configuration's override for *.mcpdesc.yaml: a warning.
    const publish = await next(legacyDocument, mark, (candidate) => ruleFindings(candidate)[0]?.severity === 2);
    assert.deepEqual(
      ruleFindings(publish).map((diagnostic) => diagnostic.data?.violation),
      ['unknown-declaration'],
    );
  });

  it('a malformed configuration file, once fixed, loses its error and takes effect', async () => {
    const configUri = workspace.uri('packages/broken/mcpdesc-lint.config.json');
    const documentUri = workspace.uri('packages/broken/doc.mcpdesc.json');
    assert.deepEqual(
      client.lastPublish(configUri)!.diagnostics.map((diagnostic) => diagnostic.code),
      [CONFIG_RULE_ID],
    );
    const mark = client.lastSequence;
    workspace.write('packages/broken/mcpdesc-lint.config.json', `{ "rules": { "${E}": "warning" } }\n`);
    await client.filesChanged([{ uri: configUri, type: CHANGED }]);
    await next(configUri, mark, (publish) => publish.diagnostics.length === 0);
    const publish = await next(documentUri, mark, (candidate) => ruleFindings(candidate)[0]?.severity === 2);
    assert.equal(ruleFindings(publish).length, 1);
  });

  it('an open document follows a configuration file created above it', async () => {
    const uri = workspace.uri('packages/island/doc.mcpdesc.jsonc');
    const text = workspace.read('packages/island/doc.mcpdesc.jsonc');
    await client.open(uri, text, 'jsonc');
    assert.deepEqual(
      (await client.diagnosticsFor(uri, 1)).map((diagnostic) => diagnostic.severity),
      [1],
    );
    const mark = client.lastSequence;
    workspace.write(
      'packages/island/mcpdesc-lint.config.json',
      `{ "root": true, "rules": { "${E}": "hint", "mcpdesc.unused-suppression": "warning" } }\n`,
    );
    await client.filesChanged([{ uri: workspace.uri('packages/island/mcpdesc-lint.config.json'), type: CREATED }]);
    const publish = await next(uri, mark, (candidate) => candidate.version === 1 && ruleFindings(candidate)[0]?.severity === 4);
    // The unused suppression of its first line is reported now too.
    assert.deepEqual(
      publish.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]),
      [
        ['mcpdesc.unused-suppression', 2],
        [E, 4],
      ],
    );
    await client.close(uri);
  });

  it('an open configuration file is judged as typed', async () => {
    const uri = workspace.uri('packages/shadow/mcpdesc-lint.config.json');
    const typed = '{ "rules": { "x": "enabled" } }\n';
    await client.open(uri, typed, 'jsonc');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.data?.violation]),
      [[CONFIG_RULE_ID, 'invalid-config']],
    );
    const start = typed.indexOf('"enabled"');
    assert.deepEqual(diagnostics[0].range, { start: { line: 0, character: start }, end: { line: 0, character: start + 9 } });
    assert.match(
      String(diagnostics[0].message),
      /The severity 'enabled' of x is not one of error, warning, information, hint, on, off/,
    );
    const version = await client.replaceText(uri, '{ "rules": {} }\n');
    assert.deepEqual(await client.diagnosticsFor(uri, version), []);
    await client.close(uri);
  });

  const suppressionCases = [
    {
      name: 'JSONC',
      file: 'fix/a.mcpdesc.jsonc',
      languageId: 'jsonc',
      text: jsonDocument([`${UNKNOWN_DECLARATION_STEP},`, UNEXPECTED_CONTENT_STEP]),
      offered: true,
    },
    {
      name: 'YAML',
      file: 'fix/a.mcpdesc.yaml',
      languageId: 'yaml',
      text: yamlDocument(YAML_UNKNOWN_DECLARATION_STEP),
      offered: true,
    },
    {
      name: 'plain JSON',
      file: 'fix/a.mcpdesc.json',
      languageId: 'json',
      text: jsonDocument([UNKNOWN_DECLARATION_STEP]),
      offered: false,
    },
  ];
  for (const testCase of suppressionCases) {
    it(`"Suppress … on this line" in ${testCase.name}: ${testCase.offered ? 'applied, the diagnostic is gone and nothing else changes' : 'not offered (JSON has no comments)'}`, async () => {
      const uri = workspace.uri(testCase.file);
      await client.open(uri, testCase.text, testCase.languageId);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      const target = diagnostics.find((diagnostic) => diagnostic.data?.violation === 'unknown-declaration')!;
      const actions = (await client.codeActions(uri, target.range, [target], ['quickfix'])).filter(isCodeAction);
      const title = `Suppress ${E}/unknown-declaration on this line`;
      const suppress = actions.find((action) => action.title === title);
      if (!testCase.offered) {
        assert.equal(suppress, undefined, actions.map((action) => action.title).join(', '));
        await client.close(uri);
        return;
      }
      assert.ok(suppress, `offered among: ${actions.map((action) => action.title).join(', ')}`);
      assert.equal(suppress.isPreferred, false, 'fixing is preferred over suppressing');
      const version = await client.applyEdits(uri, suppress.edit!.changes![uri]);
      const comment = testCase.languageId === 'yaml' ? '#' : '//';
      const lines = client.text(uri).split('\n');
      assert.equal(lines[target.range.start.line].trim(), `${comment} mcpdesc-disable-next-line ${E}/unknown-declaration`);
      const after = await client.diagnosticsFor(uri, version);
      const others = diagnostics
        .filter((diagnostic) => diagnostic !== target)
        .map((diagnostic) => [diagnostic.range.start.line + 1, diagnostic.data?.violation]);
      assert.deepEqual(
        after.map((diagnostic) => [diagnostic.range.start.line, diagnostic.data?.violation]),
        others,
      );
      await client.close(uri);
    });
  }
});
