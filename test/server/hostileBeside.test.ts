// The desktop server over stdio (dist/server.js), whose open documents are checked in document
// workers, beside issue 32's hostile documents with the whole-document rules on: a small document
// opened after them gets its diagnostics, its outline and its quick-fixes; each hostile document
// ends with its own bounded result (the checker's budget) or the notice that its check did not
// finish, never nothing; and the server exits cleanly. Outcomes only: how long each took is the
// benchmark's business.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_STATUS_REQUEST, type DocumentStatus } from '../../shared/src/constants';
import { DOCUMENT_RULES_ON, HOSTILE_DOCUMENTS, hostileOutcomeProblem } from '../web/hostileScenario';
import { rulePageInvalidFixture } from './fixtures';
import { LspTestClient } from './lspClient';
import type { NodeInitializationOptions } from '../../server/src/lsp/nodeRuntime';

/** A hang guard, not a performance target. */
const HANG_GUARD_MS = 120_000;

describe('the desktop server beside hostile documents', () => {
  let client: LspTestClient;
  const uriOf = (name: string): string => `file:///mcpdesc-hostile-beside/${name}.mcpdesc.json`;
  const small = uriOf('small');

  before(async () => {
    // The checker's base budget given on `initialize` (checkBudgetMs; the extension gives none): each
    // hostile document's bound is what is asserted, not how much of a second it spends.
    client = await LspTestClient.start({
      timeoutMs: HANG_GUARD_MS,
      settings: DOCUMENT_RULES_ON,
      initializationOptions: { checkBudgetMs: 300 } satisfies NodeInitializationOptions,
    });
    for (const { name, build } of HOSTILE_DOCUMENTS) await client.open(uriOf(name), build());
    await client.open(small, rulePageInvalidFixture().text);
  });

  after(async () => {
    assert.equal(await client.stop(), 0, 'the server exits cleanly');
  });

  it('the small document opened after them gets its diagnostics, outline and quick-fixes', async () => {
    const diagnostics = await client.diagnosticsFor(small, 1);
    const violations = diagnostics.map((diagnostic) => (diagnostic.data as { violation?: string }).violation);
    for (const violation of ['invalid-content', 'schema-mismatch', 'unexpected-content', 'unknown-declaration'])
      assert.ok(violations.includes(violation), violations.join(', '));
    const outline = await client.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri: small } });
    assert.ok(outline.length > 0);
    const unknown = diagnostics.find(
      (diagnostic) => (diagnostic.data as { violation?: string }).violation === 'unknown-declaration',
    )!;
    const actions = await client.codeActions(small, unknown.range, [unknown]);
    assert.ok(actions.length > 0);
  });

  for (const { name } of HOSTILE_DOCUMENTS) {
    it(`${name}: its own bounded result, or the notice that its check did not finish; its status answers`, async () => {
      const diagnostics = await client.diagnosticsFor(uriOf(name), 1);
      assert.equal(hostileOutcomeProblem(diagnostics), undefined, JSON.stringify(diagnostics).slice(0, 400));
      const status = await client.request<DocumentStatus>(DOCUMENT_STATUS_REQUEST, { uri: uriOf(name) });
      assert.equal(status.kind, 'checked');
    });
  }
});
