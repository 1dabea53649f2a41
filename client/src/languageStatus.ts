// The language status item next to "JSON" in the status bar: checking / N problems / server stopped.
// The problem count is read from the client's own diagnostic collection (what the server published,
// for open and unopened files alike); the "checking" state and, once the server is idle, how many
// documents of the workspace it checked come from the server's status notification.
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS, STATUS_NOTIFICATION, type ServerStatus } from '../../shared/src/constants';
import { MCPDESC_DOCUMENT_SELECTOR } from './documentSelector';

export function countProblems(client: LanguageClient): { problems: number; files: number } {
  let problems = 0;
  let files = 0;
  client.diagnostics?.forEach((_uri, diagnostics) => {
    if (diagnostics.length > 0) {
      problems += diagnostics.length;
      files += 1;
    }
  });
  return { problems, files };
}

export class LanguageStatus implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly disposables: vscode.Disposable[] = [];
  private checking = false;
  private readonly idleWaiters: Array<() => void> = [];
  /** Documents the server checked, as of its last idle status (undefined before the first one). */
  private documents: number | undefined;

  constructor(private readonly client: LanguageClient) {
    this.item = vscode.languages.createLanguageStatusItem('mcpdesc.status', MCPDESC_DOCUMENT_SELECTOR);
    this.item.name = 'MCP Description';
    this.disposables.push(
      this.item,
      client.onDidChangeState((event) => {
        // A restarted server starts idle; do not keep showing "checking" from the previous one.
        if (event.newState !== State.Running) {
          this.checking = false;
          this.documents = undefined;
        }
        this.render();
      }),
      vscode.languages.onDidChangeDiagnostics(() => this.render()),
      // vscode-languageclient keeps this handler across restarts.
      client.onNotification(STATUS_NOTIFICATION, (status: ServerStatus) => {
        this.checking = status.checking;
        if (typeof status.documents === 'number') this.documents = status.documents;
        if (!status.checking) for (const resolve of this.idleWaiters.splice(0)) resolve();
        this.render();
      }),
    );
    this.render();
  }

  private render(): void {
    const item = this.item;
    item.command = { title: 'Show Output', command: COMMANDS.showOutput };
    item.severity = vscode.LanguageStatusSeverity.Information;
    item.busy = false;
    item.detail = undefined;
    switch (this.client.state) {
      case State.Starting:
        item.text = 'MCP Description: starting';
        item.busy = true;
        return;
      case State.Stopped:
      case State.StartFailed:
        item.text = '$(error) MCP Description: server stopped';
        item.detail = 'See the output for why';
        item.severity = vscode.LanguageStatusSeverity.Error;
        item.command = { title: 'Restart', command: COMMANDS.restartServer };
        return;
      case State.Running:
        break;
    }
    if (this.checking) {
      item.text = 'MCP Description: checking';
      item.busy = true;
      return;
    }
    const { problems, files } = countProblems(this.client);
    item.text = problems === 0 ? '$(check) MCP Description: no problems' : `MCP Description: ${problems} problem${problems === 1 ? '' : 's'}`;
    const checked = this.documents === undefined ? undefined : `${this.documents} document${this.documents === 1 ? '' : 's'} checked`;
    const where = problems === 0 ? undefined : `in ${files} file${files === 1 ? '' : 's'}`;
    item.detail = [where, checked].filter((part) => part !== undefined).join(' · ') || undefined;
    item.severity = problems === 0 ? vscode.LanguageStatusSeverity.Information : vscode.LanguageStatusSeverity.Warning;
  }

  /** Resolves when the server next says it is idle (after `timeoutMs` at the latest). */
  nextIdle(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** How many documents the server checked, as of its last idle status. */
  get documentsChecked(): number | undefined {
    return this.documents;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
