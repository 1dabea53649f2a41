// Wires the pieces to one connection. Each piece lives in its own module: the open documents (each
// an OpenDocument with its own state), the settings resolver, the scheduler (when checks run), the
// open-document checks (settings, publishing), the disk checks and the workspace scan (files nobody
// has open), the file watchers, the publisher (the only sender of diagnostics), code actions and
// commands.
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { releaseCompiledSchemas } from '../checker';
import {
  BASELINED_PROBLEMS_REQUEST,
  DOCUMENT_STATUS_REQUEST,
  FIX_ALL_CODE_ACTION_KIND,
  FORMATTING_OPTIONS_NOTIFICATION,
  SERVER_COMMANDS,
  type DocumentStatus,
  type DocumentStatusParams,
  VISIBLE_RANGES_NOTIFICATION,
} from '../../../shared/src/constants';
import { DEFAULT_SETTINGS, SETTINGS_SECTION } from '../../../shared/src/settings';
import { CheckPriority, CheckScheduler, type CheckLanes } from './checkScheduler';
import type { MenuOptions } from './codeActions';
import { BulkSuppressionsView } from './bulkSuppressionsView';
import { DiagnosticsPublisher } from './diagnosticsPublisher';
import { DiskDocumentChecks } from './diskDocumentChecks';
import { DocumentSettings } from './documentSettings';
import { documentStatusOf } from './documentStatus';
import { editorOutlinesJson, editorReportsJsonSyntax, fixAllInQuickFixMenu, ruleDocumentationCommand } from './editorFeatures';
import { FileWatchRegistration, handleWatchedFileChanges, touchesProjectConfig } from './fileWatchers';
import { describeError } from '../host/documentPolicy';
import { parseFormattingOptionsParams } from './formattingOptions';
import { LocalOpenChecks, type OpenChecks } from './openChecks';
import { WorkerOpenChecks } from './workerOpenChecks';
import { openDocumentsConfiguration, type OpenChecker, type OpenDocument } from './openDocument';
import { OpenDocumentChecks } from './openDocumentChecks';
import { OpenDocumentIndex } from './openDocumentIndex';
import { ScanProgress } from './scanProgress';
import { executeServerCommand } from './serverCommands';
import { reportBusyChanges } from './serverStatus';
import { SettingsResolver } from './settingsResolver';
import type { ServerRuntime } from './runtime';
import { WorkspaceFolders } from './workspaceFolders';
import { WorkspaceScan } from './workspaceScan';
import { navigationCapabilities, registerNavigationHandlers } from './navigationHandlers';
import { parseVisibleRangesParams } from './visibleRanges';

export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<OpenDocument>;
  folders: WorkspaceFolders;
  settings: SettingsResolver;
  publisher: DiagnosticsPublisher;
  scheduler: CheckScheduler;
  checks: OpenDocumentChecks;
  diskChecks: DiskDocumentChecks;
  scan: WorkspaceScan;
  watchers: FileWatchRegistration;
}

export interface ServerOptions {
  /**
   * What starts an open document's check: IncrementalDocument's unless given (a test server injects
   * a faulting one, and its documents are then checked on this thread).
   */
  checker?: OpenChecker;
}

/**
 * The scan's log line. The scan reads the files nobody has open (open ones are checked from the
 * editor's text, and counted only in the total), so the two numbers differ and each says what it counts.
 */
export function scanSummaryText(filesRead: number, elapsedMs: number, documentsChecked: number): string {
  const files = `${filesRead} ${filesRead === 1 ? 'file' : 'files'}`;
  const documents = `${documentsChecked} ${documentsChecked === 1 ? 'document' : 'documents'}`;
  return `Workspace scan done in ${elapsedMs} ms: ${files} read from disk; ${documents} checked in all, open ones included.`;
}

