// The answer to `initialize`: what the client said is kept (ClientFacts, the workspace folders), the
// services that depend on it are made (ReadyServices), and the server's capabilities go back.
import { CodeActionKind, TextDocumentSyncKind, type InitializeParams, type InitializeResult } from 'vscode-languageserver';
import { FIX_ALL_CODE_ACTION_KIND, SERVER_COMMANDS } from '../../../shared/src/constants';
import { CheckScheduler, type CheckLanes } from './checkScheduler';
import { DiskDocumentChecks } from './diskDocumentChecks';
import { DocumentSettings } from './documentSettings';
import { editorOutlinesJson, editorReportsJsonSyntax, fixAllInQuickFixMenu, ruleDocumentationCommand } from './editorFeatures';
import { FileWatchRegistration } from './fileWatchers';
import { describeError } from '../host/documentPolicy';
import { navigationCapabilities } from './navigationHandlers';
import { OpenDocumentChecks } from './openDocumentChecks';
import { ScanProgress } from './scanProgress';
import type { ReadyServices, ServerServices } from './serverServices';
import { reportBusyChanges } from './serverStatus';
import { SettingsResolver } from './settingsResolver';
import { WorkspaceScan } from './workspaceScan';

/**
 * The scan's log line. The scan reads the files nobody has open (open ones are checked from the
 * editor's text, and counted only in the total), so the two numbers differ and each says what it counts.
 */
export function scanSummaryText(filesRead: number, elapsedMs: number, documentsChecked: number): string {
  const files = `${filesRead} ${filesRead === 1 ? 'file' : 'files'}`;
  const documents = `${documentsChecked} ${documentsChecked === 1 ? 'document' : 'documents'}`;
  return `Workspace scan done in ${elapsedMs} ms: ${files} read from disk; ${documents} checked in all, open ones included.`;
}

export function initializeServer(services: ServerServices, params: InitializeParams): InitializeResult {
  services.runtime.initialize?.(params.initializationOptions);
  services.client = {
    capabilities: params.capabilities,
    outlinesJson: editorOutlinesJson(params.initializationOptions),
    menu: {
      fixAll: fixAllInQuickFixMenu(params.initializationOptions),
      documentationCommand: ruleDocumentationCommand(params.initializationOptions),
    },
  };
  if (params.workspaceFolders) {
    services.folders.set(params.workspaceFolders);
  } else if (params.rootUri) {
    services.folders.set([{ uri: params.rootUri, name: 'root' }]);
  }
  services.ready = readyServices(services, params);
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      codeActionProvider: {
        codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_CODE_ACTION_KIND],
        resolveProvider: false,
      },
      executeCommandProvider: { commands: Object.values(SERVER_COMMANDS) },
      ...navigationCapabilities(params.capabilities),
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'mcpdesc-lsp' },
  };
}

function readyServices(services: ServerServices, params: InitializeParams): ReadyServices {
  const { connection, runtime, documents, folders, publisher, openChecks, isOpen, log, logError } = services;
  const { files } = runtime;
  const docsBaseUri = (): string => runtime.docsBaseUri();
  const settings = new SettingsResolver(connection, {
    canPull: params.capabilities.workspace?.configuration === true,
    log: logError,
  });
  const documentSettings = new DocumentSettings(settings, runtime.configs, folders);
  const checks = new OpenDocumentChecks({
    documents,
    settings,
    documentSettings,
    folders,
    publisher,
    log: logError,
    editorReportsJsonSyntax: editorReportsJsonSyntax(params.initializationOptions),
    openChecks,
    docsBaseUri,
  });
  const diskChecks = new DiskDocumentChecks({
    folders,
    settings,
    documentSettings,
    publisher,
    symbols: services.symbols,
    isOpen,
    log: logError,
    files,
    docsBaseUri,
  });
  const progress = new ScanProgress(connection, logError);
  // One job for every URI: the editor's text when the document is open, else the file on disk.
  const job = async (uri: string, signal: AbortSignal): Promise<void> => {
    try {
      await (documents.get(uri) ? checks.check(uri) : diskChecks.check(uri, signal));
    } finally {
      progress.completed(uri);
    }
  };
  // Open documents where openChecks checks them, the others where the runtime reads them: each on
  // this thread, one at a time, or off it, as many at once as there are slots.
  const lanes: CheckLanes = {
    laneOf: (uri) => (documents.get(uri) !== undefined ? 'openDocuments' : 'closedFiles'),
    offThread: { openDocuments: openChecks.offThread, closedFiles: files.offThread },
    slots: { openDocuments: openChecks.capacity, closedFiles: files.runner.capacity },
  };
  const scheduler = new CheckScheduler(
    job,
    (uri, error) => logError(`Scheduling a check of ${uri} failed: ${describeError(error)}`),
    undefined,
    lanes,
    runtime.nextTurn,
  );
  reportBusyChanges(
    connection,
    (listener) => scheduler.onBusyChange(listener),
    () => publisher.documentCount,
  );
  // Nothing queued or running: the workers' memory goes back now, not after their idle timeout,
  // while the user edits open documents (checked on this thread) the next closed file may be far off.
  // Not while a walk still queues files: the queue may run dry between two folders, and a worker
  // started again pays its start-up and compiles the checker anew.
  const releaseIdleWorkers = (): void => {
    if (!scheduler.isBusy && !progress.walking) diskChecks.runner.releaseIdle();
  };
  scheduler.onBusyChange((busy) => {
    if (!busy) releaseIdleWorkers();
  });
  const scan = new WorkspaceScan({ folders, settings, documentSettings, scheduler, publisher, progress, isOpen, log, files });
  progress.onFinished((summary) => {
    log(scanSummaryText(summary.files, summary.elapsedMs, publisher.documentCount));
    releaseIdleWorkers();
  });
  const watchers = new FileWatchRegistration(
    connection,
    params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    logError,
  );
  settings.onDidChange(() => services.recheckEverything());
  return { settings, documentSettings, scheduler, checks, diskChecks, scan, watchers };
}
