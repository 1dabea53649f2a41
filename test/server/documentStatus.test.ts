// mcpdesc/documentStatus over stdio (dist/server.js): for each open document, whether the server
// checks it and, if not, why, with the setting that decided it; if so, what its check read (format
// version, MCP revisions) and ran (rules, time, configuration files); and the answer agrees with what
// the server publishes for that document (checked: our diagnostics; not checked: none).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_STATUS_REQUEST, SERVER_COMMANDS, type DocumentStatus } from '../../shared/src/constants';
import {
  CHECKER_RULE_ID,
  CONFIG_RULE_ID,
  defaultSetting,
  DOCUMENT_SCHEMA_RULE_ID,
  ELICITATION_RULE_ID,
  RULE_IDS,
  RULES,
  ruleDocsUri,
  type RuleId,
} from '../../shared/src/rules';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { LspTestClient } from './lspClient';
import { assertBoundedStatus, versionTextDocument } from './documentStatusBounds';

const UNKNOWN_STEP = `{
  "mcpdesc": "0.8.0",
  "tools": [{ "name": "t", "elicitations": [], "interactionExamples": { "e": { "steps": [{ "type": "elicitation", "declaration": "missing" }] } } }]
}
`;

/**
 * The rules a document's check runs with no severity configured (the configuration files' own rule
 * aside): since issue 34 every rule not off by default, the whole-document rules included, each at
 * its default setting ('on' for a rule whose kinds have severities of their own).
 */
const RULES_ON_BY_DEFAULT = RULE_IDS.filter((id) => id !== CONFIG_RULE_ID && !RULES[id].offByDefault);

