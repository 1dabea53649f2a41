// Runs in a Node worker thread (started by workerServer.ts): the browser build's server bundle,
// evaluated in a V8 context that has a web worker's globals and nothing of Node's, so that a use of
// require, process, Buffer, setImmediate or __dirname fails here as it would in a browser. `self`
// talks to the test over the thread's port, as a dedicated worker's global scope talks to the page.
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';

interface MessageListener {
  (event: { data: unknown }): void;
}

const port = parentPort;
if (!port) throw new Error('webWorkerScope.ts runs in a worker thread only');
const { bundle } = workerData as { bundle: string };

const listeners: MessageListener[] = [];
port.on('message', (data: unknown) => {
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
};

// A dedicated worker's globals the server may use (WorkerGlobalScope and its mixins); no Node ones.
const context = createContext({
  self: scope,
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
});
(context as { globalThis?: unknown }).globalThis = context;
runInContext(readFileSync(bundle, 'utf8'), context, { filename: bundle });
