// The language server's services: what the handlers (handlers/) share, made in two steps. What
// exists from the start (the open documents, folders, publisher, baselines, where open documents
// are checked) is made with the object; what depends on the client (settings, checks, scheduler,
// scan, watchers) is made on `initialize` (initializeServer.ts) and is `ready` from then on. A handler
// registers with one line in startServer.ts and takes from here what it uses.
import { TextDocuments, type Connection, type InitializeParams } from 'vscode-languageserver';
import { BulkSuppressionsView } from './bulkSuppressionsView';
import type { CheckScheduler } from './checkScheduler';
import type { MenuOptions } from './codeActions';
import { DiagnosticsPublisher } from './diagnosticsPublisher';
import type { DiskDocumentChecks } from './diskDocumentChecks';
import type { DocumentSettings } from './documentSettings';
import type { FileWatchRegistration } from './fileWatchers';
import { describeError } from '../host/documentPolicy';
import { LocalOpenChecks, type OpenChecks } from './openChecks';
import { openDocumentsConfiguration, type OpenChecker, type OpenDocument } from './openDocument';
import type { OpenDocumentChecks } from './openDocumentChecks';
import { OpenDocumentIndex } from './openDocumentIndex';
import type { ServerRuntime } from './runtime';
import type { SettingsResolver } from './settingsResolver';
import { WorkerOpenChecks } from './workerOpenChecks';
import { WorkspaceFolders } from './workspaceFolders';
import { WorkspaceSymbolIndex } from './workspaceSymbols';
import type { WorkspaceScan } from './workspaceScan';
import { CheckPriority } from './checkScheduler';

export interface ServerOptions {
  /**
   * What starts an open document's check: IncrementalDocument's unless given (a test server injects
   * a faulting one, and its documents are then checked on this thread).
   */
  checker?: OpenChecker;
}

/** What the client said on `initialize` that the handlers read later. */
export interface ClientFacts {
  capabilities: InitializeParams['capabilities'];
  /** The client's editor outlines JSON documents itself (editorFeatures.ts). */
  outlinesJson: boolean;
  menu: MenuOptions;
}

/** The services made on `initialize`, from the client's capabilities and settings. */
export interface ReadyServices {
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
  scheduler: CheckScheduler;
  checks: OpenDocumentChecks;
  diskChecks: DiskDocumentChecks;
  scan: WorkspaceScan;
  watchers: FileWatchRegistration;
}

export class ServerServices {
  readonly log = (message: string): void => this.connection.console.log(message);
  readonly logError = (message: string): void => this.connection.console.error(message);
  readonly documents: TextDocuments<OpenDocument>;
  readonly openIndex: OpenDocumentIndex;
  readonly isOpen = (uri: string): boolean => this.openIndex.has(uri);
  readonly folders: WorkspaceFolders;
  readonly publisher: DiagnosticsPublisher;
  readonly baselines: BulkSuppressionsView;
  /** The closed files' tools and components, as their checks answered them (workspaceSymbols.ts). */
  readonly symbols = new WorkspaceSymbolIndex();
  /** Open documents are checked where the runtime can end a check (document workers), else here. */
  readonly openChecks: OpenChecks;
  client: ClientFacts = { capabilities: {}, outlinesJson: false, menu: { fixAll: false } };
  /** Undefined until the client's `initialize`. */
  ready: ReadyServices | undefined;

  constructor(
    readonly connection: Connection,
    readonly runtime: ServerRuntime,
    options: ServerOptions,
  ) {
    this.documents = new TextDocuments(openDocumentsConfiguration((uri) => this.documents.get(uri), this.logError));
    this.openIndex = new OpenDocumentIndex(runtime.paths.canonicalUri);
    this.folders = new WorkspaceFolders(runtime.paths);
    this.publisher = new DiagnosticsPublisher(connection);
    this.baselines = new BulkSuppressionsView(this.folders, runtime.suppressions, this.logError);
    this.publisher.useBaselines(this.baselines);
    this.openChecks =
      options.checker === undefined && runtime.documentWorkers
        ? new WorkerOpenChecks(runtime.documentWorkers, this.logError, () => runtime.docsBaseUri())
        : new LocalOpenChecks(options.checker);
  }

  recheckOpenDocuments(): void {
    if (!this.ready) return;
    for (const document of this.documents.all()) this.ready.scheduler.schedule(document.uri, CheckPriority.Open);
  }

  /** The watchers follow the include globs of every folder. */
  async updateWatchers(): Promise<void> {
    const ready = this.ready;
    if (!ready) return;
    const includes: string[] = [];
    for (const folder of this.folders.all) includes.push(...(await ready.settings.forResource(folder.uri)).files.include);
    ready.watchers.update(includes);
  }

  /** Settings changed, or the user asked for it: every open document and every file on disk. */
  recheckEverything(): void {
    if (!this.ready) return;
    this.recheckOpenDocuments();
    this.scanAll();
    void this.updateWatchers();
  }

  scanAll(): void {
    void this.ready?.scan
      .scanAll()
      .catch((error: unknown) => this.logError(`Scanning the workspace failed: ${describeError(error)}`));
  }
}
