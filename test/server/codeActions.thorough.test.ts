// The preferred quick-fix of every diagnostic of every invalid fixture, applied through the built
// server: the diagnostic is gone (preferredQuickFixes.ts); and fix-all on every invalid fixture
// leaves no diagnostic that still has a preferred fix. The fast tier (codeActions.test.ts) does both
// on one fixture per violation kind.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LspTestClient } from './lspClient';
import {
  assertPreferredQuickFixesRemove,
  fixAllLeftovers,
  PREFERRED_FIX_FIXTURES,
  preferredQuickFixOutcome,
} from './preferredQuickFixes';
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

  it('fix-all on every invalid fixture leaves no diagnostic that still has a preferred fix', { timeout: 300_000 }, async () => {
    assert.deepEqual(await fixAllLeftovers(client, PREFERRED_FIX_FIXTURES, 'fixall-every'), []);
  });
});
