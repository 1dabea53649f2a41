// The extension's commands. Fixing and checking happen in the server (workspace/executeCommand);
// these only pick the target and report the outcome.
import * as vscode from 'vscode';
import { ExecuteCommandRequest, State, type BaseLanguageClient } from 'vscode-languageclient';
import { COMMANDS, SERVER_COMMANDS } from '../../shared/src/constants';
import { isSelectedLanguage } from './documentSelector';
import { editorFormattingOptions } from './formattingOptionsSync';
import { countProblems, type LanguageStatus } from './languageStatus';
import { showBaselinedProblems } from './baselinedProblems';

interface FixAllCommandResult {
  applied: number;
}

function ensureRunning(client: BaseLanguageClient): boolean {
  if (client.state === State.Running) return true;
  void vscode.window
    .showWarningMessage('The MCP Description server is not running.', 'Restart Server')
    .then((choice) => (choice ? vscode.commands.executeCommand(COMMANDS.restartServer) : undefined));
  return false;
}

async function fixAllInFile(client: BaseLanguageClient): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isSelectedLanguage(editor.document.languageId, editor.document.uri.scheme)) {
    void vscode.window.showInformationMessage('Open a JSON, JSONC or YAML file on disk to fix its MCP description problems.');
    return;
  }
  if (!ensureRunning(client)) return;
  const result = await client.sendRequest(ExecuteCommandRequest.type, {
    command: SERVER_COMMANDS.fixAll,
    arguments: [editor.document.uri.toString(), editorFormattingOptions(editor)],
  });
  const applied = (result as FixAllCommandResult | null)?.applied ?? 0;
  if (applied === 0) void vscode.window.showInformationMessage('No fixable MCP description problems in this file.');
}

/** A re-check of everything, with a progress notification until the server is idle and what it found. */
async function checkWorkspace(client: BaseLanguageClient, status: LanguageStatus): Promise<void> {
  if (!ensureRunning(client)) return;
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'MCP Description: checking the workspace…' },
    async () => {
      const idle = status.nextIdle(CHECK_WORKSPACE_TIMEOUT_MS);
      await client.sendRequest(ExecuteCommandRequest.type, { command: SERVER_COMMANDS.checkWorkspace, arguments: [] });
      await idle;
    },
  );
  const { problems, files } = countProblems(client);
  const documents = status.documentsChecked;
  const checked =
    documents === undefined ? 'Workspace checked' : `Checked ${documents} MCP description document${documents === 1 ? '' : 's'}`;
  const found =
    problems === 0 ? 'no problems' : `${problems} problem${problems === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
  const choice = await vscode.window.showInformationMessage(`${checked}: ${found}.`, ...(problems > 0 ? ['Show Problems'] : []));
  if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
}

/** A scan of a large workspace may take long; the progress does not stay up forever. */
const CHECK_WORKSPACE_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * A rule's page, shipped with the extension: its Markdown preview. On the desktop a file: URI; in a
 * browser the extension's own URI, which the preview reads unless the web host serves it over
 * http(s) (then the browser opens it).
 */
async function showRuleDocumentation(href: unknown): Promise<void> {
  if (typeof href !== 'string') return;
  const uri = vscode.Uri.parse(href);
  if (uri.scheme !== 'http' && uri.scheme !== 'https' && uri.path.endsWith('.md')) {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
    return;
  }
  await vscode.commands.executeCommand('vscode.open', uri);
}

/** The Node client restarts its process; the browser's stops and starts again (with a fresh worker: browserExtension.ts). */
function restart(client: BaseLanguageClient & { restart?(): Promise<void> }): Promise<void> {
  return client.restart ? client.restart() : client.stop().then(() => client.start());
}

export function registerCommands(client: BaseLanguageClient, status: LanguageStatus): vscode.Disposable[] {
  const report = (action: string) => (error: unknown) => {
    client.error(`${action} failed`, error, 'force');
  };
  return [
    vscode.commands.registerCommand(COMMANDS.restartServer, () => restart(client).catch(report('Restarting the server'))),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => client.outputChannel.show(true)),
    vscode.commands.registerCommand(COMMANDS.fixAllInFile, () => fixAllInFile(client).catch(report('Fix all problems in file'))),
    vscode.commands.registerCommand(COMMANDS.checkWorkspace, () =>
      checkWorkspace(client, status).catch(report('Check workspace')),
    ),
    vscode.commands.registerCommand(COMMANDS.showRuleDocumentation, (href: unknown) =>
      showRuleDocumentation(href).catch(report('Show rule documentation')),
    ),
    vscode.commands.registerCommand(COMMANDS.showBaselinedProblems, () =>
      ensureRunning(client) ? showBaselinedProblems(client).catch(report('Show baselined problems')) : undefined,
    ),
  ];
}
