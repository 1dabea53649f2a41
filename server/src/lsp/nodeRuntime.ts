// The language server's runtime in Node (dist/server.js): the disk through the host layer (walks,
// reads inside the workspace folders, the project configuration files), closed files checked on
// worker threads when the entry passes a pool, open documents in document workers (worker threads of
// the same script) when the entry names it, setImmediate for the event loop's next turn.
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import { setBaseBudgetMs } from '../checker/timeBudget';
import { checkFileOnDisk, isNoMcpdescDocumentOnDisk } from '../host/diskCheck';
import { ProjectConfigs } from '../host/projectConfig';
import { fileAtPath, realPathOf } from '../host/readFile';
import { readSuppressionsFile } from '../host/suppressionsFile';
import { InThreadRunner } from '../host/taskRunner';
import { walkFilesYielding } from '../host/walk';
import type { DocumentWorkerPort } from './documentWorker';
import { DOCUMENT_WORKER_NAME, type DocumentWorkerMessage, type DocumentWorkerReply } from './documentWorkerProtocol';
import { serveDocumentWorker } from './documentWorkerService';
import type { DiskCheckRunner, RuntimePaths, ServerRuntime, WorkspaceFileAccess } from './runtime';
import { backstopTimeBoxMs } from './unfinishedCheck';
import { isFileUri } from './workspaceFolders';

/**
 * Files up to this size are sniffed on this thread: reading one and looking for its root member
 * costs 10-120 µs here (a package.json 10 µs, a 5 KB JSON Schema that mentions mcpdesc 70 µs),
 * handing it to a worker about 20 µs here, plus the worker (started if none runs: 15-20 MB).
 */
const SNIFFED_HERE_MAX_BYTES = 16 * 1024;

/** The file-system path of a `file:` URI; for other schemes the URI's own path (never throws). */
export function uriToFsPath(uri: string): string {
  try {
    const parsed = new URL(uri);
    if (parsed.protocol === 'file:') return fileURLToPath(parsed);
    return decodeURIComponent(parsed.pathname);
  } catch {
    return uri;
  }
}

export function fsPathToUri(fsPath: string): string {
  return pathToFileURL(fsPath).href;
}

/**
 * One spelling per file for `file:` URIs (editors percent-encode differently from Node: VS Code
 * writes `@` as `%40`), so a file found on disk and the same file opened in the editor are known to
 * be one document. Other schemes are returned as they are.
 */
export function canonicalUri(uri: string): string {
  if (!isFileUri(uri)) return uri;
  try {
    return fsPathToUri(fileURLToPath(uri));
  } catch {
    return uri;
  }
}

export const nodePaths: RuntimePaths = {
  sep: path.sep,
  relative: path.relative,
  isAbsolute: path.isAbsolute,
  resolve: path.resolve,
  dirname: path.dirname,
  basename: path.basename,
  uriToFsPath,
  canonicalUri,
  realPath: realPathOf,
};

function isTooBroadToScan(directory: string): boolean {
  const resolved = path.resolve(directory);
  return resolved === path.parse(resolved).root || resolved === path.resolve(os.homedir());
}

/** The disk, read on this thread, or through `runner` (a pool of check workers) when given. */
export function nodeFileAccess(runner?: DiskCheckRunner): WorkspaceFileAccess {
  return {
    reads: isFileUri,
    notListed(folderUri) {
      const directory = uriToFsPath(folderUri);
      // A client started without a project (root = home directory) must not make us read the whole disk.
      return isTooBroadToScan(directory) ? `it is the home directory or a file system root` : undefined;
    },
    async listFiles(folderUri, options) {
      const files = await walkFilesYielding(uriToFsPath(folderUri), {
        wantsFile: (filePath) => options.wantsFile(fsPathToUri(filePath)),
        skipsDirectory: (directoryPath) => options.skipsFolder(fsPathToUri(directoryPath)),
        isCancelled: options.isCancelled,
        onFiles: (filePaths) => options.onFiles(filePaths.map(fsPathToUri)),
        onProblem: options.onProblem,
      });
      return files.length;
    },
    triage(task, sniff) {
      const found = fileAtPath(task.filePath);
      // Gone (a closed document that was never saved, a deleted file) or a directory: its diagnostics
      // are cleared without starting a worker thread to learn that.
      if (found.kind === 'none') return 'skip';
      // A small JSON or YAML file that only its content could make an mcpdesc document (package.json,
      // tsconfig.json, a CI workflow, a JSON Schema) is read and sniffed here, as the worker would:
      // that costs this thread about what handing it over does, and a workspace without mcpdesc
      // documents then never starts a worker, nor keeps its memory.
      if (sniff && found.kind === 'file' && found.sizeBytes <= SNIFFED_HERE_MAX_BYTES && isNoMcpdescDocumentOnDisk(task))
        return 'skip';
      return 'check';
    },
    runner: runner ?? new InThreadRunner(checkFileOnDisk),
    offThread: runner !== undefined,
  };
}

