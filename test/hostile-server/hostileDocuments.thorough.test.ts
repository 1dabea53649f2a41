// The generated hostile case the fast tier's editor front (hostileDocuments.test.ts) leaves here: a
// second document that spends the whole time budget (anyof-ref-exponential), open in the editor
// over LSP with the built server, gets the result its case names; a healthy document opened after
// it is still checked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatedCase } from '../hostile/support/generatedCases';
import { rulePageInvalidFixture } from '../server/fixtures';
import { LspTestClient } from '../server/lspClient';
import { elicitationOnly } from '../support/ruleScope';
import { assertOpenCaseResult } from './generatedResults';

const HANG_GUARD_MS = 120_000;
const NAME = 'anyof-ref-exponential';

describe('hostile documents open in the editor: the second budget-spending case', () => {
  let client: LspTestClient;
  const uri = `file:///mcpdesc-hostile/${NAME}.mcpdesc.json`;
  const healthy = 'file:///mcpdesc-hostile/healthy.mcpdesc.json';
  const text = generatedCase(NAME).build();

  before(async () => {
    // Partial documents whose results are the consistency rule's: the elicitation preset.
    client = await LspTestClient.start({ timeoutMs: HANG_GUARD_MS, settings: elicitationOnly() });
    await client.open(uri, text);
    await client.open(healthy, rulePageInvalidFixture().text);
  });

  after(async () => {
    assert.equal(await client.stop(), 0, 'the server exits cleanly');
  });

  it(`gives ${NAME} the result its case names, and checks the healthy document opened after it`, async () => {
    assertOpenCaseResult(NAME, text, await client.diagnosticsFor(uri, 1));
    const healthyViolations = (await client.diagnosticsFor(healthy, 1)).map((diagnostic) =>
      String((diagnostic.data as { violation?: unknown } | undefined)?.violation),
    );
    assert.deepEqual(healthyViolations.sort(), [
      'invalid-content',
      'schema-mismatch',
      'unexpected-content',
      'unknown-declaration',
    ]);
  });
});