/** Serves `connection` with what `runtime` gives (file access, timers: see runtime.ts). */
export function startServer(connection: Connection, runtime: ServerRuntime, options: ServerOptions = {}): void {
  const log = (message: string): void => connection.console.log(message);
  const logError = (message: string): void => connection.console.error(message);
  const documents: TextDocuments<OpenDocument> = new TextDocuments(
    openDocumentsConfiguration((uri) => documents.get(uri), logError),
  );
  const { paths, files } = runtime;
  const openIndex = new OpenDocumentIndex(paths.canonicalUri);
  const isOpen = (uri: string): boolean => openIndex.has(uri);
  const folders = new WorkspaceFolders(paths);
  const publisher = new DiagnosticsPublisher(connection);
  const baselines = new BulkSuppressionsView(folders, runtime.suppressions, logError);
  publisher.useBaselines(baselines);
  // Open documents are checked where the runtime can end a check (document workers), else here.
  const openChecks: OpenChecks =
    options.checker === undefined && runtime.documentWorkers
      ? new WorkerOpenChecks(runtime.documentWorkers, logError)
      : new LocalOpenChecks(options.checker);

  let settings: SettingsResolver | undefined;
  let documentSettings: DocumentSettings | undefined;
  const configs = runtime.configs;
  let context: ServerContext | undefined;
  let clientCapabilities: InitializeParams['capabilities'] = {};
  let outlinesJson = false;
  let menu: MenuOptions = { fixAll: false };

  const recheckOpenDocuments = (): void => {
    if (!context) return;
    for (const document of documents.all()) context.scheduler.schedule(document.uri, CheckPriority.Open);
  };

  /** The watchers follow the include globs of every folder. */
  const updateWatchers = async (): Promise<void> => {
    if (!context || !settings) return;
    const includes: string[] = [];
    for (const folder of folders.all) includes.push(...(await settings.forResource(folder.uri)).files.include);
    context.watchers.update(includes);
  };

  /** Settings changed, or the user asked for it: every open document and every file on disk. */
  const recheckEverything = (): void => {
    if (!context) return;
    recheckOpenDocuments();
    void context.scan.scanAll().catch((error: unknown) => logError(`Scanning the workspace failed: ${describeError(error)}`));
    void updateWatchers();
  };

  connection.onInitialize((params): InitializeResult => {
    runtime.initialize?.(params.initializationOptions);
    clientCapabilities = params.capabilities;
    outlinesJson = editorOutlinesJson(params.initializationOptions);
    menu = {
      fixAll: fixAllInQuickFixMenu(params.initializationOptions),
      documentationCommand: ruleDocumentationCommand(params.initializationOptions),
    };
    if (params.workspaceFolders) {
      folders.set(params.workspaceFolders);
    } else if (params.rootUri) {
      folders.set([{ uri: params.rootUri, name: 'root' }]);
    }
    settings = new SettingsResolver(connection, {
      canPull: clientCapabilities.workspace?.configuration === true,
      log: logError,
    });
    documentSettings = new DocumentSettings(settings, configs, folders);
    const checks = new OpenDocumentChecks({
      documents,
      settings,
      documentSettings,
      folders,
      publisher,
      log: logError,
      editorReportsJsonSyntax: editorReportsJsonSyntax(params.initializationOptions),
      openChecks,
    });
    const diskChecks = new DiskDocumentChecks({ folders, settings, documentSettings, publisher, isOpen, log: logError, files });
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
      clientCapabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
      logError,
    );
    settings.onDidChange(recheckEverything);
    context = { connection, documents, folders, settings, publisher, scheduler, checks, diskChecks, scan, watchers };

    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        codeActionProvider: {
          codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_CODE_ACTION_KIND],
          resolveProvider: false,
        },
        executeCommandProvider: { commands: Object.values(SERVER_COMMANDS) },
        ...navigationCapabilities(clientCapabilities),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'mcpdesc-lsp' },
    };
  });

  connection.onInitialized(() => {
    log(`mcpdesc language server started (${folders.all.length} workspace folder(s)).`);
    if (clientCapabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
      // Without this, pull-model clients need not tell us that settings changed.
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    }
    if (clientCapabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        if (!context) return;
        const { scan } = context;
        context.diskChecks.forgetFolders();
        for (const removed of event.removed) folders.remove(removed.uri);
        for (const added of event.added) folders.add(added);
        // Folder-level settings and relative paths (so include/exclude globs) may have changed for
        // open documents and for the files of the folders that came or went; nothing else.
        settings?.dropCache();
        recheckOpenDocuments();
        const scans = [
          ...event.removed.map((folder) => scan.folderRemoved(folder)),
          ...event.added.map((folder) => scan.folderAdded(folder)),
        ];
        void Promise.all(scans).catch((error: unknown) =>
          logError(`Scanning a workspace folder failed: ${describeError(error)}`),
        );
        void updateWatchers();
      });
    }
    void context?.scan.scanAll().catch((error: unknown) => logError(`Scanning the workspace failed: ${describeError(error)}`));
    void updateWatchers();
    runtime.nextTurn(() => openChecks.warmUp(logError));
  });

  connection.onDidChangeWatchedFiles((params) => {
    if (!context) return;
    // A folder's symlink may have been pointed elsewhere.
    context.diskChecks.forgetFolders();
    const suppressionsChanged = params.changes.some(
      (change) =>
        files.reads(change.uri) &&
        baselines.isSuppressionsFile(paths.uriToFsPath(change.uri), DEFAULT_SETTINGS.bulkSuppressions.location),
    );
    if (suppressionsChanged) baselines.invalidate();
    if (suppressionsChanged || touchesProjectConfig(params.changes, configs, paths, files)) {
      // A configuration or suppressions file came, went or changed: what applies to any file below it
      // may differ, so everything is judged again with the files read anew (as a settings change does).
      configs.invalidate();
      recheckEverything();
      return;
    }
    handleWatchedFileChanges(params.changes, { scheduler: context.scheduler, publisher, isOpen, paths, files });
  });

  connection.onDidChangeConfiguration((params) => {
    settings?.changed(params.settings);
  });

  documents.onDidOpen((event) => {
    // A didOpen of a document already open replaced its text as a whole.
    if (openIndex.has(event.document.uri)) openChecks.reopened(event.document.uri);
    openIndex.opened(event.document.uri);
    context?.scheduler.schedule(event.document.uri, CheckPriority.Open);
  });

  documents.onDidChangeContent((event) => {
    // A version numbered backwards is a new state of the document, whose diagnostics must replace
    // those of the "newer" old version; the publisher would otherwise drop them as overtaken.
    if (event.document.startsNewNumbering(event.document.version)) publisher.endVersioning(event.document.uri);
    // Also fires right after onDidOpen; the scheduler keeps the earlier (immediate) due time.
    context?.scheduler.schedule(event.document.uri, CheckPriority.Open, event.document.delayForEdit());
  });

  documents.onDidClose((event) => {
    const uri = event.document.uri;
    openIndex.closed(uri);
    publisher.forgetView(uri);
    context?.scheduler.cancel(uri);
    settings?.forget(uri);
    openChecks.closed(uri);
    releaseCompiledSchemas();
    documentSettings?.forget(uri);
    // A file of the workspace falls back to its content on disk (which replaces the editor's
    // diagnostics, or clears them when it is gone or no mcpdesc document); anything else is cleared.
    const onDisk = paths.canonicalUri(uri);
    if (!context || !files.reads(uri) || !folders.folderOf(uri)) {
      publisher.clear(uri);
      return;
    }
    if (onDisk !== uri) publisher.clear(uri);
    publisher.endVersioning(onDisk);
    context.scheduler.schedule(onDisk, CheckPriority.Open);
  });

  connection.onNotification(FORMATTING_OPTIONS_NOTIFICATION, (params: unknown) => {
    const parsed = parseFormattingOptionsParams(params);
    const document = parsed && documents.get(parsed.uri);
    if (document) document.formatting = parsed.options;
  });

  // Where the editors look: a document with more problems than are sent shows those nearest, chosen
  // again from its last check (no new check) as the view moves.
  connection.onNotification(VISIBLE_RANGES_NOTIFICATION, (params: unknown) => {
    const parsed = parseVisibleRangesParams(params);
    if (parsed) publisher.showLines(parsed.uri, parsed.lines);
  });

  connection.onCodeAction(async (params): Promise<CodeAction[]> => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !context) return [];
    try {
      const query = { kind: 'codeActions' as const, params, formatting: document.formatting, menu };
      return (await context.checks.ask(document.uri, query)) ?? [];
    } catch (error) {
      // A fix that throws must not break the editor's lightbulb for the other diagnostics' sake.
      logError(`Computing code actions for ${document.uri} failed: ${describeError(error)}`);
      return [];
    }
  });

  registerNavigationHandlers(
    connection,
    async (request) =>
      context ? context.checks.ask(request.params.textDocument.uri, { kind: 'navigation', request }) : undefined,
    {
      hierarchicalDocumentSymbols: () =>
        clientCapabilities.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true,
      completionLabelDetails: () => clientCapabilities.textDocument?.completion?.completionItem?.labelDetailsSupport === true,
      editorOutlinesJson: () => outlinesJson,
      completionSnippets: () => clientCapabilities.textDocument?.completion?.completionItem?.snippetSupport === true,
      log: logError,
    },
  );

  connection.onExecuteCommand(async (params) => {
    if (!context) throw new Error('The server is not initialized yet.');
    const ready = context;
    return executeServerCommand(
      {
        connection,
        documents,
        checks: ready.checks,
        formattingFor: (uri) => documents.get(uri)?.formatting,
        supportsVersionedEdits: () => clientCapabilities.workspace?.workspaceEdit?.documentChanges === true,
        checkWorkspace: recheckEverything,
      },
      params,
    );
  });

  connection.onRequest(DOCUMENT_STATUS_REQUEST, async (params: DocumentStatusParams): Promise<DocumentStatus> =>
    settings && documentSettings
      ? documentStatusOf(
          {
            documents,
            folders,
            settings,
            documentSettings,
            checkFacts: async (uri) => context?.checks.ask(uri, { kind: 'status' }),
            configFilesRead: runtime.readsConfigFiles,
          },
          params.uri,
        )
      : { kind: 'notOpen' },
  );

  connection.onRequest(BASELINED_PROBLEMS_REQUEST, () => baselines.problems());

  connection.onShutdown(async () => {
    context?.scheduler.dispose();
    await openChecks.close();
    await runtime.close?.();
  });

  documents.listen(connection);
  connection.listen();
}
