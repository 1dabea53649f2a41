// Every fixture of the consistency rule's corpus opened in the real server publishes exactly its
// expected diagnostics, and every valid one none (fixtureDiagnostics.ts); the fast tier
// (diagnostics.test.ts) runs a representative few.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { elicitationOnly } from '../support/ruleScope';
import { invalidFixtures, validFixtures } from './fixtures';
import { assertInvalidFixturePublished, assertValidFixturePublished } from './fixtureDiagnostics';
import { LspTestClient } from './lspClient';

describe('diagnostics published by the server, on every fixture', () => {
  let client: LspTestClient;

  before(async () => {
    // The consistency rule's corpus is partial documents: the elicitation preset keeps this to that rule.
    client = await LspTestClient.start({ settings: elicitationOnly() });
  });

  after(async () => {
    assert.equal(await client.stop(), 0, 'the server exits cleanly after shutdown/exit');
  });

  for (const fixture of invalidFixtures()) {
    it(`${fixture.name}: the expected diagnostics`, async () => {
      await assertInvalidFixturePublished(client, fixture);
    });
  }

  for (const fixture of validFixtures()) {
    it(`${fixture.name}: no diagnostics`, async () => {
      await assertValidFixturePublished(client, fixture);
    });
  }
});
