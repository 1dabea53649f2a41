// What the language server takes from the runtime it runs in, so that everything else (startServer
// and what it imports) runs unchanged in Node and in a browser's web worker, as VS Code's JSON server
// takes its file access and timers from its node or browser main. Node's (nodeRuntime.ts) reads the
// disk, walks folders and checks closed files on worker threads; a browser's (browserRuntime.ts) has
// no disk: it lists and reads the workspace's files through the client, which uses vscode.workspace.fs
// (virtual workspaces included), and reads no project configuration files. Both check open documents
// in document workers where they can start them (workerOpenChecks.ts): a worker thread in Node, a
// web worker started by the server's own web worker in a browser.
import type { SuppressionCounts } from '../host/bulkSuppressions';
import type { DiskCheckAnswer, DiskCheckTask } from '../host/diskCheck';
import type { PathOps } from '../host/pathRules';
import type { ProjectConfigs } from '../host/projectConfig';
import type { TaskRunner } from '../host/taskRunner';
import type { DocumentWorkerPort } from './documentWorker';

export type DiskCheckRunner = TaskRunner<DiskCheckTask, DiskCheckAnswer>;

/** How URIs map to paths, and the path arithmetic on those paths. */
export interface RuntimePaths extends PathOps {
  /** The path of a URI: a `file:` URI's file-system path; for other schemes the URI's own path (never throws). */
  uriToFsPath(uri: string): string;
  /** One spelling per file, so that a file listed and the same file opened in the editor are known to be one document. */
  canonicalUri(uri: string): string;
  /** The path with symbolic links resolved (the path itself when there are none, or none can be known). */
  realPath(fsPath: string): string;
}

export interface ListFilesOptions {
  /** Whether a file found is a candidate (by its URI). */
  wantsFile(uri: string): boolean;
  /** Whether a folder below the listed one is left out (a nested workspace folder, listed by its own scan). */
  skipsFolder(uri: string): boolean;
  isCancelled(): boolean;
  /** Candidates as they are found, a batch at a time: the first checks start while the listing goes on. */
  onFiles(uris: string[]): void;
  onProblem(where: string, error: unknown): void;
}

/** The files nobody has open: how the workspace scan finds them and how a closed one is checked. */
export interface WorkspaceFileAccess {
  /** Whether files at this URI are the runtime's to list and read (Node: `file:` URIs only). */
  reads(uri: string): boolean;
  /** Why a workspace folder is not listed (a home directory, a file system root), or undefined when it is. */
  notListed(folderUri: string): string | undefined;
  /** Lists the candidate files below a folder; resolves to how many there were. */
  listFiles(folderUri: string, options: ListFilesOptions): Promise<number>;
  /**
   * A cheap look before a check is handed to the runner: 'skip' when there is nothing to check (the
   * file is gone, or a small file that `sniff` asks about has no root `mcpdesc` member).
   */
  triage(task: DiskCheckTask, sniff: boolean): 'skip' | 'check';
  /** Reads and checks closed files. */
  readonly runner: DiskCheckRunner;
  /** Whether the runner checks off this thread (worker threads): the scheduler then runs open and closed files side by side. */
  readonly offThread: boolean;
}

/** The project configuration files (mcpdesc-lint.config.*): found, read and cached by the host's ProjectConfigs. */
export type ProjectConfigSource = Pick<
  ProjectConfigs,
  'generation' | 'invalidate' | 'holdsConfigUnder' | 'forFile' | 'diagnosticsOf' | 'diagnosticsOfFile'
>;

/** The runtime's document workers (documentWorkerService.ts). */
export interface DocumentWorkers {
  /** Starts one; throws when it cannot. */
  start(): DocumentWorkerPort;
  /** How many may run at once (two at least: one document's long check must leave one for the others). */
  readonly count: number;
  /**
   * Whether two checks may start side by side at once: the machine has a core for each beside the
   * server's own thread. Otherwise one starts beside another only once that one ran past the
   * checker's budget (workerOpenChecks.ts).
   */
  readonly sideBySide: boolean;
  /** How long a task on a text of `length` characters may run before the server ends its worker (unfinishedCheck.ts). */
  timeBoxMs(length: number): number;
}

/** Reads a bulk suppressions file inside a workspace folder: its counts, nothing (no file), or why it cannot be used. */
export type SuppressionsReader = (
  filePath: string,
  folderPath: string,
) => { counts: SuppressionCounts } | { missing: true } | { problem: string };

export interface ServerRuntime {
  /** A name for the log: where this server runs. */
  readonly name: string;
  readonly paths: RuntimePaths;
  readonly files: WorkspaceFileAccess;
  readonly configs: ProjectConfigSource;
  /** Whether `configs` reads the project configuration files (a browser's reads none: the settings alone apply). */
  readonly readsConfigFiles: boolean;
  /**
   * Where open documents are checked where a check can be ended (workerOpenChecks.ts). Absent where
   * no worker can be started: they are then checked on this thread, where nothing can stop a check.
   */
  readonly documentWorkers?: DocumentWorkers;
  /** The CLI's bulk suppressions files (host/suppressionsFile.ts); a runtime without them shows baselined errors as errors. */
  readonly suppressions?: SuppressionsReader;
  /**
   * Where the rule pages are, which diagnostics link to: the docs/rules/ folder next to the bundle in
   * Node; in a browser the extension's own, as the client names it on `initialize` (empty before).
   */
  docsBaseUri(): string;
  /** Runs `callback` on a later turn of the event loop, after what is queued now (Node's setImmediate). */
  nextTurn(callback: () => void): void;
  /** Called first thing on `initialize` (the browser's runtime learns where the rule pages are). */
  initialize?(initializationOptions: unknown): void;
  /** The server shuts down: worker threads end. */
  close?(): Promise<void>;
}
