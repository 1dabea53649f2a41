// What happens when the server process dies: it is restarted, and the user is told once per
// session (not once per crash); after repeated crashes in a short time it stays stopped, with one
// error message offering the output. Details go to the output channel every time.
import type * as vscode from 'vscode';
import { CloseAction, ErrorAction, type ErrorHandler, type Message } from 'vscode-languageclient/node';

const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

export function crashHandler(outputChannel: vscode.LogOutputChannel): ErrorHandler {
  const restarts: number[] = [];
  let told = false;
  return {
    error(error: Error, message: Message | undefined, count: number | undefined) {
      outputChannel.error(`Connection to the server: ${error.message}${message ? ` (${message.jsonrpc})` : ''}`);
      return { action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown };
    },
    closed() {
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        outputChannel.error('The server stopped repeatedly; it is not restarted again.');
        return { action: CloseAction.DoNotRestart, message: 'The MCP Description server stopped repeatedly. Run "MCP Description: Restart Server" after checking the output.' };
      }
      restarts.push(now);
      outputChannel.warn('The server stopped unexpectedly and is being restarted.');
      if (!told) {
        told = true;
        return { action: CloseAction.Restart, message: 'The MCP Description server stopped unexpectedly and was restarted.', handled: false };
      }
      return { action: CloseAction.Restart, handled: true };
    },
  };
}
