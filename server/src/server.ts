// Entry point of dist/server.js. On the main thread it is the language server (nodeServer.ts); in a
// worker thread of its own pool, a check worker (checkWorker.ts). The one bundle serves both so
// that the .vsix carries the checker once for the server, not once more in dist/checkWorker.js
// (which the CLI runs): the browser's bundles must fit beside it under 1 MB. Each side is imported
// only where it runs, so a check worker initializes nothing of the language server.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  void import('./nodeServer.js').then(({ startNodeServer }) => startNodeServer(__filename));
} else {
  void import('./checkWorker.js');
}
