// The quick-fix menu's extras for a client that asks for them: "Fix all auto-fixable problems"
// (running the server's fix-all command: the document comes out with no fixable problem left) and
// "Show documentation for <rule>" (the client's command, with the rule page's URI).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Command } from 'vscode-languageserver-protocol';
import { COMMANDS, ELICITATION_RULE_ID, SERVER_COMMANDS } from '../../shared/src/constants';
import { rulePageInvalidFixture } from './fixtures';
import { LspTestClient } from './lspClient';
import { elicitationOnly } from '../support/ruleScope';

function isCodeAction(action: CodeAction | Command): action is CodeAction {
  return typeof (action as CodeAction).kind === 'string';
}

describe('quick-fix menu extras', () => {
  let client: LspTestClient;

  before(async () => {
    // The rule page fixture's first problem is the elicitation rule's: its preset (the fixture is partial).
    // What the quick-fix menu offers, not where a check runs: open checks on the server's main thread.
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      settings: elicitationOnly(),
      initializationOptions: { ruleDocumentationCommand: COMMANDS.showRuleDocumentation, fixAllInQuickFixMenu: true },
    });
  });

  after(async () => {
    await client.stop();
  });

  it("after the fixes: fix all, then the rule's documentation", async () => {
    const fixture = rulePageInvalidFixture();
    const uri = 'file:///quick-fix-menu/rule-page.mcpdesc.json';
    await client.open(uri, fixture.text);
    const [first] = await client.diagnosticsFor(uri, 1);
    const actions = (await client.codeActions(uri, first.range, [first], ['quickfix'])).filter(isCodeAction);
    const extras = actions.filter((action) => action.command);
    assert.deepEqual(
      extras.map((action) => [action.title, action.kind, action.command?.command, action.command?.arguments]),
      [
        ['Fix all auto-fixable problems', 'quickfix', SERVER_COMMANDS.fixAll, [uri]],
        [
          `Show documentation for ${ELICITATION_RULE_ID}`,
          'quickfix',
          COMMANDS.showRuleDocumentation,
          [first.codeDescription?.href],
        ],
      ],
    );
    assert.match(String(first.codeDescription?.href), /^file:\/\/.*elicitation-consistency\.md$/);
    // The fixes come first, so the preferred one stays where Enter picks it.
    assert.ok(actions.indexOf(extras[0]) > 0);
  });

  it('no extras for a client that did not ask', async () => {
    // The same first problem as above, so the same preset.
    const plain = await LspTestClient.start({ openChecksOnMainThread: true, settings: elicitationOnly() });
    try {
      const fixture = rulePageInvalidFixture();
      const uri = 'file:///quick-fix-menu/plain.mcpdesc.json';
      await plain.open(uri, fixture.text);
      const [first] = await plain.diagnosticsFor(uri, 1);
      const actions = (await plain.codeActions(uri, first.range, [first], ['quickfix'])).filter(isCodeAction);
      assert.deepEqual(
        actions.filter((action) => action.command),
        [],
      );
    } finally {
      await plain.stop();
    }
  });
});
