// Connects the restart policy to vscode-languageclient: what the user sees when the server dies.
// Details go to the output channel every time.
import type * as vscode from 'vscode';
import { CloseAction, ErrorAction, type ErrorHandler, type Message } from 'vscode-languageclient/node';
import { RestartPolicy } from './restartPolicy';

export function crashHandler(outputChannel: vscode.LogOutputChannel, policy = new RestartPolicy()): ErrorHandler {
  return {
    error(error: Error, message: Message | undefined, count: number | undefined) {
      outputChannel.error(`Connection to the server: ${error.message}${message ? ` (${message.jsonrpc})` : ''}`);
      return { action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown };
    },
    closed() {
      const decision = policy.serverStopped();
      if (!decision.restart) {
        outputChannel.error('The server stopped repeatedly; it is not restarted again.');
        return { action: CloseAction.DoNotRestart, message: 'The MCP Description server stopped repeatedly. Run "MCP Description: Restart Server" after checking the output.' };
      }
      outputChannel.warn('The server stopped unexpectedly and is being restarted.');
      return decision.tellUser
        ? { action: CloseAction.Restart, message: 'The MCP Description server stopped unexpectedly and was restarted.', handled: false }
        : { action: CloseAction.Restart, handled: true };
    },
  };
}
