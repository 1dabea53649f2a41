// Listing the files under a root, for the CLI's directory arguments and the server's workspace
// scan alike. The policy:
// - node_modules and .git are never entered by name (a symlink inside the root may lead there);
// - a symlink is followed, to a file or a folder, only when its real path stays inside the real
//   path of the root; one that leads out, nowhere or round in a loop is dropped;
// - each real folder is entered once and each real file listed once, so a folder linked twice is
//   walked once and a cycle ends; files are listed under their own names first, and a file reached
//   only through a link under the link's name;
// - only regular files are listed (a FIFO or a socket in the tree is not a document).
// Order is stable: depth-first by name, then what links add.
//
// A directory is read per step, synchronously: the CLI steps to the end, the server yields to its
// event loop between steps, so that requests and edits are served during a long scan.
import type { Dirent } from 'node:fs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IGNORED_DIRECTORY_NAMES } from './candidates';
import { isInside } from './paths';

export interface WalkOptions {
  /** `filePath` is absolute (named as walked); answer whether to list it. */
  wantsFile?(filePath: string): boolean;
  /** Directories not to enter (besides node_modules and .git), e.g. other workspace folders walked on their own. */
  skipsDirectory?(directoryPath: string): boolean;
  onProblem(directoryPath: string, error: unknown): void;
}

interface Place {
  /** As walked (below the root as given). */
  path: string;
  realPath: string;
}

interface LinkTarget extends Place {
  isDirectory: boolean;
}

export class DirectoryWalk {
  /** Absolute paths of the files listed so far, in walk order. */
  readonly files: string[] = [];
  private readonly realRoot: string | undefined;
  private readonly listed = new Set<string>();
  private readonly entered = new Set<string>();
  /** Real folders still to read: a stack, popped in name order. */
  private readonly pending: Place[] = [];
  /** What symlinks lead to, taken in the order found once everything reachable by own names is listed. */
  private readonly linked: LinkTarget[] = [];
  private linkedNext = 0;

  constructor(
    root: string,
    private readonly options: WalkOptions,
  ) {
    try {
      this.realRoot = fs.realpathSync.native(root);
      this.pending.push({ path: root, realPath: this.realRoot });
    } catch (error) {
      options.onProblem(root, error);
    }
  }

  /** Reads the next folder; false once the walk is over. */
  step(): boolean {
    const next = this.pending.pop();
    if (next) {
      this.enter(next);
      return true;
    }
    while (this.linkedNext < this.linked.length) {
      const target = this.linked[this.linkedNext++];
      if (!target.isDirectory) {
        this.list(target);
      } else if (!this.entered.has(target.realPath)) {
        this.enter(target);
        return true;
      }
    }
    return false;
  }

  private enter(folder: Place): void {
    if (this.entered.has(folder.realPath)) return;
    this.entered.add(folder.realPath);
    let entries: Dirent[];
    try {
      entries = fs.readdirSync(folder.realPath, { withFileTypes: true });
    } catch (error) {
      this.options.onProblem(folder.path, error);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subfolders: Place[] = [];
    for (const entry of entries) {
      const place = { path: path.join(folder.path, entry.name), realPath: path.join(folder.realPath, entry.name) };
      if (entry.isSymbolicLink()) {
        const target = this.resolveInside(place.realPath);
        if (target && (!target.isDirectory || this.mayEnter(entry.name, place.path)))
          this.linked.push({ ...target, path: place.path });
      } else if (entry.isDirectory()) {
        if (this.mayEnter(entry.name, place.path)) subfolders.push(place);
      } else if (entry.isFile()) {
        this.list(place);
      }
    }
    // Reversed so that the stack pops them in name order.
    for (let index = subfolders.length - 1; index >= 0; index--) this.pending.push(subfolders[index]);
  }

  private mayEnter(name: string, folderPath: string): boolean {
    return !IGNORED_DIRECTORY_NAMES.has(name) && !this.options.skipsDirectory?.(folderPath);
  }

  private list(file: Place): void {
    if (this.listed.has(file.realPath)) return;
    if (this.options.wantsFile && !this.options.wantsFile(file.path)) return;
    this.listed.add(file.realPath);
    this.files.push(file.path);
  }

  /** Where a symlink leads, when that is a regular file or a folder inside the root. */
  private resolveInside(linkPath: string): Omit<LinkTarget, 'path'> | undefined {
    try {
      const realPath = fs.realpathSync.native(linkPath);
      if (this.realRoot === undefined || !isInside(this.realRoot, realPath)) return undefined;
      const stats = fs.statSync(realPath);
      if (stats.isDirectory()) return { realPath, isDirectory: true };
      return stats.isFile() ? { realPath, isDirectory: false } : undefined;
    } catch {
      return undefined; // dangling or looping
    }
  }
}

/** The whole walk at once (the CLI). */
export function walkFiles(root: string, options: WalkOptions): string[] {
  const walk = new DirectoryWalk(root, options);
  while (walk.step());
  return walk.files;
}

/**
 * The walk with the event loop turning between folders; stops early once `isCancelled` says so (the
 * server). `onFiles` gets each folder's files as soon as it is read, so that their checks need not
 * wait for the rest of the walk.
 */
export async function walkFilesYielding(
  root: string,
  options: WalkOptions & { isCancelled(): boolean; onFiles?(filePaths: string[]): void },
): Promise<string[]> {
  const walk = new DirectoryWalk(root, options);
  let delivered = 0;
  const deliver = (): void => {
    if (delivered === walk.files.length || options.isCancelled()) return;
    const fresh = walk.files.slice(delivered);
    delivered = walk.files.length;
    options.onFiles?.(fresh);
  };
  while (!options.isCancelled() && walk.step()) {
    deliver();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  deliver();
  return walk.files;
}
