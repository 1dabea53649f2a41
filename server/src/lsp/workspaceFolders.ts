// Which workspace folder a document belongs to, and the path the recognition rule (and the
// include/exclude globs) see: workspace-relative and '/'-separated inside a folder, absolute outside.
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { recognitionPath, toPosixPath } from '../host';

export interface WorkspaceFolderRef {
  uri: string;
  name: string;
}

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

export function isFileUri(uri: string): boolean {
  return uri.startsWith('file:');
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

export class WorkspaceFolders {
  private folders: WorkspaceFolderRef[] = [];

  get all(): readonly WorkspaceFolderRef[] {
    return this.folders;
  }

  set(folders: readonly WorkspaceFolderRef[]): void {
    this.folders = [...folders];
  }

  add(folder: WorkspaceFolderRef): void {
    if (!this.folders.some((existing) => existing.uri === folder.uri)) this.folders.push(folder);
  }

  remove(folderUri: string): void {
    this.folders = this.folders.filter((existing) => existing.uri !== folderUri);
  }

  /** The innermost folder containing the document (folders may nest in a multi-root workspace). */
  folderOf(uri: string): WorkspaceFolderRef | undefined {
    const documentPath = uriToFsPath(uri);
    let best: WorkspaceFolderRef | undefined;
    let bestLength = -1;
    for (const folder of this.folders) {
      const folderPath = uriToFsPath(folder.uri);
      const relative = path.relative(folderPath, documentPath);
      const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
      if (inside && folderPath.length > bestLength) {
        best = folder;
        bestLength = folderPath.length;
      }
    }
    return best;
  }

  /** Whether `fsPath` is the root of one of the folders. */
  isFolderRoot(fsPath: string): boolean {
    const resolved = path.resolve(fsPath);
    return this.folders.some((folder) => path.resolve(uriToFsPath(folder.uri)) === resolved);
  }

  /** The path handed to recognition: relative to the document's folder, absolute outside every folder. */
  recognitionPath(uri: string): string {
    const documentPath = uriToFsPath(uri);
    const folder = this.folderOf(uri);
    return folder ? recognitionPath(documentPath, uriToFsPath(folder.uri)) : toPosixPath(documentPath);
  }
}
