// Extension entry point on the desktop (dist/extension.js): the server runs as a Node process.
// The browser's entry is browserExtension.ts; what they share is activation.ts.
import type * as vscode from 'vscode';
import { startExtension, stopExtension } from './activation';
import { createLanguageClient } from './languageClientFactory';

export function activate(context: vscode.ExtensionContext): Promise<void> {
  return startExtension(context, (outputChannel) => ({ client: createLanguageClient(context, outputChannel) }));
}

export function deactivate(): Promise<void> {
  return stopExtension();
}
