// The browser's server has no disk: it asks this client for the files of the workspace
// (mcpdesc/workspaceFiles) and for the text of a closed one (mcpdesc/readFile), answered with
// vscode.workspace.fs, so virtual workspaces (github.dev's repositories, vscode.dev's) are read as
// VS Code reads them. The text is decoded as VS Code opens a file: UTF-8, invalid bytes as U+FFFD,
// without the byte order mark.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  READ_FILE_REQUEST,
  WORKSPACE_FILES_MAX,
  WORKSPACE_FILES_REQUEST,
  type ReadFileParams,
  type ReadFileResult,
  type WorkspaceFilesParams,
  type WorkspaceFilesResult,
} from '../../shared/src/constants';

/** Lists every file below the folder, breadth first, not entering the named folders nor following links to folders (a loop would never end). */
export async function listWorkspaceFiles(params: WorkspaceFilesParams): Promise<WorkspaceFilesResult> {
  const skipped = new Set(params.skipDirectoryNames);
  const uris: string[] = [];
  const problems: WorkspaceFilesResult['problems'] = [];
  const pending = [vscode.Uri.parse(params.folderUri)];
  while (pending.length > 0) {
    const folder = pending.shift()!;
    let entries: Array<[string, vscode.FileType]>;
    try {
      entries = await vscode.workspace.fs.readDirectory(folder);
    } catch (error) {
      problems.push({ uri: folder.toString(), message: error instanceof Error ? error.message : String(error) });
      continue;
    }
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, type] of entries) {
      const isLink = (type & vscode.FileType.SymbolicLink) !== 0;
      if ((type & vscode.FileType.Directory) !== 0) {
        if (!isLink && !skipped.has(name)) pending.push(vscode.Uri.joinPath(folder, name));
      } else if ((type & vscode.FileType.File) !== 0) {
        if (uris.length === WORKSPACE_FILES_MAX) return { uris, problems, truncated: true };
        uris.push(vscode.Uri.joinPath(folder, name).toString());
      }
    }
  }
  return { uris, problems, truncated: false };
}

function isMissing(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && (error.code === 'FileNotFound' || error.code === 'FileIsADirectory');
}

export async function readWorkspaceFile(params: ReadFileParams): Promise<ReadFileResult> {
  const uri = vscode.Uri.parse(params.uri);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if ((stat.type & vscode.FileType.File) === 0) return { kind: 'missing' };
    // workspace.fs reads whole files only: an oversized one is read once for its head (the size comes from stat).
    const bytes = await vscode.workspace.fs.readFile(uri);
    const sizeBytes = Math.max(stat.size, bytes.byteLength);
    if (sizeBytes > params.maxBytes)
      return { kind: 'tooLarge', head: new TextDecoder().decode(bytes.subarray(0, params.headBytes)), sizeBytes };
    return { kind: 'text', text: new TextDecoder().decode(bytes) };
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    return { kind: 'unreadable', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Answers the server's two requests; the handlers stay across restarts of the client. */
export function serveWorkspaceFiles(client: BaseLanguageClient): vscode.Disposable[] {
  return [
    client.onRequest(WORKSPACE_FILES_REQUEST, (params: WorkspaceFilesParams) => listWorkspaceFiles(params)),
    client.onRequest(READ_FILE_REQUEST, (params: ReadFileParams) => readWorkspaceFile(params)),
  ];
}
