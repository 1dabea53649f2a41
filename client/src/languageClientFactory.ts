// Builds the desktop's LanguageClient: the bundled server as a Node module over IPC, with the
// options both clients share (clientOptions.ts).
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { CLIENT_ID, CLIENT_NAME, clientOptions } from './clientOptions';
import { renameMiddleware } from './renameMiddleware';

export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.LogOutputChannel): LanguageClient {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions(outputChannel));
  // The client keeps this middleware object; the rename part needs the client it belongs to.
  Object.assign(client.middleware, renameMiddleware(client));
  return client;
}
