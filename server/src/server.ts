// Entry point of dist/server.js. On the main thread it is the language server (nodeServer.ts); in a
// worker thread, a document worker that checks open documents (lsp/documentWorkerService.ts) or a
// check worker of its own pool (checkWorker.ts). The one bundle serves both so
// that the .vsix carries the checker once for the server, not once more in dist/checkWorker.js
// (which the CLI runs): the browser's bundles must fit beside it under 1 MB. Each side is imported
// only where it runs, so a check worker initializes nothing of the language server.
import { isMainThread, workerData } from 'node:worker_threads';
import { DOCUMENT_WORKER_NAME } from './lsp/documentWorkerProtocol';

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
