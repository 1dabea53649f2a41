// Which files on disk the server looks at, and how it reads them. A file is read only when it lies
// inside a workspace folder (after resolving symlinks), outside node_modules and .git, and could be
// an mcpdesc document by its name: a JSON/YAML extension (the root-member sniff needs the text), an
// mcpdesc name, or an include glob; excluded files are never read. Closed files are read, checked
// and dropped: nothing here keeps their text.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMcpdescDocument } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';
import { OVERSIZED_HEAD_BYTES } from './fileSizeLimit';

/** Dependency and version-control folders: never entered, never read. */
export const IGNORED_DIRECTORY_NAMES: ReadonlySet<string> = new Set(['node_modules', '.git']);

const SNIFFABLE_EXTENSION = /\.(json|jsonc|yaml|yml)$/i;

/** `relativePath` ('/'-separated, relative to its workspace folder) lies under node_modules or .git. */
export function isInIgnoredDirectory(relativePath: string): boolean {
  const segments = relativePath.split('/');
  return segments.slice(0, -1).some((segment) => IGNORED_DIRECTORY_NAMES.has(segment));
}

/**
 * Whether the file is worth reading. The checker's recognition decides: with an empty text it
 * answers by name and globs alone, and with an include-everything glob it answers "not excluded".
 */
export function isCandidateFile(relativePath: string, settings: McpdescSettings): boolean {
  const { include, exclude } = settings.files;
  const notExcluded = isMcpdescDocument({ path: relativePath, text: '', include: ['**'], exclude });
  if (!notExcluded) return false;
  return SNIFFABLE_EXTENSION.test(relativePath) || isMcpdescDocument({ path: relativePath, text: '', include, exclude });
}

export type WorkspaceFileRead =
  | { kind: 'text'; text: string }
  /** Over the size limit: only the head was read. */
  | { kind: 'tooLarge'; head: string; sizeBytes: number }
  /** Gone, not a regular file, or (through a symlink) outside its folder: nothing to show. */
  | { kind: 'absent' }
  | { kind: 'unreadable'; reason: string };

const BOM = '\uFEFF';

const OPEN_FOR_READING = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * Decoding is lenient, as editors open files (invalid sequences become U+FFFD instead of failing the
 * file); editors hide the byte order mark, and LSP positions do not count it.
 */
function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Reads `filePath`, which must resolve (symlinks followed) to a regular file inside the folder whose
 * real path (symlinks resolved) is `realFolder`. The file is opened once: its type, size and
 * content all come from that one descriptor.
 *
 * Synchronous, as tsserver and ESLint read files: a read costs a fraction of the check that follows
 * it, and each asynchronous step (realpath, open, stat, read, close) cost the event loop more than
 * the whole synchronous read. Checks run one at a time either way; the loop still turns between files.
 */
export function readWorkspaceFile(filePath: string, realFolder: string, maxBytes: number): WorkspaceFileRead {
  try {
    const realFile = fs.realpathSync.native(filePath);
    if (!isInside(realFolder, realFile)) return { kind: 'absent' };
    // Non-blocking, so that opening a named pipe returns at once (to be found no regular file)
    // instead of waiting for a writer.
    const descriptor = fs.openSync(realFile, OPEN_FOR_READING);
    try {
      const stats = fs.fstatSync(descriptor);
      if (!stats.isFile()) return { kind: 'absent' };
      if (stats.size > maxBytes) return { kind: 'tooLarge', head: readHead(descriptor), sizeBytes: stats.size };
      return { kind: 'text', text: withoutBom(fs.readFileSync(descriptor, 'utf8')) };
    } finally {
      fs.closeSync(descriptor);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'EISDIR') return { kind: 'absent' };
    return { kind: 'unreadable', reason: error instanceof Error ? error.message : String(error) };
  }
}

function readHead(descriptor: number): string {
  const buffer = Buffer.alloc(OVERSIZED_HEAD_BYTES);
  const bytesRead = fs.readSync(descriptor, buffer, 0, OVERSIZED_HEAD_BYTES, 0);
  return withoutBom(buffer.subarray(0, bytesRead).toString('utf8'));
}
