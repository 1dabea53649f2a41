// Lists the files under a directory, in a stable order. Dependency and VCS folders are skipped, and
// symlinked directories are never entered: they could lead out of the tree or round in a cycle.
import * as fs from 'node:fs';
import * as path from 'node:path';

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

export interface WalkProblem {
  path: string;
  error: NodeJS.ErrnoException;
}

/** Absolute paths of the regular files (and symlinks to files) under `root`, depth-first, sorted by name. */
export function walkFiles(root: string, onProblem: (problem: WalkProblem) => void): string[] {
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const directory = pending.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(directory, { withFileTypes: true });
    } catch (error) {
      onProblem({ path: directory, error: error as NodeJS.ErrnoException });
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirectories: string[] = [];
    for (const entry of entries) {
      const entryPath = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) subdirectories.push(entryPath);
      } else if (entry.isFile()) {
        files.push(entryPath);
      } else if (entry.isSymbolicLink() && isFileBehindLink(entryPath)) {
        files.push(entryPath);
      }
    }
    // Reversed so the stack pops them in name order.
    for (let i = subdirectories.length - 1; i >= 0; i--) pending.push(subdirectories[i]);
  }
  return files;
}

function isFileBehindLink(linkPath: string): boolean {
  try {
    return fs.statSync(linkPath).isFile();
  } catch {
    return false; // a dangling link is not a file of the tree
  }
}
