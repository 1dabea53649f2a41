// The browser build's server (in a web worker's globals, webWorkerScope.ts) beside documents whose
// check a browser cannot interrupt: it checks open documents, and closed files once read, in web
// workers of its own, ends one whose task outlasts its time box, and gives that document the notice
// that its check did not finish, while the other documents are checked and answered meanwhile.
// Outcomes only, no timing: which document got what, and in which order.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rulePageInvalidFixture } from '../server/fixtures';
import { DOCUMENT_RULES_ON, HOSTILE_DOCUMENTS, isUnfinishedNotice } from './hostileScenario';
import { startWorkerServer, type WorkerServer } from './workerServer';
import {
  assertHangingClosedFile,
  DOCS_BASE,
  HANGS,
  issueDocumentBesideSmall,
  ROOT,
  startWithHangingClosedFile,
  UNIQUE_ITEMS,
  violations,
} from './hostileCases';

const NO_WORKER_LOG = 'Could not start a worker';
/**
 * The time box the checks that never end get (given on `initialize`): these tests are about *that*
 * such a check is cut, not after how long; the build's own box is held in hostileDocuments.thorough.test.ts,
 * and the issue's documents below run under it. Long enough for the small document's check beside it.
 */
const HANG_TIME_BOX_MS = 1000;

describe('the browser build beside hostile documents', { timeout: 180_000 }, () => {
  // The issue's documents share one server, each run under a folder of its own.
  describe("the issue's documents", () => {
    let server: WorkerServer;

    before(async () => {
      server = startWorkerServer({ settings: DOCUMENT_RULES_ON });
      await server.session.initialize(null, { docsBaseUri: DOCS_BASE });
    });

    after(async () => {
      await server.stop();
    });

    // The issue's uniqueItems document (709 KB, seconds of work) runs on this front in the thorough
    // tier; in this one on the Node server's (test/server/hostileBeside.test.ts).
    for (const hostile of HOSTILE_DOCUMENTS.filter(({ name }) => name !== UNIQUE_ITEMS)) {
      it(`the issue's ${hostile.name} document: a small document opened after it is checked and answered; it is cut or finishes`, async () => {
        await issueDocumentBesideSmall(server, hostile);
      });
    }
  });

  // The two checks that never end, the closed file's and the open document's, share one server: its
  // scan's first (the closed file's check is cut while the test goes on), then the open documents.
  describe('checks that never end, with a short time box', () => {
    let server: WorkerServer;

    before(async () => {
      server = await startWithHangingClosedFile(HANG_TIME_BOX_MS);
    });

    after(async () => {
      await server.stop();
    });

    it('a closed file of the workspace whose check never ends: cut, with its notice; the other files are checked', async () => {
      const notice = await assertHangingClosedFile(server);
      assert.match(String(notice.message), /it was stopped after 1\.0 s/);
    });

    it('a check that never ends: cut, with its notice; the small document checked and answered meanwhile; edits checked after; tried again when edited', async () => {
      const { session } = server;
      const fixture = rulePageInvalidFixture();
      const hangingUri = `${ROOT}/${HANGS}.mcpdesc.json`;
      const smallUri = `${ROOT}/small.mcpdesc.json`;
      await session.open(hangingUri, 'json', fixture.text);
      await session.open(smallUri, 'json', fixture.text);
      // Checked and answered while the hanging check runs, or after it is cut (which of the two
      // depends on how fast a second worker starts): never after a check that does not end.
      const outline = await session.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri: smallUri } });
      assert.ok(outline.length > 0);
      const small = await session.diagnostics(smallUri);
      assert.deepEqual(violations(small), ['invalid-content', 'schema-mismatch', 'unexpected-content', 'unknown-declaration']);

      const [notice, ...others] = await session.diagnostics(hangingUri);
      assert.deepEqual(others, []);
      assert.ok(isUnfinishedNotice(notice), String(notice.message));
      assert.match(String(notice.message), /it was stopped after 1\.0 s, so its problems are not shown/);
      assert.equal(notice.severity, 3);
      assert.equal(notice.codeDescription?.href, `${DOCS_BASE}checker.md`);
      // Nothing else is asked of the version that did not finish: no code action, no outline.
      assert.deepEqual(await session.codeActions(hangingUri, notice.range, [notice]), []);

      // The worker that ran it was ended; the next checks run in a fresh one (or the other).
      const member = '"declaration": "missing",';
      const text = session.text(smallUri);
      const start = text.indexOf(member);
      const position = (offset: number) => {
        const lines = text.slice(0, offset).split('\n');
        return { line: lines.length - 1, character: lines[lines.length - 1].length };
      };
      session.applyWorkspaceEdit({
        changes: { [smallUri]: [{ range: { start: position(start), end: position(start + member.length) }, newText: '' }] },
      });
      assert.deepEqual(violations(await session.diagnostics(smallUri)), [
        'invalid-content',
        'schema-mismatch',
        'unexpected-content',
      ]);
      // An edit of the hanging document tries again (and is cut again).
      session.applyWorkspaceEdit({
        changes: {
          [hangingUri]: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: ' ' }],
        },
      });
      const again = await session.diagnostics(hangingUri);
      assert.equal(again.length, 1);
      assert.ok(isUnfinishedNotice(again[0]));
      assert.deepEqual(
        session.logMessages.filter((line) => line.startsWith(NO_WORKER_LOG)),
        [],
      );
      assert.ok(session.logMessages.some((line) => line.startsWith(`Checking ${hangingUri} (version 1) did not finish`)));
      assert.deepEqual(server.errors, []);
    });
  });
});
