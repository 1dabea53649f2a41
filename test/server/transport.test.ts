// dist/server.js speaks LSP over --node-ipc as well as --stdio (VS Code's client uses IPC).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIX_ALL_CODE_ACTION_KIND, SERVER_COMMANDS } from '../../shared/src/constants';
import { rulePageInvalidFixture, RULE_PAGE_DIAGNOSTIC_COUNT } from './fixtures';
import { LspTestClient, type Transport } from './lspClient';
import { elicitationOnly } from '../support/ruleScope';

describe('transports', () => {
  for (const transport of ['stdio', 'node-ipc'] as Transport[]) {
    it(`--${transport}: initializes, advertises its capabilities, publishes diagnostics`, async () => {
      // The rule page fixture (partial) counted by the elicitation rule: its preset.
      // The transport is what is tested, not where a check runs: open checks on the server's main thread.
      const client = await LspTestClient.start({ transport, settings: elicitationOnly(), openChecksOnMainThread: true });
      try {
        const capabilities = client.initializeResult.capabilities;
        assert.deepEqual(capabilities.textDocumentSync, { openClose: true, change: 2 });
        assert.deepEqual(capabilities.codeActionProvider, {
          codeActionKinds: ['quickfix', FIX_ALL_CODE_ACTION_KIND],
          resolveProvider: false,
        });
        assert.deepEqual(capabilities.executeCommandProvider?.commands, Object.values(SERVER_COMMANDS));
        const uri = `file:///mcpdesc-test/${transport}/doc.mcpdesc.json`;
        await client.open(uri, rulePageInvalidFixture().text);
        assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
      } finally {
        assert.equal(await client.stop(), 0);
      }
    });
  }
});
