// Lists the files under a directory that the caller wants, without blocking the server: every
// directory is read asynchronously, so requests and edits are handled between them. node_modules
// and .git are never entered; a symlink is followed only when it resolves inside the walked root,
// and each real directory is entered once (a directory linked twice is walked once, cycles end).
import type { Dirent } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { IGNORED_DIRECTORY_NAMES, isInside } from './workspaceFiles';

export interface WalkOptions {
  /** `filePath` is absolute; answer whether to list it. */
  wantsFile(filePath: string): boolean;
  /** Directories not to enter (besides node_modules and .git), e.g. other workspace folders walked on their own. */
  skipsDirectory(directoryPath: string): boolean;
  /** Checked between directories: a superseded walk stops early. */
  isCancelled(): boolean;
  onProblem(directoryPath: string, error: unknown): void;
}

/** Absolute paths of the wanted regular files under `root`, in a stable (name) order. */
export async function walkFiles(root: string, options: WalkOptions): Promise<string[]> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch (error) {
    options.onProblem(root, error);
    return [];
  }
  const files: string[] = [];
  // Real paths of the directories entered: a directory reached twice (through a symlink) is walked once.
  const entered = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    if (options.isCancelled()) return files;
    const directory = pending.pop()!;
    let entries: Dirent[];
    try {
      const realDirectory = directory === root ? realRoot : await fs.realpath(directory);
      if (entered.has(realDirectory)) continue;
      entered.add(realDirectory);
      entries = await fs.readdir(directory, { withFileTypes: true });
    } catch (error) {
      options.onProblem(directory, error);
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirectories: string[] = [];
    for (const entry of entries) {
      const entryPath = path.join(directory, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await resolveInside(entryPath, realRoot);
        if (!target) continue;
        isDirectory = target.isDirectory;
        isFile = target.isFile;
      }
      if (isDirectory) {
        if (!IGNORED_DIRECTORY_NAMES.has(entry.name) && !options.skipsDirectory(entryPath)) subdirectories.push(entryPath);
      } else if (isFile && options.wantsFile(entryPath)) {
        files.push(entryPath);
      }
    }
    // Reversed so that the stack pops them in name order.
    for (let index = subdirectories.length - 1; index >= 0; index--) pending.push(subdirectories[index]);
  }
  return files;
}

/** What a symlink leads to, when that is inside `realRoot`; undefined when it leads out or nowhere. */
async function resolveInside(linkPath: string, realRoot: string): Promise<{ isDirectory: boolean; isFile: boolean } | undefined> {
  try {
    const realPath = await fs.realpath(linkPath);
    if (!isInside(realRoot, realPath)) return undefined;
    const stats = await fs.stat(realPath);
    return { isDirectory: stats.isDirectory(), isFile: stats.isFile() };
  } catch {
    return undefined; // dangling or looping link
  }
}
