// Entry point of dist/browser/server.js: the language server in a web worker, for the extension in
// vscode.dev and github.dev. The client talks to it over the worker's messages; everything but this
// file and the runtime (lsp/browserRuntime.ts) is the Node server's own code. The same script, started
// again by the server as a web worker of its own under DOCUMENT_WORKER_NAME, is a document worker: it
// checks open documents (and closed files once read) where the server can end a check that outlasts
// its time box (lsp/workerOpenChecks.ts), which nothing can do on the server's own thread.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { browserRuntime } from './lsp/browserRuntime';
import type { DocumentWorkerPort } from './lsp/documentWorker';
import { DOCUMENT_WORKER_NAME, type DocumentWorkerMessage, type DocumentWorkerReply } from './lsp/documentWorkerProtocol';
import { serveDocumentWorker } from './lsp/documentWorkerService';
import { LifecycleGate } from './lsp/lifecycleGate';
import { requestParamsProblem } from './lsp/requestParams';
import type { DocumentWorkers } from './lsp/runtime';
import { startServer } from './lsp/startServer';
import { boundingTimeBoxMs } from './lsp/unfinishedCheck';

interface MessageEventLike {
  data: unknown;
}

/** What this file uses of a web worker (typed here: this project compiles without the DOM's types). */
interface WebWorker {
  postMessage(message: unknown): void;
  addEventListener(
    type: 'message' | 'error' | 'messageerror',
    listener: (event: MessageEventLike & { message?: string }) => void,
  ): void;
  terminate(): void;
}

// The worker's global scope: its messages are the connection (typed as the reader takes it).
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0] & ConstructorParameters<typeof BrowserMessageWriter>[0];

/** The rest of what this file uses of its global scope. */
interface WorkerGlobalScopeLike {
  name?: string;
  location?: { href: string };
  navigator?: { hardwareConcurrency?: number };
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  postMessage(message: unknown): void;
}
const scope = self as unknown as WorkerGlobalScopeLike;
declare const Worker: (new (url: string, options?: { name?: string }) => WebWorker) | undefined;

/** A web worker of this very script, as a document worker (a web worker may start dedicated workers of its own). */
function startDocumentWorker(): DocumentWorkerPort {
  const script = scope.location?.href;
  if (typeof Worker !== 'function' || script === undefined) throw new Error('this worker cannot start workers of its own');
  const worker = new Worker(script, { name: DOCUMENT_WORKER_NAME });
  let terminated = false;
  return {
    post: (message) => worker.postMessage(message),
    onReply: (listener) => worker.addEventListener('message', (event) => listener(event.data as DocumentWorkerReply)),
    onEnd: (listener) => {
      // A worker that fails to load, or throws outside a task, is of no more use: the server ends it.
      worker.addEventListener('error', (event) => {
        if (!terminated) listener(event.message ?? 'an error');
      });
      worker.addEventListener('messageerror', () => {
        if (!terminated) listener('a message it could not read');
      });
    },
    terminate: () => {
      terminated = true;
      worker.terminate();
    },
  };
}

/** Whether this worker can start document workers, how many to run at once, and for how long a task. */
function documentWorkers(): DocumentWorkers | undefined {
  if (typeof Worker !== 'function' || scope.location?.href === undefined) return undefined;
  const cores = scope.navigator?.hardwareConcurrency ?? 2;
  // No watchdog interrupts a costly step here: the time box is what bounds it.
  return {
    start: startDocumentWorker,
    count: Math.min(4, Math.max(2, cores - 1)),
    sideBySide: cores >= 4,
    timeBoxMs: boundingTimeBoxMs,
  };
}

if (scope.name === DOCUMENT_WORKER_NAME) {
  serveDocumentWorker({
    onMessage: (listener) => scope.addEventListener('message', (event) => listener(event.data as DocumentWorkerMessage)),
    post: (reply) => scope.postMessage(reply),
  });
} else {
  const gate = new LifecycleGate(requestParamsProblem);
  const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self), {
    messageStrategy: gate,
  });
  gate.install(connection);
  startServer(connection, browserRuntime(connection, documentWorkers()));
}
