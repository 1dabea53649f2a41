// Which workspace folder a document belongs to, and the path the recognition rule (and the
// include/exclude globs) see: workspace-relative and '/'-separated inside a folder, absolute outside.
// URIs become paths as the runtime spells them (Node: file-system paths; a browser: URI paths).
import { recognitionPathWith, toPosixPathWith } from '../host/pathRules';
import type { RuntimePaths } from './runtime';

export interface WorkspaceFolderRef {
  uri: string;
  name: string;
}

export function isFileUri(uri: string): boolean {
  return uri.startsWith('file:');
}

/** The scheme and authority of a URI ('' when it has none): two folders of different file systems never contain each other. */
function fileSystemOf(uri: string): string {
  const match = /^[a-zA-Z][\w+.-]*:\/\/[^/]*/.exec(uri);
  return match ? match[0].toLowerCase() : '';
}

export class WorkspaceFolders {
  private folders: WorkspaceFolderRef[] = [];

  constructor(readonly paths: RuntimePaths) {}

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
    const { paths } = this;
    const documentPath = paths.uriToFsPath(uri);
    const fileSystem = isFileUri(uri) ? undefined : fileSystemOf(uri);
    let best: WorkspaceFolderRef | undefined;
    let bestLength = -1;
    for (const folder of this.folders) {
      if (fileSystem !== undefined && fileSystemOf(folder.uri) !== fileSystem) continue;
      const folderPath = paths.uriToFsPath(folder.uri);
      const relative = paths.relative(folderPath, documentPath);
      const inside = relative !== '' && !relative.startsWith('..') && !paths.isAbsolute(relative);
      if (inside && folderPath.length > bestLength) {
        best = folder;
        bestLength = folderPath.length;
      }
    }
    return best;
  }

  /** Whether `uri` is the root of one of the folders. */
  isFolderRoot(uri: string): boolean {
    const { paths } = this;
    const resolved = paths.resolve(paths.uriToFsPath(uri));
    const fileSystem = fileSystemOf(uri);
    return this.folders.some(
      (folder) => fileSystemOf(folder.uri) === fileSystem && paths.resolve(paths.uriToFsPath(folder.uri)) === resolved,
    );
  }

  /** The path handed to recognition: relative to the document's folder, absolute outside every folder. */
  recognitionPath(uri: string): string {
    const { paths } = this;
    const documentPath = paths.uriToFsPath(uri);
    const folder = this.folderOf(uri);
    return folder
      ? recognitionPathWith(paths, documentPath, paths.uriToFsPath(folder.uri))
      : toPosixPathWith(paths, documentPath);
  }
}
