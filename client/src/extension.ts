// Extension entry point (dist/extension.js): starts the language server and owns the VS Code UI
// around it. No checking happens here.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { registerCommands } from './commands';
import { FormattingOptionsSync } from './formattingOptionsSync';
import { CLIENT_NAME, createLanguageClient } from './languageClientFactory';
import { LanguageStatus } from './languageStatus';
import { VisibleRangesSync } from './visibleRangesSync';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const outputChannel = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  client = createLanguageClient(context, outputChannel);
  const status = new LanguageStatus(client);
  const formattingSync = new FormattingOptionsSync(client);
  const visibleRangesSync = new VisibleRangesSync(client);
  context.subscriptions.push(outputChannel, status, formattingSync, visibleRangesSync, ...registerCommands(client, status));
  try {
    await client.start();
    formattingSync.sendVisible();
    visibleRangesSync.report();
  } catch (error) {
    client.error('The MCP Description server could not start', error, 'force');
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
