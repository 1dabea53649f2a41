// Settings are pulled per resource with workspace/configuration and re-applied on
// didChangeConfiguration, without restarting the server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { RULE_PAGE_DIAGNOSTIC_COUNT, rulePageInvalidFixture } from './fixtures';
import { LspTestClient } from './lspClient';
import { elicitationOnly } from '../support/ruleScope';

const WORKSPACE = 'file:///mcpdesc-test/workspace';
const each = (severity: number): number[] => Array(RULE_PAGE_DIAGNOSTIC_COUNT).fill(severity);

describe('settings', () => {
  let client: LspTestClient;
  const perResource = new Map<string, unknown>();

  before(async () => {
    // Every document here is the rule page fixture (partial), counted by the elicitation rule: each
    // settings object below is that rule's preset plus what the test changes.
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      settings: elicitationOnly(),
      workspaceFolders: [{ uri: WORKSPACE, name: 'workspace' }],
      settingsFor: (scopeUri, section) => (section === 'mcpdesc' && scopeUri ? perResource.get(scopeUri) : undefined),
    });
  });

  after(async () => {
    await client.stop();
  });

  it('a severity change takes effect on the open document without a restart', async () => {
    const uri = `${WORKSPACE}/severity.mcpdesc.json`;
    await client.open(uri, rulePageInvalidFixture().text);
    const initial = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      initial.map((diagnostic) => diagnostic.severity),
      each(1),
    );

    let mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ rules: { [ELICITATION_RULE_ID]: 'warning' } }));
    const asWarnings = await client.waitForPublish(uri, () => true, mark);
    assert.equal(asWarnings.version, 1, 'the same version is re-published');
    assert.deepEqual(
      asWarnings.diagnostics.map((diagnostic) => diagnostic.severity),
      each(2),
    );

    mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ rules: { [ELICITATION_RULE_ID]: 'hint' } }));
    assert.deepEqual(
      (await client.waitForPublish(uri, () => true, mark)).diagnostics.map((diagnostic) => diagnostic.severity),
      each(4),
    );

    mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ rules: { [ELICITATION_RULE_ID]: 'off' } }));
    assert.deepEqual((await client.waitForPublish(uri, () => true, mark)).diagnostics, []);

    mark = client.lastSequence;
    // Not a severity (so not through elicitationOnly's typed rules): the rule's default applies.
    const preset = elicitationOnly();
    await client.setSettings({ ...preset, rules: { ...preset.rules, [ELICITATION_RULE_ID]: 'not-a-severity' } });
    assert.deepEqual(
      (await client.waitForPublish(uri, () => true, mark)).diagnostics.map((diagnostic) => diagnostic.severity),
      each(1),
    );
    await client.close(uri);
  });

  it('mcpdesc.enable false clears the diagnostics, true brings them back', async () => {
    const uri = `${WORKSPACE}/enable.mcpdesc.json`;
    await client.setSettings(elicitationOnly());
    await client.open(uri, rulePageInvalidFixture().text);
    assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
    let mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ enable: false }));
    assert.deepEqual((await client.waitForPublish(uri, () => true, mark)).diagnostics, []);
    // While disabled, edits publish nothing.
    const version = await client.applyEdits(uri, [
      { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, newText: ' ' },
    ]);
    mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ enable: true }));
    const back = await client.waitForPublish(uri, () => true, mark);
    assert.equal(back.version, version);
    assert.equal(back.diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);
    await client.close(uri);
  });

  it('settings are resolved per resource', async () => {
    await client.setSettings(elicitationOnly());
    const relaxed = `${WORKSPACE}/relaxed.mcpdesc.json`;
    const strict = `${WORKSPACE}/strict.mcpdesc.json`;
    perResource.set(relaxed, elicitationOnly({ rules: { [ELICITATION_RULE_ID]: 'information' } }));
    await client.open(relaxed, rulePageInvalidFixture().text);
    await client.open(strict, rulePageInvalidFixture().text);
    assert.deepEqual(
      (await client.diagnosticsFor(relaxed, 1)).map((diagnostic) => diagnostic.severity),
      each(3),
    );
    assert.deepEqual(
      (await client.diagnosticsFor(strict, 1)).map((diagnostic) => diagnostic.severity),
      each(1),
    );
    perResource.delete(relaxed);
    await client.close(relaxed);
    await client.close(strict);
  });

  it('files.exclude and files.include globs are matched against the workspace-relative path', async () => {
    const withoutMember = rulePageInvalidFixture().text.replace('"mcpdesc": "0.8.0"', '"specVersion": "0.8.0"');
    assert.notEqual(withoutMember, rulePageInvalidFixture().text);
    const excluded = `${WORKSPACE}/generated/out.mcpdesc.json`;
    const included = `${WORKSPACE}/specs/release.json`;
    await client.setSettings(elicitationOnly({ files: { exclude: ['generated/**'], include: [] } }));
    await client.open(excluded, rulePageInvalidFixture().text);
    await client.open(included, withoutMember);
    // A marker opened last: once it is published, the two before it were decided.
    const marker = `${WORKSPACE}/marker.mcpdesc.json`;
    await client.open(marker, '{ "mcpdesc": "0.8.0" }');
    await client.diagnosticsFor(marker, 1);
    assert.equal(client.publishes.filter((publish) => publish.uri === excluded || publish.uri === included).length, 0);

    const mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ files: { exclude: [], include: ['specs/*.json'] } }));
    assert.equal((await client.waitForPublish(excluded, () => true, mark)).diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);
    assert.equal((await client.waitForPublish(included, () => true, mark)).diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);
    for (const uri of [excluded, included, marker]) await client.close(uri);
    await client.setSettings(elicitationOnly());
  });

  it('a workspace folder added inside another re-bases the paths the globs see', async () => {
    const inner = `${WORKSPACE}/inner`;
    const uri = `${inner}/doc.mcpdesc.json`;
    await client.setSettings(elicitationOnly({ files: { exclude: ['inner/**'], include: [] } }));
    await client.open(uri, rulePageInvalidFixture().text);
    const marker = `${WORKSPACE}/marker-folders.mcpdesc.json`;
    await client.open(marker, '{ "mcpdesc": "0.8.0" }');
    await client.diagnosticsFor(marker, 1);
    assert.equal(client.publishes.filter((publish) => publish.uri === uri).length, 0, 'inner/** is excluded');

    const mark = client.lastSequence;
    await client.changeWorkspaceFolders([{ uri: inner, name: 'inner' }], []);
    // Inside its own (innermost) folder the document's path is doc.mcpdesc.json: no longer excluded.
    assert.equal((await client.waitForPublish(uri, () => true, mark)).diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);

    const removed = client.lastSequence;
    await client.changeWorkspaceFolders([], [{ uri: inner, name: 'inner' }]);
    assert.deepEqual((await client.waitForPublish(uri, () => true, removed)).diagnostics, []);
    await client.close(uri);
    await client.close(marker);
    await client.setSettings(elicitationOnly());
  });
});
