// Builds the LanguageClient: the bundled server as a node module over IPC, the JSON/JSONC/YAML selector,
// and the settings section the server pulls. The client id 'mcpdesc' makes vscode-languageclient
// honour the `mcpdesc.trace.server` setting by itself.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { COMMANDS, type InitializationOptions } from '../../shared/src/constants';
import { SETTINGS_SECTION } from '../../shared/src/settings';
import { crashHandler } from './crashHandler';
import { MCPDESC_DOCUMENT_SELECTOR } from './documentSelector';
import { renameMiddleware } from './renameMiddleware';

export const CLIENT_ID = 'mcpdesc';
export const CLIENT_NAME = 'MCP Description';

export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.LogOutputChannel): LanguageClient {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: MCPDESC_DOCUMENT_SELECTOR,
    synchronize: { configurationSection: SETTINGS_SECTION },
    outputChannel,
    diagnosticCollectionName: CLIENT_ID,
    errorHandler: crashHandler(outputChannel),
    initializationOptions: initializationOptions(),
  };
  const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  // The client keeps this middleware object; the rename part needs the client it belongs to.
  Object.assign(client.middleware, renameMiddleware(client));
  return client;
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
