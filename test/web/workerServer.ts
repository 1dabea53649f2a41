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

export interface WorkerServerOptions {
  /** The virtual workspace's files, URI -> text. */
  files?: ReadonlyMap<string, string>;
  /** What workspace/configuration answers for the `mcpdesc` section. */
  settings?: unknown;
  /**
   * A check the environment never lets end: in the server's document workers, a task on a document
   * whose URI contains this is started and never answered (webWorkerScope.ts), as a check that runs
   * forever would be. The server cannot tell the difference; the bundle has no such hook.
   */
  hangOn?: string;
  /** The worker runs as under a content security policy without 'unsafe-eval' (eval and new Function throw). */
  noCodeGeneration?: boolean;
}

export function startWorkerServer(options: WorkerServerOptions = {}): WorkerServer {
  const worker = new Worker(path.join(__dirname, 'webWorkerScope.js'), {
    workerData: {
      bundle: repoPath('dist', 'browser', 'server.js'),
      hangOn: options.hangOn,
      noCodeGeneration: options.noCodeGeneration,
    },
  });
  const errors: Error[] = [];
  const connection = createMessageConnection(new PortMessageReader(worker), new PortMessageWriter(worker));
  const session = new LspSession(connection, options.files, options.settings);
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
