// The language status item next to "JSON" in the status bar: checking / N problems / not checked
// (and why) / server stopped. The problem count is read from the client's own diagnostic collection
// (what the server published, for open and unopened files alike); the "checking" state and, once the
// server is idle, how many documents of the workspace it checked come from the server's status
// notification; whether the active document is checked at all, from mcpdesc/documentStatus, and, if
// so, two items of its own say what its check read and ran (format version and MCP revisions, time
// and configuration; the rules), each opening what applies when clicked (documentStatusText.ts).
import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import {
  COMMANDS,
  DOCUMENT_STATUS_REQUEST,
  STATUS_NOTIFICATION,
  type DocumentStatus,
  type DocumentStatusParams,
  type ServerStatus,
} from '../../shared/src/constants';
import { isSelectedLanguage, MCPDESC_DOCUMENT_SELECTOR } from './documentSelector';
import { checkedItems, notCheckedText, statusClick, type DocumentItem, type StatusClick } from './documentStatusText';

export function countProblems(client: BaseLanguageClient): { problems: number; files: number } {
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
  /** The checked active document's own items (checkedItems), by id; none while it is not checked. */
  private readonly documentItems = new Map<DocumentItem['id'], vscode.LanguageStatusItem>();
  private readonly disposables: vscode.Disposable[] = [];
  private checking = false;
  private readonly idleWaiters: Array<() => void> = [];
  /** Documents the server checked, as of its last idle status (undefined before the first one). */
  private documents: number | undefined;
  /** The server's answer for the active editor's document (undefined: none asked, or no answer). */
  private activeDocument: DocumentStatus | undefined;
  /** Bumped per question, so that an answer overtaken by a newer one is dropped. */
  private activeDocumentQuestion = 0;

  constructor(private readonly client: BaseLanguageClient) {
    this.item = vscode.languages.createLanguageStatusItem('mcpdesc.status', MCPDESC_DOCUMENT_SELECTOR);
    this.item.name = 'MCP Description';
    this.disposables.push(
      this.item,
      client.onDidChangeState((event) => {
        // A restarted server starts idle; do not keep showing "checking" from the previous one.
        if (event.newState !== State.Running) {
          this.checking = false;
          this.documents = undefined;
          this.activeDocument = undefined;
        } else {
          void this.askActiveDocument();
        }
        this.render();
      }),
      vscode.languages.onDidChangeDiagnostics(() => this.render()),
      vscode.window.onDidChangeActiveTextEditor(() => void this.askActiveDocument()),
      // vscode-languageclient keeps this handler across restarts.
      client.onNotification(STATUS_NOTIFICATION, (status: ServerStatus) => {
        this.checking = status.checking;
        if (typeof status.documents === 'number') this.documents = status.documents;
        if (!status.checking) {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
          // Settings or the configuration may have changed what is checked; the server is idle after re-checking.
          void this.askActiveDocument();
        }
        this.render();
      }),
    );
    this.render();
  }

  private render(): void {
    this.renderDocumentItems();
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
    const click = statusClick(this.activeDocument);
    if (click) item.command = commandOf(click);
    const notChecked = notCheckedText(this.activeDocument);
    if (notChecked) {
      item.text = notChecked.text;
      item.detail = notChecked.detail;
      return;
    }
    const { problems, files } = countProblems(this.client);
    item.text =
      problems === 0
        ? '$(check) MCP Description: no problems'
        : `MCP Description: ${problems} problem${problems === 1 ? '' : 's'}`;
    const checked =
      this.documents === undefined ? undefined : `${this.documents} document${this.documents === 1 ? '' : 's'} checked`;
    const where = problems === 0 ? undefined : `in ${files} file${files === 1 ? '' : 's'}`;
    item.detail = [where, checked].filter((part) => part !== undefined).join(' · ') || undefined;
    item.severity = problems === 0 ? vscode.LanguageStatusSeverity.Information : vscode.LanguageStatusSeverity.Warning;
  }

  /** The document's status changes with each of its checks (its time, its format version): asked again after each. */
  /** The checked document's items while the server is running and idle; none otherwise. */
  private renderDocumentItems(): void {
    const status = this.activeDocument;
    const wanted =
      status?.kind === 'checked' && this.client.state === State.Running && !this.checking ? checkedItems(status) : [];
    for (const [id, item] of this.documentItems) {
      if (!wanted.some((want) => want.id === id)) {
        item.dispose();
        this.documentItems.delete(id);
      }
    }
    for (const want of wanted) {
      let item = this.documentItems.get(want.id);
      if (!item) {
        item = vscode.languages.createLanguageStatusItem(want.id, MCPDESC_DOCUMENT_SELECTOR);
        this.documentItems.set(want.id, item);
      }
      item.name = want.name;
      item.text = want.text;
      item.detail = want.detail;
      item.command = want.click ? commandOf(want.click) : undefined;
    }
  }

  private async askActiveDocument(): Promise<void> {
    const question = ++this.activeDocumentQuestion;
    const document = vscode.window.activeTextEditor?.document;
    let answer: DocumentStatus | undefined;
    if (document && this.client.state === State.Running && isSelectedLanguage(document.languageId, document.uri.scheme)) {
      const params: DocumentStatusParams = { uri: this.client.code2ProtocolConverter.asUri(document.uri) };
      // No answer (an older server, a restart under way) leaves the item as it was before the request existed.
      answer = await this.client.sendRequest<DocumentStatus>(DOCUMENT_STATUS_REQUEST, params).catch(() => undefined);
    }
    if (question !== this.activeDocumentQuestion) return;
    this.activeDocument = answer;
    this.render();
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
    for (const item of this.documentItems.values()) item.dispose();
    this.documentItems.clear();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function commandOf(click: StatusClick): vscode.Command {
  switch (click.kind) {
    case 'openFile':
      return { title: click.title, command: 'vscode.open', arguments: [vscode.Uri.file(click.path)] };
    case 'ruleDocs':
      return { title: click.title, command: COMMANDS.showRuleDocumentation, arguments: [click.uri] };
    case 'settings':
      return { title: click.title, command: 'workbench.action.openSettings', arguments: [click.query] };
  }
}
