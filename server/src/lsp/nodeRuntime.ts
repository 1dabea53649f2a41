// The language server's runtime in Node (dist/server.js): the disk through the host layer (walks,
// reads inside the workspace folders, the project configuration files), closed files checked on
// worker threads when the entry passes a pool, setImmediate for the event loop's next turn.
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkFileOnDisk, isNoMcpdescDocumentOnDisk } from '../host/diskCheck';
import { ProjectConfigs } from '../host/projectConfig';
import { fileAtPath, realPathOf } from '../host/readFile';
import { readSuppressionsFile } from '../host/suppressionsFile';
import { InThreadRunner } from '../host/taskRunner';
import { walkFilesYielding } from '../host/walk';
import type { DiskCheckRunner, RuntimePaths, ServerRuntime, WorkspaceFileAccess } from './runtime';
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

/** Node's runtime; `runner` checks closed files off this thread (see checkWorkerTasks.ts). */
export function nodeRuntime(runner?: DiskCheckRunner): ServerRuntime {
  const files = nodeFileAccess(runner);
  return {
    name: 'node',
    paths: nodePaths,
    files,
    readsConfigFiles: true,
    configs: new ProjectConfigs(),
    suppressions: (filePath, folderPath) => {
      const read = readSuppressionsFile(filePath, realPathOf(folderPath));
      return read.kind === 'counts'
        ? { counts: read.counts }
        : read.kind === 'missing'
          ? { missing: true }
          : { problem: read.problem };
    },
    nextTurn: (callback) => setImmediate(callback),
    close: () => files.runner.close(),
  };
}
