// The requests on open documents and the server's commands: code actions, navigation, the commands
// (fix all, check the workspace), the status item's document status and the baselined problems.
import type { CodeAction } from 'vscode-languageserver';
import {
  BASELINED_PROBLEMS_REQUEST,
  DOCUMENT_STATUS_REQUEST,
  type DocumentStatus,
  type DocumentStatusParams,
} from '../../../../shared/src/constants';
import { describeError } from '../../host/documentPolicy';
import { documentStatusOf } from '../documentStatus';
import { registerNavigationHandlers } from '../navigationHandlers';
import type { FileSymbol } from '../../checker/navigation';
import { workspaceSymbolsFor } from '../workspaceSymbols';
import { executeServerCommand } from '../serverCommands';
import type { ServerServices } from '../serverServices';

export function registerCodeActions(services: ServerServices): void {
  const { connection, documents, logError } = services;
  connection.onCodeAction(async (params): Promise<CodeAction[]> => {
    const document = documents.get(params.textDocument.uri);
    const ready = services.ready;
    if (!document || !ready) return [];
    try {
      const query = { kind: 'codeActions' as const, params, formatting: document.formatting, menu: services.client.menu };
      return (await ready.checks.ask(document.uri, query)) ?? [];
    } catch (error) {
      // A fix that throws must not break the editor's lightbulb for the other diagnostics' sake.
      logError(`Computing code actions for ${document.uri} failed: ${describeError(error)}`);
      return [];
    }
  });
}

export function registerNavigation(services: ServerServices): void {
  const capabilities = () => services.client.capabilities;
  registerNavigationHandlers(
    services.connection,
    async (request) => services.ready?.checks.ask(request.params.textDocument.uri, { kind: 'navigation', request }),
    {
      hierarchicalDocumentSymbols: () => capabilities().textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true,
      completionLabelDetails: () => capabilities().textDocument?.completion?.completionItem?.labelDetailsSupport === true,
      editorOutlinesJson: () => services.client.outlinesJson,
      completionSnippets: () => capabilities().textDocument?.completion?.completionItem?.snippetSupport === true,
      log: services.logError,
    },
  );
}

/**
 * Workspace symbols: the closed files' from their last checks (those the Problems panel shows, so a
 * file cleared there is left out here too), each open document's from its current check.
 */
export function registerWorkspaceSymbols(services: ServerServices): void {
  const { connection, documents, publisher, logError } = services;
  connection.onWorkspaceSymbol(async (params) => {
    const ready = services.ready;
    if (!ready) return [];
    const files = new Map<string, readonly FileSymbol[]>();
    const checked = new Set(publisher.uris);
    for (const [uri, symbols] of services.symbols.entries()) {
      if (checked.has(uri) && !services.isOpen(uri)) files.set(uri, symbols);
    }
    const open = documents.all().map(async (document) => {
      try {
        const symbols = await ready.checks.ask(document.uri, { kind: 'symbols' });
        if (symbols) files.set(document.uri, symbols);
      } catch (error) {
        logError(`Workspace symbols of ${document.uri} failed: ${describeError(error)}`);
      }
    });
    await Promise.all(open);
    return workspaceSymbolsFor(params.query, files);
  });
}

export function registerCommands(services: ServerServices): void {
  const { connection, documents } = services;
  connection.onExecuteCommand(async (params) => {
    const ready = services.ready;
    if (!ready) throw new Error('The server is not initialized yet.');
    return executeServerCommand(
      {
        connection,
        documents,
        checks: ready.checks,
        formattingFor: (uri) => documents.get(uri)?.formatting,
        supportsVersionedEdits: () => services.client.capabilities.workspace?.workspaceEdit?.documentChanges === true,
        checkWorkspace: () => services.recheckEverything(),
      },
      params,
    );
  });
}

export function registerStatusRequests(services: ServerServices): void {
  const { connection, documents, folders, baselines, runtime } = services;
  connection.onRequest(DOCUMENT_STATUS_REQUEST, async (params: DocumentStatusParams): Promise<DocumentStatus> => {
    const ready = services.ready;
    return ready
      ? documentStatusOf(
          {
            documents,
            folders,
            settings: ready.settings,
            documentSettings: ready.documentSettings,
            checkFacts: async (uri) => services.ready?.checks.ask(uri, { kind: 'status' }),
            configFilesRead: runtime.readsConfigFiles,
            docsBaseUri: runtime.docsBaseUri(),
          },
          params.uri,
        )
      : { kind: 'notOpen' };
  });

  connection.onRequest(BASELINED_PROBLEMS_REQUEST, () => baselines.problems());
}
