// The language server's runtime in a browser's web worker (dist/browser/server.js, for vscode.dev
// and github.dev): no disk, no worker threads. Paths are the URIs' own (POSIX) paths; the workspace
// scan and the checks of closed files read through the client (mcpdesc/workspaceFiles and
// mcpdesc/readFile, answered with vscode.workspace.fs), one file at a time; project configuration
// files are not read (the settings apply); the event loop's next turn is a message the worker posts
// to itself. Where the browser lets this worker start web workers of its own (the entry passes
// `startDocumentWorker`), open documents are checked in document workers and closed files, once
// read, in one more: each ended when its check outlasts its time box. Without, both on this thread.
import type { Connection } from 'vscode-languageserver';
import { URI, Utils } from 'vscode-uri';
import {
  READ_FILE_REQUEST,
  WORKSPACE_FILES_REQUEST,
  type ReadFileParams,
  type ReadFileResult,
  type WorkspaceFilesParams,
  type WorkspaceFilesResult,
} from '../../../shared/src/constants';
import { IGNORED_DIRECTORY_NAMES } from '../host/candidates';
import { answerForRead, type DiskCheckAnswer, type DiskCheckTask } from '../host/closedFileCheck';
import { NO_PROJECT_CONFIG } from '../host/projectConfigTypes';
import { OVERSIZED_HEAD_BYTES } from '../host/sizeLimit';
import { TaskCancelled } from '../host/taskRunner';
import type {
  DiskCheckRunner,
  DocumentWorkers,
  ProjectConfigSource,
  RuntimePaths,
  ServerRuntime,
  WorkspaceFileAccess,
} from './runtime';
import { WorkerClosedFileChecks } from './workerClosedFileChecks';

/** Candidates handed to the scan at once; the event loop turns between batches, so edits are served during a long list. */
const LIST_BATCH = 200;

/** The initializationOptions members the browser server reads. */
export interface BrowserInitializationOptions {
  /** Where the extension's docs/rules/ folder is (the browser client sets it). */
  docsBaseUri?: string;
  /**
   * How long a document worker's task may run before the server ends it, in milliseconds, for any
   * text, in place of the runtime's time box (unfinishedCheck.ts). The extension sets none: a test
   * of *that* a check that never ends is cut gives a short one, so as not to wait 3 s for each.
   */
  timeBoxMs?: number;
}

/** `workers` with the time box the client gave, once it is known (else their own). */
function withGivenTimeBox(workers: DocumentWorkers, given: () => number | undefined): DocumentWorkers {
  return {
    start: () => workers.start(),
    count: workers.count,
    sideBySide: workers.sideBySide,
    timeBoxMs: (length) => given() ?? workers.timeBoxMs(length),
  };
}

// Paths here are the POSIX paths of URIs: vscode-uri's path arithmetic (the one VS Code's own web
// servers use) resolves and splits them, so nothing of it is written here but `relative`, which the
// library does not offer: it compares the two resolved paths segment by segment.

/** An absolute path as a URI of no scheme of its own, to do path arithmetic on (never turned into a string). */
function pathUri(path: string): URI {
  return URI.from({ scheme: 'file', path: path.startsWith('/') ? path : `/${path}` });
}

function resolve(...paths: string[]): string {
  return Utils.resolvePath(pathUri('/'), ...paths).path;
}

function relative(from: string, to: string): string {
  const fromParts = resolve(from).split('/').filter(Boolean);
  const toParts = resolve(to).split('/').filter(Boolean);
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
  return [...fromParts.slice(common).map(() => '..'), ...toParts.slice(common)].join('/');
}

/** As Node's posix dirname: a relative path without a folder is in '.'. */
function dirname(path: string): string {
  if (!path.startsWith('/') && !path.replace(/\/+$/, '').includes('/')) return '.';
  const parent = Utils.dirname(pathUri(path)).path;
  return path.startsWith('/') ? parent : parent.slice(1);
}

function basename(path: string): string {
  return Utils.basename(pathUri(path));
}

/** A URI's path, decoded: what recognition and the globs see of it, below its workspace folder. */
function uriPath(uri: string): string {
  try {
    return URI.parse(uri).path;
  } catch {
    return uri;
  }
}

export const browserPaths: RuntimePaths = {
  sep: '/',
  relative,
  isAbsolute: (path) => path.startsWith('/'),
  resolve,
  dirname,
  basename,
  uriToFsPath: uriPath,
  // The client names listed files and open documents alike with vscode.Uri's toString().
  canonicalUri: (uri) => uri,
  realPath: (path) => path,
};

/** No configuration files are read in a browser: every document has the settings alone. */
class NoProjectConfigs implements ProjectConfigSource {
  generation = 0;
  invalidate(): void {
    this.generation++;
  }
  holdsConfigUnder(): boolean {
    return false;
  }
  forFile(): typeof NO_PROJECT_CONFIG {
    return NO_PROJECT_CONFIG;
  }
  diagnosticsOf(): [] {
    return [];
  }
  diagnosticsOfFile(): undefined {
    return undefined;
  }
}

/**
 * Reads each closed file through the client, then checks it in `closedFiles`' worker (here when there
 * is none): one at a time, as the reads come back.
 */
