// Entry point of dist/server.js. On the main thread it is the language server (nodeServer.ts); in a
// worker thread, a document worker that checks open documents (lsp/documentWorkerService.ts) or a
// check worker of its own pool (checkWorker.ts). The one bundle serves both so
// that the .vsix carries the checker once for the server, not once more in dist/checkWorker.js
// (which the CLI runs): the browser's bundles must fit beside it under 1 MB. Each side is imported
// only where it runs, so a check worker initializes nothing of the language server.
import { isMainThread, workerData } from 'node:worker_threads';
import { setBaseBudgetMs } from './checker/timeBudget';
import { DOCUMENT_WORKER_NAME } from './lsp/documentWorkerProtocol';

// A test-only seam, read in every thread of the server (each has its own checker): the base time
// budget of a document check, so that a test of *that* a budget cuts work does not spend the real
// second on each check (test/hostile-server/hostileDocuments.test.ts). The extension never sets it;
// the thorough tier keeps cases under the real budget.
const testBudgetMs = process.env.MCPDESC_TEST_CHECK_BUDGET_MS;
if (testBudgetMs !== undefined) setBaseBudgetMs(Number(testBudgetMs));

if (isMainThread) {
  void import('./nodeServer.js').then(({ startNodeServer }) => startNodeServer(__filename));
} else {
  // A worker thread is one of two kinds: a document worker (open documents, lsp/documentWorkerService.ts)
  // or a check worker of the pool (closed files).
  if ((workerData as { role?: unknown } | undefined)?.role === DOCUMENT_WORKER_NAME) {
    void import('./lsp/nodeRuntime.js').then(({ serveDocumentWorkerThread }) => serveDocumentWorkerThread());
  } else {
    void import('./checkWorker.js');
  }
}
