// Tells the server which lines of each JSON, JSONC and YAML document the editors show, so that a
// document with more problems than VS Code keeps per file gets the ones in view (see
// visibleRangesReporter.ts for when it is sent).
import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import { VISIBLE_RANGES_NOTIFICATION, type VisibleRangesParams } from '../../shared/src/constants';
import { isSelectedLanguage } from './documentSelector';
import { VisibleRangesReporter } from './visibleRangesReporter';

export class VisibleRangesSync implements vscode.Disposable {
  private readonly reporter: VisibleRangesReporter;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly client: BaseLanguageClient) {
    this.reporter = new VisibleRangesReporter((params) => {
      if (this.client.state === State.Running) void this.client.sendNotification(VISIBLE_RANGES_NOTIFICATION, params);
    });
    this.disposables.push(
      vscode.window.onDidChangeTextEditorVisibleRanges(() => this.report()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.report()),
      client.onDidChangeState((event) => {
        if (event.newState !== State.Running) return;
        this.reporter.reset();
        this.report();
      }),
    );
  }

  report(): void {
    const documents = new Map<string, VisibleRangesParams['ranges']>();
    for (const editor of vscode.window.visibleTextEditors) {
      const document = editor.document;
      if (!isSelectedLanguage(document.languageId, document.uri.scheme)) continue;
      const uri = document.uri.toString();
      const ranges = documents.get(uri) ?? [];
      for (const range of editor.visibleRanges) {
        ranges.push({
          start: { line: range.start.line, character: range.start.character },
          end: { line: range.end.line, character: range.end.character },
        });
      }
      documents.set(
        uri,
        ranges.sort((a, b) => a.start.line - b.start.line),
      );
    }
    this.reporter.shown(documents);
  }

  dispose(): void {
    this.reporter.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
