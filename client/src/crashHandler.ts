// Connects the restart policy to vscode-languageclient: what the user sees when the server dies.
// Details go to the output channel every time.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/src/constants';
import { CloseAction, ErrorAction, type ErrorHandler, type Message } from 'vscode-languageclient';
import { RestartPolicy } from './restartPolicy';

export const STOPPED_REPEATEDLY_MESSAGE = 'The MCP Description server stopped repeatedly and is not restarted automatically.';

async function offerRestart(): Promise<void> {
  const choice = await vscode.window.showErrorMessage(STOPPED_REPEATEDLY_MESSAGE, 'Restart Server', 'Show Output');
  if (choice === 'Restart Server') await vscode.commands.executeCommand(COMMANDS.restartServer);
  else if (choice === 'Show Output') await vscode.commands.executeCommand(COMMANDS.showOutput);
}

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
        // Our own notification, with buttons: the client's would only say it.
        void offerRestart();
        return { action: CloseAction.DoNotRestart, handled: true };
      }
      outputChannel.warn('The server stopped unexpectedly and is being restarted.');
      return decision.tellUser
        ? {
            action: CloseAction.Restart,
            message: 'The MCP Description server stopped unexpectedly and was restarted.',
            handled: false,
          }
        : { action: CloseAction.Restart, handled: true };
    },
  };
}
