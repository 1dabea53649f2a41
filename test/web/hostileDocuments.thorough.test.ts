// The browser build's server beside hostile documents, the cases the fast tier
// (hostileDocuments.test.ts) leaves here: issue 32's uniqueItems document (709 KB, seconds of work;
// the fast tier runs it beside the Node server, test/server/hostileBeside.test.ts), and the build's
// own time box (unfinishedCheck.ts boundingTimeBoxMs: 3 s for a small text), which the fast tier's
// checks that never end replace with a short one given on `initialize`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOCS_BASE, hangingClosedFile, issueDocumentBesideSmall, UNIQUE_ITEMS } from './hostileCases';
import { DOCUMENT_RULES_ON, HOSTILE_DOCUMENTS } from './hostileScenario';
import { startWorkerServer } from './workerServer';

describe('the browser build beside hostile documents: the issue’s largest, and its own time box', { timeout: 180_000 }, () => {
  it(`the issue's ${UNIQUE_ITEMS} document: a small document opened after it is checked and answered; it is cut or finishes`, async () => {
    const hostile = HOSTILE_DOCUMENTS.find(({ name }) => name === UNIQUE_ITEMS);
    assert.ok(hostile);
    const server = startWorkerServer({ settings: DOCUMENT_RULES_ON });
    try {
      await server.session.initialize(null, { docsBaseUri: DOCS_BASE });
      await issueDocumentBesideSmall(server, hostile);
    } finally {
      await server.stop();
    }
  });

  it('a closed file of the workspace whose check never ends: cut after 3 s, with its notice; the other files are checked', async () => {
    const notice = await hangingClosedFile();
    assert.match(String(notice.message), /it was stopped after 3\.0 s, so its problems are not shown/);
  });
});
