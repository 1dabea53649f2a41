// Entry point of dist/server.js. The transport comes from the command line (--stdio, --node-ipc,
// --socket=N), as every LSP client passes it.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp/startServer';

startServer(createConnection(ProposedFeatures.all));
