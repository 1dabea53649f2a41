// Starts the browser build's server (dist/browser/server.js) as a web worker is started, in a Node
// worker thread whose global scope is a web worker's (webWorkerScope.ts), and connects an LspSession
// to it over the thread's messages.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createMessageConnection, PortMessageReader, PortMessageWriter } from 'vscode-jsonrpc/node';
import { LspSession } from './lspSession';
import { repoPath } from '../support/repo';

export interface WorkerServer {
  session: LspSession;
  /** Errors the worker raised (an uncaught one ends it). */
  errors: Error[];
  stop(): Promise<void>;
}

export function startWorkerServer(files: ReadonlyMap<string, string> = new Map()): WorkerServer {
  const worker = new Worker(path.join(__dirname, 'webWorkerScope.js'), {
    workerData: { bundle: repoPath('dist', 'browser', 'server.js') },
  });
  const errors: Error[] = [];
  const connection = createMessageConnection(new PortMessageReader(worker), new PortMessageWriter(worker));
  const session = new LspSession(connection, files);
  worker.on('error', (error) => {
    errors.push(error);
    session.fail(error);
  });
  return {
    session,
    errors,
    async stop() {
      await session.shutdown().catch(() => undefined);
      connection.dispose();
      await worker.terminate();
    },
  };
}
