// What both extension entries do once they have a client (extension.ts on the desktop,
// browserExtension.ts in vscode.dev and github.dev): the status item, the editor syncs and the
// commands around it, then start it. No checking happens here.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { CLIENT_NAME } from './clientOptions';
import { registerCommands } from './commands';
import { FormattingOptionsSync } from './formattingOptionsSync';
import { LanguageStatus } from './languageStatus';
import { VisibleRangesSync } from './visibleRangesSync';

let client: BaseLanguageClient | undefined;

export async function startExtension(
  context: vscode.ExtensionContext,
  createClient: (outputChannel: vscode.LogOutputChannel) => { client: BaseLanguageClient; disposables?: vscode.Disposable[] },
): Promise<void> {
  const outputChannel = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  const created = createClient(outputChannel);
  client = created.client;
  const status = new LanguageStatus(client);
  const formattingSync = new FormattingOptionsSync(client);
  const visibleRangesSync = new VisibleRangesSync(client);
  context.subscriptions.push(
    outputChannel,
    status,
    formattingSync,
    visibleRangesSync,
    ...(created.disposables ?? []),
    ...registerCommands(client, status),
  );
  try {
    await client.start();
    formattingSync.sendVisible();
    visibleRangesSync.report();
  } catch (error) {
    client.error('The MCP Description server could not start', error, 'force');
  }
}

export async function stopExtension(): Promise<void> {
  await client?.stop();
  client = undefined;
}
