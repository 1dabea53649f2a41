// Runs in a Node worker thread (started by workerServer.ts): the browser build's server bundle,
// evaluated in a V8 context that has a web worker's globals and nothing of Node's, so that a use of
// require, process, Buffer, setImmediate or __dirname fails here as it would in a browser. `self`
// talks to the test over the thread's port, as a dedicated worker's global scope talks to the page.
// Its `Worker` starts the same bundle in a thread of this kind again, as a dedicated worker started
// by a worker (the server's document workers): its `location` is the bundle's URL, its `name` the
// one it was started with. A test may make such a worker hang on some documents' tasks (`hangOn`).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { parentPort, Worker as ThreadWorker, workerData } from 'node:worker_threads';

interface MessageListener {
  (event: { data: unknown }): void;
}

const port = parentPort;
if (!port) throw new Error('webWorkerScope.ts runs in a worker thread only');
const { bundle, name, hangOn, noCodeGeneration } = workerData as {
  bundle: string;
  name?: string;
  hangOn?: string;
  /** As under a content security policy without 'unsafe-eval': eval and new Function throw (workerServer.ts). */
  noCodeGeneration?: boolean;
};
const bundleUrl = pathToFileURL(bundle).href;

/**
 * A task a started worker (one with a name: a document worker) is to hang on: one on a document whose
 * URI contains `hangOn` (workerServer.ts). It is announced as started, as the worker would, and then
 * never handed to the bundle: a check that runs forever, as far as the server can tell.
 */
function hangs(data: unknown): { id: number } | undefined {
  if (hangOn === undefined || name === undefined) return undefined;
  const message = data as { kind?: unknown; id?: unknown; task?: { uri?: unknown; task?: { uri?: unknown } } };
  if (message.kind !== 'task' || typeof message.id !== 'number') return undefined;
  const uri = message.task?.uri ?? message.task?.task?.uri;
  return typeof uri === 'string' && uri.includes(hangOn) ? { id: message.id } : undefined;
}

const listeners: MessageListener[] = [];
port.on('message', (data: unknown) => {
  const hung = hangs(data);
  if (hung) {
    port.postMessage({ kind: 'started', id: hung.id });
    return;
  }
  for (const listener of [...listeners]) listener({ data });
});

const scope = {
  postMessage: (message: unknown) => port.postMessage(message),
  addEventListener: (type: string, listener: MessageListener) => {
    if (type === 'message') listeners.push(listener);
  },
  removeEventListener: (type: string, listener: MessageListener) => {
    const index = listeners.indexOf(listener);
    if (type === 'message' && index >= 0) listeners.splice(index, 1);
  },
  set onmessage(listener: MessageListener) {
    listeners.push(listener);
  },
  close: () => port.close(),
  name,
  location: { href: bundleUrl },
};

type WorkerEventType = 'message' | 'error' | 'messageerror';

/** A web worker's Worker, for this bundle only: a thread like this one, whose scope has the given name. */
class NestedWorker {
  private readonly thread: ThreadWorker;
  private readonly listeners: Record<WorkerEventType, Array<(event: { data?: unknown; message?: string }) => void>> = {
    message: [],
    error: [],
    messageerror: [],
  };

  constructor(url: string, options: { name?: string } = {}) {
    if (url !== bundleUrl) throw new Error(`this test's Worker starts ${bundleUrl} only, not ${url}`);
    this.thread = new ThreadWorker(__filename, { workerData: { bundle, name: options.name, hangOn, noCodeGeneration } });
    this.thread.on('message', (data: unknown) => {
      for (const listener of [...this.listeners.message]) listener({ data });
    });
    this.thread.on('error', (error: Error) => {
      for (const listener of [...this.listeners.error]) listener({ message: error.message });
    });
  }

  postMessage(message: unknown): void {
    this.thread.postMessage(message);
  }

  addEventListener(type: WorkerEventType, listener: (event: { data?: unknown; message?: string }) => void): void {
    this.listeners[type]?.push(listener);
  }

  terminate(): void {
    void this.thread.terminate();
  }
}

// A dedicated worker's globals the server may use (WorkerGlobalScope and its mixins); no Node ones.
const context = createContext(
  {
    self: scope,
    name,
    location: { href: bundleUrl },
    Worker: NestedWorker,
    postMessage: scope.postMessage,
    addEventListener: scope.addEventListener,
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    structuredClone,
    performance,
    TextEncoder,
    TextDecoder,
    URL,
    URLSearchParams,
    MessageChannel,
    AbortController,
    AbortSignal,
    Event,
    EventTarget,
  },
  // A policy without 'unsafe-eval' is the document's and every worker's it starts: V8's own switch.
  noCodeGeneration ? { codeGeneration: { strings: false } } : undefined,
);
(context as { globalThis?: unknown }).globalThis = context;
runInContext(readFileSync(bundle, 'utf8'), context, { filename: bundle });