class ClientReadRunner implements DiskCheckRunner {
  readonly size = 1;
  readonly capacity = 1;

  constructor(
    private readonly connection: Connection,
    private readonly closedFiles: WorkerClosedFileChecks | undefined,
  ) {}

  async run(task: DiskCheckTask, signal?: AbortSignal): Promise<DiskCheckAnswer> {
    if (signal?.aborted) throw new TaskCancelled();
    const params: ReadFileParams = { uri: task.uri, maxBytes: task.maxBytes, headBytes: OVERSIZED_HEAD_BYTES };
    const read = await this.connection.sendRequest<ReadFileResult>(READ_FILE_REQUEST, params);
    // The file changed or was opened while it was read: a newer check is queued.
    if (signal?.aborted) throw new TaskCancelled();
    return this.closedFiles ? this.closedFiles.check(task, read) : answerForRead(task, read);
  }

  releaseIdle(): void {}

  async close(): Promise<void> {
    this.closedFiles?.close();
  }
}

/** Whether `uri`, below `folderUri`, lies in a folder `skipsFolder` leaves out (a nested workspace folder). */
function inSkippedFolder(uri: string, folderUri: string, skipsFolder: (uri: string) => boolean): boolean {
  const base = folderUri.replace(/\/+$/, '');
  for (let slash = uri.indexOf('/', base.length + 1); slash > 0; slash = uri.indexOf('/', slash + 1)) {
    if (skipsFolder(uri.slice(0, slash))) return true;
  }
  return false;
}

export function browserFileAccess(
  connection: Connection,
  nextTurn: (callback: () => void) => void,
  closedFiles?: WorkerClosedFileChecks,
): WorkspaceFileAccess {
  return {
    // Anything the client's file systems serve (file:, vscode-vfs:, …); an untitled document has no file.
    reads: (uri) => !uri.startsWith('untitled:'),
    notListed: () => undefined,
    async listFiles(folderUri, options) {
      const params: WorkspaceFilesParams = { folderUri, skipDirectoryNames: [...IGNORED_DIRECTORY_NAMES] };
      const listed = await connection.sendRequest<WorkspaceFilesResult>(WORKSPACE_FILES_REQUEST, params);
      for (const problem of listed.problems) options.onProblem(problem.uri, new Error(problem.message));
      if (listed.truncated)
        options.onProblem(
          folderUri,
          new Error(`the listing stopped after ${listed.uris.length} files; the others are checked when opened`),
        );
      let count = 0;
      for (let start = 0; start < listed.uris.length && !options.isCancelled(); start += LIST_BATCH) {
        const batch = listed.uris
          .slice(start, start + LIST_BATCH)
          .filter((uri) => !inSkippedFolder(uri, folderUri, options.skipsFolder) && options.wantsFile(uri));
        count += batch.length;
        if (batch.length > 0) options.onFiles(batch);
        await new Promise<void>((resolve) => nextTurn(resolve));
      }
      return count;
    },
    // Whether the file is there is learnt by reading it: one request instead of two.
    triage: () => 'check',
    runner: new ClientReadRunner(connection, closedFiles),
    offThread: closedFiles !== undefined,
  };
}

/**
 * The next turn of a worker's event loop: a message posted to itself runs after what is queued now,
 * without the 4 ms a nested setTimeout waits.
 */
export function messageLoopTurn(): (callback: () => void) => void {
  const channel = new MessageChannel();
  const callbacks: Array<() => void> = [];
  channel.port1.addEventListener('message', () => callbacks.shift()?.());
  channel.port1.start();
  return (callback) => {
    callbacks.push(callback);
    channel.port2.postMessage(undefined);
  };
}

/** The browser's runtime; `workers` when this worker can start web workers of its own. */
export function browserRuntime(connection: Connection, ownWorkers?: DocumentWorkers): ServerRuntime {
  const nextTurn = messageLoopTurn();
  const log = (message: string): void => connection.console.error(message);
  // Known once the client says on `initialize`, before anything is checked (like docsBaseUri below).
  let givenTimeBoxMs: number | undefined;
  const workers = ownWorkers && withGivenTimeBox(ownWorkers, () => givenTimeBoxMs);
  const closedFiles = workers && new WorkerClosedFileChecks(workers, log);
  const files = browserFileAccess(connection, nextTurn, closedFiles);
  // Known once the client says on `initialize`, before anything is checked.
  let docsBaseUri = '';
  return {
    name: 'browser',
    paths: browserPaths,
    files,
    readsConfigFiles: false,
    configs: new NoProjectConfigs(),
    ...(workers && { documentWorkers: workers }),
    close: () => files.runner.close(),
    nextTurn,
    initialize(options) {
      const { docsBaseUri: given, timeBoxMs } = (options ?? {}) as BrowserInitializationOptions;
      if (typeof given === 'string') docsBaseUri = given.endsWith('/') ? given : `${given}/`;
      if (typeof timeBoxMs === 'number' && Number.isFinite(timeBoxMs) && timeBoxMs > 0) givenTimeBoxMs = timeBoxMs;
    },
    docsBaseUri: () => docsBaseUri,
  };
}
