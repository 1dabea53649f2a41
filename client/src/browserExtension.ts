// Extension entry point in the browser (dist/browser/extension.js, for vscode.dev and github.dev):
// the server runs in a web worker (dist/browser/server.js) and, having no disk, lists and reads the
// workspace's files through this client (workspaceFiles.ts). Everything else is the desktop's.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { startExtension, stopExtension } from './activation';
import { CLIENT_ID, CLIENT_NAME, clientOptions } from './clientOptions';
import { renameMiddleware } from './renameMiddleware';
import { serveWorkspaceFiles } from './workspaceFiles';

/** The browser extension host's Worker, as far as it is used here (this project compiles without the DOM's types). */
interface ServerWorker {
  terminate(): void;
}
declare const Worker: new (url: string) => ServerWorker;

export function activate(context: vscode.ExtensionContext): Promise<void> {
  return startExtension(context, (outputChannel) => {
    const serverMain = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
    const docsBaseUri = `${vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules').toString()}/`;
    let worker: ServerWorker | undefined;
    // A fresh worker for every start: "Restart Server" stops the client and starts it again, and
    // the old worker, whose server has exited, is ended.
    const startWorker = async (): Promise<ServerWorker> => {
      worker?.terminate();
      worker = new Worker(serverMain.toString(true));
      return worker;
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, startWorker, clientOptions(outputChannel, { docsBaseUri }));
    Object.assign(client.middleware, renameMiddleware(client));
    return { client, disposables: serveWorkspaceFiles(client) };
  });
}

export function deactivate(): Promise<void> {
  return stopExtension();
}
