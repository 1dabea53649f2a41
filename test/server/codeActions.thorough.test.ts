// The preferred quick-fix of every diagnostic of every invalid fixture, applied through the built
// server: the diagnostic is gone (preferredQuickFixes.ts). The fast tier (codeActions.test.ts) does
// so on one fixture per violation kind.
import { after, before, describe, it } from 'node:test';
import { LspTestClient } from './lspClient';
import { assertPreferredQuickFixesRemove, PREFERRED_FIX_FIXTURES, preferredQuickFixOutcome } from './preferredQuickFixes';
import { elicitationOnly } from '../support/ruleScope';

describe('code actions served by the server, on every invalid fixture', () => {
  let client: LspTestClient;

  before(async () => {
    // The fixes of the elicitation rules on its partial-document corpus: the elicitation preset.
    client = await LspTestClient.start({ settings: elicitationOnly() });
  });

  after(async () => {
    await client.stop();
  });

  it(
    `applying the preferred quick-fix removes its diagnostic (${PREFERRED_FIX_FIXTURES.length} fixtures)`,
    { timeout: 300_000 },
    async () => {
      assertPreferredQuickFixesRemove(await preferredQuickFixOutcome(client, PREFERRED_FIX_FIXTURES));
    },
  );
});
