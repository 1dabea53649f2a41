// How --fix replaces a file: never in place. The new text goes to a temporary file in the same
// folder (same file system, so the rename is atomic), is flushed to disk, takes the original's
// mode (and owner, when running as root), and is renamed over the original only if the original
// is still what was read (size, mtime and content hash): a full disk or a kill leaves the original
// whole, and an edit saved while --fix ran is not overwritten.
//
// Written with fs primitives rather than the write-file-atomic package, which does the same steps,
// because the unchanged-check must come after the temporary file is written and just before the
// rename (writing 17 MB takes long enough for an editor to save meanwhile), and that package has no
// place for it. What is left is the short window between that check and the rename.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeFileError } from './fileErrors';

/** What a file was when it was read; replacing it is refused once any of these differ. */
export interface FileSnapshot {
  size: number;
  mtimeMs: number;
  sha256: string;
}

export type ReplaceOutcome =
  | { kind: 'replaced' }
  /** The file is not what was read any more; it was left as it is. */
  | { kind: 'changed' }
  /** Nothing was replaced; the original is as it was. */
  | { kind: 'failed'; reason: string };

/** The file-system calls used, so a test can make one of them fail (a full disk, a failing rename). */
export type ReplaceIo = Pick<
  typeof fs,
  | 'realpathSync'
  | 'statSync'
  | 'openSync'
  | 'writeSync'
  | 'fchmodSync'
  | 'fchownSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'readFileSync'
  | 'renameSync'
  | 'unlinkSync'
>;

const BOM = '\uFEFF';

/** The bytes of a document as --fix writes it back: UTF-8, with the byte order mark it was read with. */
export function documentBytes(text: string, hasBom: boolean): Buffer {
  return Buffer.from(hasBom ? BOM + text : text, 'utf8');
}

export function sha256Of(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * The size and mtime of a file, taken before it is read (so an edit landing between this and the
 * read counts as a change), or undefined when it cannot be stat'ed (the read then fails too).
 */
export function statBeforeRead(filePath: string): Pick<FileSnapshot, 'size' | 'mtimeMs'> | undefined {
  try {
    const stats = fs.statSync(filePath);
    return { size: stats.size, mtimeMs: stats.mtimeMs };
  } catch {
    return undefined;
  }
}

function isUnchanged(target: string, expected: FileSnapshot, io: ReplaceIo): boolean {
  const stats = io.statSync(target);
  if (stats.size !== expected.size || stats.mtimeMs !== expected.mtimeMs) return false;
  return sha256Of(io.readFileSync(target)) === expected.sha256;
}

function temporaryPathNextTo(target: string): string {
  const suffix = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  return path.join(path.dirname(target), `.${path.basename(target)}.mcpdesc-fix-${suffix}.tmp`);
}

export function replaceFile(filePath: string, bytes: Buffer, expected: FileSnapshot, io: ReplaceIo = fs): ReplaceOutcome {
  let temporary: string | undefined;
  let descriptor: number | undefined;
  try {
    // Through a link to the file it names, as writing in place did; replacing the link itself
    // would turn it into a copy.
    const target = io.realpathSync(filePath);
    const original = io.statSync(target);
    if (!original.isFile()) return { kind: 'failed', reason: 'not a regular file' };
    temporary = temporaryPathNextTo(target);
    descriptor = io.openSync(temporary, 'wx', 0o600);
    for (let written = 0; written < bytes.length;) {
      written += io.writeSync(descriptor, bytes, written, bytes.length - written);
    }
    // The exact mode, which the creation mode and the umask could not give.
    io.fchmodSync(descriptor, original.mode & 0o7777);
    if (process.getuid?.() === 0 && (original.uid !== process.getuid() || original.gid !== process.getgid?.())) {
      io.fchownSync(descriptor, original.uid, original.gid);
    }
    io.fsyncSync(descriptor);
    io.closeSync(descriptor);
    descriptor = undefined;
    if (!isUnchanged(target, expected, io)) return { kind: 'changed' };
    io.renameSync(temporary, target);
    temporary = undefined;
    return { kind: 'replaced' };
  } catch (error) {
    return { kind: 'failed', reason: describeFileError(error as NodeJS.ErrnoException) };
  } finally {
    if (descriptor !== undefined) {
      try {
        io.closeSync(descriptor);
      } catch {
        // Already failing; the original is untouched either way.
      }
    }
    if (temporary !== undefined) {
      try {
        io.unlinkSync(temporary);
      } catch {
        // Gone already, or the folder refuses: nothing more to do.
      }
    }
  }
}