describe('mcpdesc/documentStatus over LSP', () => {
  const workspace = new TempWorkspace('mcpdesc-document-status-');
  let client: LspTestClient;

  before(async () => {
    workspace.write('packages/legacy/mcpdesc-lint.config.json', '{ "exclude": ["old/**"] }\n');
    client = await LspTestClient.start({
      workspaceFolders: [workspace.folder('.')],
      settings: { files: { exclude: ['**/drafts/**'] } },
      // Per document, as VS Code answers a resource-scoped setting.
      settingsFor: (scopeUri) => {
        if (scopeUri?.endsWith('/off.mcpdesc.json')) return { enable: false, files: { exclude: ['**/drafts/**'] } };
        if (scopeUri?.endsWith('/big.mcpdesc.json')) return { maxFileSizeMB: 0.0001, files: { exclude: ['**/drafts/**'] } };
        if (scopeUri?.endsWith('/tuned.mcpdesc.json')) {
          return {
            rules: { [ELICITATION_RULE_ID]: 'warning', [CHECKER_RULE_ID]: 'off', [DOCUMENT_SCHEMA_RULE_ID]: 'error' },
            files: { exclude: ['**/drafts/**'] },
          };
        }
        return undefined;
      },
      timeoutMs: 30_000,
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  let fences = 0;

  /** Opens the document, asks its status, and counts what the server published for it once a document opened after it is checked. */
  async function statusOf(
    relative: string,
    text: string,
    languageId = 'json',
  ): Promise<{ status: DocumentStatus; ours: number }> {
    const uri = workspace.uri(relative);
    await client.open(uri, text, languageId);
    const status = await client.request<DocumentStatus>(DOCUMENT_STATUS_REQUEST, { uri });
    const fence = workspace.uri(`fence-${fences++}.mcpdesc.json`);
    await client.open(fence, UNKNOWN_STEP);
    await client.diagnosticsFor(fence);
    return { status, ours: client.lastPublish(uri)?.diagnostics.length ?? 0 };
  }

  it('a checked document: checked, with what its check read and ran, and its problem is published', async () => {
    const { status, ours } = await statusOf('a.mcpdesc.json', UNKNOWN_STEP);
    assert.ok(ours > 0, 'its problems are published');
    assert.ok(status.kind === 'checked', JSON.stringify(status));
    const { lastCheckMs, ...rest } = status;
    assert.equal(typeof lastCheckMs, 'number');
    assert.deepEqual(rest, {
      kind: 'checked',
      formatVersion: '0.8.0',
      rules: RULES_ON_BY_DEFAULT.map((id) => ({
        id,
        severity: defaultSetting(id),
        docsUri: ruleDocsUri(id, shippedDocsBaseUri()),
      })),
      configFiles: [],
      configFilesRead: true,
    });
  });

  it('a checked document: its MCP revisions, the rules the settings turned on or off, the configuration file that applies', async () => {
    const text = UNKNOWN_STEP.replace('"0.8.0",', '"0.8.0",\n  "protocolVersions": ["2025-06-18", "2025-11-25"],');
    const { status } = await statusOf('packages/legacy/d.mcpdesc.json', text);
    assert.ok(status.kind === 'checked', JSON.stringify(status));
    assert.deepEqual(status.revisions, ['2025-06-18', '2025-11-25']);
    assert.deepEqual(status.configFiles, [workspace.path('packages/legacy/mcpdesc-lint.config.json')]);
    const { status: tuned } = await statusOf('tuned.mcpdesc.json', UNKNOWN_STEP);
    assert.ok(tuned.kind === 'checked', JSON.stringify(tuned));
    assert.deepEqual(
      tuned.rules.map((rule) => [rule.id, rule.severity]),
      [
        [ELICITATION_RULE_ID, 'warning'],
        ...RULES_ON_BY_DEFAULT.filter(
          (id) => id !== ELICITATION_RULE_ID && id !== CHECKER_RULE_ID && id !== DOCUMENT_SCHEMA_RULE_ID,
        ).map((id) => [id, defaultSetting(id)]),
        [DOCUMENT_SCHEMA_RULE_ID, 'error'],
      ].sort((a, b) => RULE_IDS.indexOf(a[0] as RuleId) - RULE_IDS.indexOf(b[0] as RuleId)),
    );
  });

  it('a document of half a megabyte of version text: the answer echoes a bounded part of it, and counts the revisions it leaves out', async () => {
    // 2,000 revisions of 210 characters: 420 KB the answer would hold if it echoed them (the 7 MB
    // document, 30,000 of them, is in documentStatus.thorough.test.ts).
    const { text, version, revisions } = versionTextDocument(UNKNOWN_STEP, 2_000, 100_000);
    assert.ok(text.length > 500_000);
    const { status } = await statusOf('versions.mcpdesc.json', text);
    assertBoundedStatus(status, version, revisions);
  });

  it('a checked document: the time is that of the check that made its result; a re-check that reuses it keeps it', async () => {
    const uri = workspace.uri('timed.mcpdesc.json');
    await client.open(uri, UNKNOWN_STEP);
    await client.diagnosticsFor(uri);
    const before = await client.request<DocumentStatus>(DOCUMENT_STATUS_REQUEST, { uri });
    const sequence = client.lastSequence;
    await client.executeCommand(SERVER_COMMANDS.checkWorkspace, []);
    await client.waitForIdle(sequence);
    const after = await client.request<DocumentStatus>(DOCUMENT_STATUS_REQUEST, { uri });
    assert.ok(before.kind === 'checked' && after.kind === 'checked');
    assert.equal(typeof before.lastCheckMs, 'number');
    assert.equal(after.lastCheckMs, before.lastCheckMs);
  });

  it('excluded by mcpdesc.files.exclude: the glob that matched, from the settings', async () => {
    assert.deepEqual(await statusOf('drafts/b.mcpdesc.json', UNKNOWN_STEP), {
      status: { kind: 'excluded', pattern: '**/drafts/**', from: 'settings' },
      ours: 0,
    });
  });

  it("excluded by a project configuration's exclude: the glob, and the configuration file", async () => {
    const { status, ours } = await statusOf('packages/legacy/old/c.mcpdesc.json', UNKNOWN_STEP);
    assert.equal(ours, 0);
    assert.equal(status.kind, 'excluded');
    assert.ok(status.kind === 'excluded');
    assert.equal(status.from, 'configuration');
    assert.deepEqual(status.files, [workspace.path('packages/legacy/mcpdesc-lint.config.json')]);
    assert.match(status.pattern, /old\/\*\*$/);
  });

  it('not an mcpdesc document: a plain JSON file', async () => {
    assert.deepEqual(await statusOf('package.json', '{ "name": "x", "tools": [] }\n'), {
      status: { kind: 'notMcpdesc' },
      ours: 0,
    });
  });

  it('mcpdesc.enable off for the file: disabled', async () => {
    assert.deepEqual(await statusOf('off.mcpdesc.json', UNKNOWN_STEP), { status: { kind: 'disabled' }, ours: 0 });
  });

  it('over mcpdesc.maxFileSizeMB: too large, with its size and the limit (one notice published, not a check)', async () => {
    const text = UNKNOWN_STEP.replace('"t"', `"${'t'.repeat(200)}"`);
    const { status, ours } = await statusOf('big.mcpdesc.json', text);
    assert.deepEqual(status, { kind: 'tooLarge', sizeBytes: Buffer.byteLength(text), limitMB: 0.0001 });
    assert.equal(ours, 1, 'the one "skipped" notice');
  });

  it('a project configuration file: configuration', async () => {
    assert.deepEqual((await statusOf('mcpdesc-lint.config.json', '{ "rules": {} }\n')).status, { kind: 'configuration' });
  });

  it('a document the server does not have open: notOpen; a malformed request: InvalidParams', async () => {
    assert.deepEqual(await client.request(DOCUMENT_STATUS_REQUEST, { uri: workspace.uri('never-opened.mcpdesc.json') }), {
      kind: 'notOpen',
    });
    await assert.rejects(client.request(DOCUMENT_STATUS_REQUEST, { uri: 3 }), (error: { code?: number; message?: string }) => {
      assert.equal(error.code, -32602);
      assert.match(error.message ?? '', /`uri` must be a string/);
      return true;
    });
  });
});