/**
 * A document worker's stack, as the check workers' (host/workerPool.ts): how deep a document may nest
 * before the parser's recursion ends in the "nested too deeply" notice must not depend on the thread.
 */
const DOCUMENT_WORKER_STACK_MB = 1.2;

/** What a worker thread of dist/server.js is told to be (its workerData; server.ts reads it). */
interface WorkerRole {
  role: string;
  /** The checker's base budget a test gave on `initialize` (NodeInitializationOptions.checkBudgetMs). */
  checkBudgetMs?: number;
}

/**
 * The initializationOptions members Node's runtime reads. The extension sets none: a test of *that*
 * the checker's time budget cuts work gives a short one, so as not to spend the real second on each
 * check (test/hostile-server/hostileDocuments.test.ts), as the browser's timeBoxMs does for its box.
 */
export interface NodeInitializationOptions {
  /** The base time budget of each document check on this thread and in the document workers, in milliseconds. */
  checkBudgetMs?: number;
}

/** A document worker: a worker thread running `script` (dist/server.js), which serves documentWorkerService.ts there. */
export function startNodeDocumentWorker(script: string, checkBudgetMs?: number): DocumentWorkerPort {
  const role: WorkerRole = { role: DOCUMENT_WORKER_NAME, ...(checkBudgetMs !== undefined && { checkBudgetMs }) };
  const worker = new Worker(script, { workerData: role, resourceLimits: { stackSizeMb: DOCUMENT_WORKER_STACK_MB } });
  let terminated = false;
  return {
    post: (message) => worker.postMessage(message),
    onReply: (listener) => worker.on('message', listener),
    onEnd: (listener) => {
      worker.on('error', (error) => {
        if (!terminated) listener(error.message);
      });
      worker.on('exit', (code) => {
        if (!terminated) listener(`exit code ${code}`);
      });
    },
    terminate: () => {
      terminated = true;
      void worker.terminate();
    },
  };
}

/** This worker thread serves a server's document worker tasks (server.ts). */
export function serveDocumentWorkerThread(): void {
  const port = parentPort;
  if (!port) throw new Error('a document worker runs in a worker thread');
  const { checkBudgetMs } = (workerData ?? {}) as WorkerRole;
  if (checkBudgetMs !== undefined) setBaseBudgetMs(checkBudgetMs);
  serveDocumentWorker({
    onMessage: (listener) => port.on('message', (message: DocumentWorkerMessage) => listener(message)),
    post: (reply: DocumentWorkerReply) => port.postMessage(reply),
    docsBaseUri: shippedDocsBaseUri(),
  });
}

function cores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

export interface NodeRuntimeOptions {
  /** Checks closed files off this thread (see checkWorkerTasks.ts). */
  runner?: DiskCheckRunner;
  /** The script document workers run (dist/server.js); without it open documents are checked on this thread. */
  documentWorkerScript?: string;
}

/** Node's runtime. */
export function nodeRuntime(options: NodeRuntimeOptions | DiskCheckRunner = {}): ServerRuntime {
  const { runner, documentWorkerScript } = 'run' in options ? { runner: options, documentWorkerScript: undefined } : options;
  const files = nodeFileAccess(runner);
  let checkBudgetMs: number | undefined;
  return {
    name: 'node',
    paths: nodePaths,
    files,
    readsConfigFiles: true,
    configs: new ProjectConfigs(),
    ...(documentWorkerScript !== undefined && {
      documentWorkers: {
        // Started once the client has initialized: the budget it gave is known.
        start: () => startNodeDocumentWorker(documentWorkerScript, checkBudgetMs),
        // The cores but the one serving the editor, two at least and four at most.
        count: Math.min(4, Math.max(2, cores() - 1)),
        sideBySide: cores() >= 4,
        // The checker's watchdog interrupts each costly step here: the time box is a backstop.
        timeBoxMs: backstopTimeBoxMs,
      },
    }),
    suppressions: (filePath, folderPath) => {
      const read = readSuppressionsFile(filePath, realPathOf(folderPath));
      return read.kind === 'counts'
        ? { counts: read.counts }
        : read.kind === 'missing'
          ? { missing: true }
          : { problem: read.problem };
    },
    docsBaseUri: () => shippedDocsBaseUri(),
    nextTurn: (callback) => setImmediate(callback),
    close: () => files.runner.close(),
    initialize(options) {
      const given = ((options ?? {}) as NodeInitializationOptions).checkBudgetMs;
      if (typeof given !== 'number' || !Number.isFinite(given) || given <= 0) return;
      checkBudgetMs = given;
      setBaseBudgetMs(given);
    },
  };
}
