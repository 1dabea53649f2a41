// What the Node and the browser clients share: the JSON/JSONC/YAML selector, the settings section
// the server pulls, the crash handling and the initializationOptions. The client id 'mcpdesc' makes
// vscode-languageclient honour the `mcpdesc.trace.server` setting by itself. Only how the server is
// started differs (languageClientFactory.ts: a Node process; browserExtension.ts: a web worker).
import * as vscode from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient';
import { COMMANDS, type InitializationOptions } from '../../shared/src/constants';
import { SETTINGS_SECTION } from '../../shared/src/settings';
import { crashHandler } from './crashHandler';
import { MCPDESC_DOCUMENT_SELECTOR } from './documentSelector';

export const CLIENT_ID = 'mcpdesc';
export const CLIENT_NAME = 'MCP Description';

export function clientOptions(outputChannel: vscode.LogOutputChannel, extra: InitializationOptions = {}): LanguageClientOptions {
  return {
    documentSelector: MCPDESC_DOCUMENT_SELECTOR,
    synchronize: { configurationSection: SETTINGS_SECTION },
    outputChannel,
    diagnosticCollectionName: CLIENT_ID,
    errorHandler: crashHandler(outputChannel),
    initializationOptions: { ...initializationOptions(), ...extra },
  };
}

/**
 * VS Code's JSON language features report the syntax errors of open JSON and JSONC documents (unless
 * `json.validate.enable` is off) and outline them; the server then leaves both to them. Read at
 * start: a change takes effect with "Restart Server".
 */
function initializationOptions(): InitializationOptions {
  const jsonFeatures = vscode.extensions.getExtension('vscode.json-language-features') !== undefined;
  const validates = vscode.workspace.getConfiguration('json').get<boolean>('validate.enable', true) !== false;
  return {
    editorReportsJsonSyntax: jsonFeatures && validates,
    editorOutlinesJson: jsonFeatures,
    ruleDocumentationCommand: COMMANDS.showRuleDocumentation,
    fixAllInQuickFixMenu: true,
  };
}
