// The server's fix-all (source.fixAll.mcpdesc, and the "fix all in file" command) on broken steps
// (issue 15, item 1): no edit for a fix that cannot take hold (before, the same insertion 100 times,
// on every save with fix-on-save; test/fixSafety/fixAll.test.ts counts the tries), answered; a fix that
// works is offered once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Command } from 'vscode-languageserver-protocol';
import { FIX_ALL_CODE_ACTION_KIND, SERVER_COMMANDS } from '../../shared/src/constants';
import { LspTestClient } from '../server/lspClient';
import { ATTACHED, UNATTACHED } from './fixAllDocuments';

const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function isCodeAction(action: CodeAction | Command): action is CodeAction {
  return typeof (action as CodeAction).kind === 'string';
}

describe('fix-all over LSP on broken steps', () => {
  let client: LspTestClient;
  before(async () => {
    // The fix-all the editor is answered, not where a check runs: no document workers.
    client = await LspTestClient.start({ openChecksOnMainThread: true });
  });
  after(async () => {
    await client.stop();
  });

  UNATTACHED.forEach((document, index) => {
    // A hang guard, not a timing: fix-all planning the same insertion over and over (before) fails here.
    it(`${document.name}: no fix-all action, and the command applies nothing`, { timeout: 60_000 }, async () => {
      const uri = `file:///mcpdesc-fix-safety/unattached-${index}.mcpdesc.${document.format}`;
      await client.open(uri, document.text, document.format);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      assert.ok(diagnostics.some((diagnostic) => (diagnostic.data as { violation?: string }).violation === 'missing-content'));
      assert.deepEqual(await client.codeActions(uri, START, [], [FIX_ALL_CODE_ACTION_KIND]), []);
      const editsBefore = client.appliedEdits.length;
      assert.deepEqual(await client.executeCommand(SERVER_COMMANDS.fixAll, [uri]), { applied: 0 });
      assert.equal(client.appliedEdits.length, editsBefore);
      assert.equal(client.text(uri), document.text);
      await client.close(uri);
    });
  });

  it(`${ATTACHED.name}: the working fix is offered once, then nothing is left to offer`, async () => {
    const uri = 'file:///mcpdesc-fix-safety/attached.mcpdesc.json';
    await client.open(uri, ATTACHED.text);
    await client.diagnosticsFor(uri, 1);
    const [action] = (await client.codeActions(uri, START, [], [FIX_ALL_CODE_ACTION_KIND])).filter(isCodeAction);
    assert.ok(action, 'a fix-all action');
    const version = await client.applyEdits(uri, action.edit?.changes?.[uri] ?? []);
    assert.equal(client.text(uri).split('"content"').length, 2);
    const after = await client.diagnosticsFor(uri, version);
    assert.ok(!after.some((diagnostic) => (diagnostic.data as { violation?: string }).violation === 'missing-content'));
    assert.deepEqual(await client.codeActions(uri, START, [], [FIX_ALL_CODE_ACTION_KIND]), []);
    await client.close(uri);
  });
});
