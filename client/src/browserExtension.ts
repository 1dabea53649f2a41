// Extension entry point in the browser (dist/browser/extension.js, for vscode.dev and github.dev):
// the server runs in a web worker (dist/browser/server.js) and, having no disk, lists and reads the
// workspace's files through this client (workspaceFiles.ts). Everything else is the desktop's.
import * as vscode from 'vscode';
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  LanguageClient,
  type MessageTransports,
} from 'vscode-languageclient/browser';
import { startExtension, stopExtension } from './activation';
import { CLIENT_ID, CLIENT_NAME, clientOptions } from './clientOptions';
import { renameMiddleware } from './renameMiddleware';
import { serveWorkspaceFiles } from './workspaceFiles';

/** The browser extension host's Worker, as the message reader and writer take it (this project compiles without the DOM's types). */
type ServerWorker = ConstructorParameters<typeof BrowserMessageReader>[0] &
  ConstructorParameters<typeof BrowserMessageWriter>[0] & { terminate(): void };
declare const Worker: new (url: string) => ServerWorker;

/**
 * A web worker running the server bundle. VS Code's web worker extension host starts workers from an
 * extension's own URL (vscode.dev's, github.dev's), but not from a vscode-remote: one, an extension
 * installed on the server of a remote web host (code-server, VS Code Server in a browser): that
 * bundle is read through workspace.fs and started from a blob: URL instead.
 */
async function serverWorker(serverMain: vscode.Uri): Promise<ServerWorker> {
  if (serverMain.scheme !== 'vscode-remote') return new Worker(serverMain.toString(true));
  const code = await vscode.workspace.fs.readFile(serverMain);
  return new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
}

export function activate(context: vscode.ExtensionContext): Promise<void> {
  return startExtension(context, (outputChannel) => {
    const serverMain = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
    const docsBaseUri = `${vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules').toString()}/`;
    let worker: ServerWorker | undefined;
    // A fresh worker for every start: "Restart Server" stops the client and starts it again, and
    // the old worker, whose server has exited, is ended. The transports are made here: the
    // extension host's Worker (a proxy in recent VS Code) need not be an `instanceof Worker`, which
    // is how the client would tell a worker from transports.
    const startWorker = async (): Promise<MessageTransports> => {
      worker?.terminate();
      worker = await serverWorker(serverMain);
      return { reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) };
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, startWorker, clientOptions(outputChannel, { docsBaseUri }));
    Object.assign(client.middleware, renameMiddleware(client));
    return { client, disposables: serveWorkspaceFiles(client) };
  });
}

export function deactivate(): Promise<void> {
  return stopExtension();
}
