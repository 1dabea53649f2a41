// Entry point of dist/browser/server.js: the language server in a web worker, for the extension in
// vscode.dev and github.dev. The client talks to it over the worker's messages; everything but this
// file and the runtime (lsp/browserRuntime.ts) is the Node server's own code.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { browserRuntime } from './lsp/browserRuntime';
import { LifecycleGate } from './lsp/lifecycleGate';
import { requestParamsProblem } from './lsp/requestParams';
import { startServer } from './lsp/startServer';

// The worker's global scope: its messages are the connection. (Typed as the reader takes it: this
// project compiles without the DOM's types.)
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0] & ConstructorParameters<typeof BrowserMessageWriter>[0];

const gate = new LifecycleGate(requestParamsProblem);
const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self), {
  messageStrategy: gate,
});
gate.install(connection);
startServer(connection, browserRuntime(connection));
