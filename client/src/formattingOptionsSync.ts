// Tells the server each visible editor's tab size / insert-spaces (after VS Code's indentation
// detection), so text inserted by quick-fixes matches what the user sees. Code action requests do
// not carry formatting options; without these the server infers the document's own indentation.
import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import { FORMATTING_OPTIONS_NOTIFICATION, type FormattingOptionsParams } from '../../shared/src/constants';
import { isSelectedLanguage } from './documentSelector';

export function editorFormattingOptions(editor: vscode.TextEditor): FormattingOptionsParams['options'] | undefined {
  const { tabSize, insertSpaces } = editor.options;
  if (typeof tabSize !== 'number' || typeof insertSpaces !== 'boolean') return undefined;
  return { tabSize, insertSpaces };
}

export class FormattingOptionsSync implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly client: BaseLanguageClient) {
    this.disposables.push(
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((editor) => this.send(editor))),
      vscode.window.onDidChangeTextEditorOptions((event) => this.send(event.textEditor)),
      client.onDidChangeState((event) => {
        if (event.newState === State.Running) this.sendVisible();
      }),
    );
  }

  sendVisible(): void {
    for (const editor of vscode.window.visibleTextEditors) this.send(editor);
  }

  private send(editor: vscode.TextEditor): void {
    const document = editor.document;
    if (!isSelectedLanguage(document.languageId, document.uri.scheme) || this.client.state !== State.Running) return;
    const options = editorFormattingOptions(editor);
    if (!options) return;
    const params: FormattingOptionsParams = { uri: document.uri.toString(), options };
    void this.client.sendNotification(FORMATTING_OPTIONS_NOTIFICATION, params);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
