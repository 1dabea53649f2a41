// The bounded echo of mcpdesc/documentStatus (documentStatusBounds.ts) on a document of 7 MB of
// version text, 30,000 revisions and a format version of a million characters, over stdio; the fast
// tier (documentStatus.test.ts) asks the same of half a megabyte.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_STATUS_REQUEST, type DocumentStatus } from '../../shared/src/constants';
import { LspTestClient } from './lspClient';
import { assertBoundedStatus, versionTextDocument } from './documentStatusBounds';

const UNKNOWN_STEP = `{
  "mcpdesc": "0.8.0",
  "tools": [{ "name": "t", "elicitations": [], "interactionExamples": { "e": { "steps": [{ "type": "elicitation", "declaration": "missing" }] } } }]
}
`;

describe('mcpdesc/documentStatus over LSP, on 7 MB of version text', () => {
  let client: LspTestClient;

  before(async () => {
    client = await LspTestClient.start({ timeoutMs: 120_000 });
  });

  after(async () => {
    await client.stop();
  });

  it('a document of 7 MB of version text: the answer echoes a bounded part of it, and counts the revisions it leaves out', async () => {
    const { text, version, revisions } = versionTextDocument(UNKNOWN_STEP, 30_000, 1_000_000);
    assert.ok(text.length > 7_000_000);
    const uri = 'file:///mcpdesc-document-status/versions.mcpdesc.json';
    await client.open(uri, text);
    await client.diagnosticsFor(uri, 1);
    assertBoundedStatus(await client.request<DocumentStatus>(DOCUMENT_STATUS_REQUEST, { uri }), version, revisions);
  });
});
