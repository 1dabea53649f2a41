// Reading one file for either front. A file is read only when it is a regular file whose real path
// (every symlink resolved) lies inside the real path of its root: the workspace folder, or what the
// CLI was told to lint. A committed symlink to /etc/passwd, /proc/self/environ or a file outside
// the tree is never opened, so never reported and never written by --fix.
//
// The file is opened once, without blocking (a named pipe opens at once, instead of waiting for a
// writer), and its type comes from that descriptor: anything but a regular file (a FIFO, /dev/zero,
// a socket) is refused before a byte is read. The size limit is applied while reading, not only to
// what stat said: a file that grows, or one whose stat size is 0 (/proc), stops at the limit.
//
// Synchronous, as tsserver and ESLint read files: a read costs a fraction of the check that follows
// it, and each asynchronous step (realpath, open, stat, read, close) cost the server's event loop
// more than the whole synchronous read.
import * as fs from 'node:fs';
import { describeFileError } from './fileErrors';
import { isInside } from './paths';
import { OVERSIZED_HEAD_BYTES } from './sizeLimit';
import { decodeText, type DecodedText } from './textDecoding';

export type HostFileRead =
  /** `realPath`: where the text came from, the file to write back to (never a link). */
  ({ kind: 'text'; realPath: string } & DecodedText) | HostFileRefusal;

/**
 * The same read, its bytes not decoded (what a content hash is made of: the CLI's --cache), with the
 * file's stamp as it was opened: device, inode, size, modification and change times. Any write to
 * the file changes its change time, which nobody can set back, so an equal stamp later on the same
 * machine means the same bytes.
 */
export type HostFileBytes = { kind: 'bytes'; realPath: string; bytes: Buffer; stamp: string } | HostFileRefusal;

/** A file's stamp (see HostFileBytes), from a stat of it. */
export function fileStamp(stats: fs.Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/** Why a read gave no whole text. */
export type HostFileRefusal =
  /** Over the size limit: only the head was read, for the root-member sniff. */
  | { kind: 'tooLarge'; head: string; sizeBytes: number }
  /** Its real path is outside the root (through a symlink): not opened. */
  | { kind: 'outside' }
  /** Gone, a dangling or looping link. */
  | { kind: 'missing'; reason: string }
  /** A directory, named pipe, device or socket: `what` says which, for a message. */
  | { kind: 'notRegular'; what: string }
  | { kind: 'unreadable'; reason: string };

const OPEN_FOR_READING = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);
/** The first read when stat gives no useful size (procfs says 0). */
const FIRST_CHUNK_BYTES = 64 * 1024;

/** The real path of a root, or the root as given when it cannot be resolved (then nothing under it is readable anyway). */
export function realPathOf(root: string): string {
  try {
    return fs.realpathSync.native(root);
  } catch {
    return root;
  }
}

/**
 * What a read of `filePath` would find, by stat alone (links followed): `none` when nothing is there
 * (a dangling link too) or it is not a regular file, which readHostFile answers as missing or
 * notRegular without reading a byte; a regular file and its size; `unknown` when stat fails for
 * another reason (the read will say why). For a caller deciding where, or whether, to read it.
 */
export type FileAtPath = { kind: 'none' } | { kind: 'file'; sizeBytes: number } | { kind: 'unknown' };

export function fileAtPath(filePath: string): FileAtPath {
  try {
    const stats = fs.statSync(filePath, { throwIfNoEntry: false });
    return stats?.isFile() ? { kind: 'file', sizeBytes: stats.size } : { kind: 'none' };
  } catch (error) {
    return MISSING_CODES.has((error as NodeJS.ErrnoException).code ?? '') ? { kind: 'none' } : { kind: 'unknown' };
  }
}

/** Reads `filePath` if it is a regular file inside `realRoot` (a real path: see realPathOf) of at most `maxBytes`. */
export function readHostFile(filePath: string, realRoot: string, maxBytes: number): HostFileRead {
  const read = readHostFileBytes(filePath, realRoot, maxBytes);
  return read.kind === 'bytes' ? { kind: 'text', realPath: read.realPath, ...decodeText(read.bytes) } : read;
}

/** readHostFile without the decoding. */
export function readHostFileBytes(filePath: string, realRoot: string, maxBytes: number): HostFileBytes {
  let realFile: string;
  try {
    realFile = fs.realpathSync.native(filePath);
  } catch (error) {
    return failure(error);
  }
  if (!isInside(realRoot, realFile)) return { kind: 'outside' };
  let descriptor: number;
  try {
    // O_NOFOLLOW: the path is already resolved; a link put in its place since is not followed.
    descriptor = fs.openSync(realFile, OPEN_FOR_READING);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') return { kind: 'notRegular', what: 'a socket' };
    return failure(error);
  }
  try {
    const stats = fs.fstatSync(descriptor);
    if (!stats.isFile()) return { kind: 'notRegular', what: describeType(stats) };
    if (stats.size > maxBytes) return { kind: 'tooLarge', head: readHead(descriptor), sizeBytes: stats.size };
    const bytes = readAtMost(descriptor, maxBytes + 1, stats.size);
    if (bytes.length > maxBytes) {
      return {
        kind: 'tooLarge',
        head: decodeText(bytes.subarray(0, OVERSIZED_HEAD_BYTES)).text,
        sizeBytes: Math.max(bytes.length, fs.fstatSync(descriptor).size),
      };
    }
    return { kind: 'bytes', realPath: realFile, bytes, stamp: fileStamp(stats) };
  } catch (error) {
    return failure(error);
  } finally {
    fs.closeSync(descriptor);
  }
}

function failure(error: unknown): HostFileRefusal {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return { kind: 'notRegular', what: 'a directory' };
  if (code !== undefined && MISSING_CODES.has(code)) return { kind: 'missing', reason: describeFileError(error) };
  return { kind: 'unreadable', reason: describeFileError(error) };
}

function describeType(stats: fs.Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Up to `limit` bytes from the current position: stops at the end of the file or at the limit, whatever stat said. */
function readAtMost(descriptor: number, limit: number, sizeHint: number): Buffer {
  let buffer = Buffer.allocUnsafe(Math.min(limit, Math.max(sizeHint + 1, FIRST_CHUNK_BYTES)));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length >= limit) break;
      const grown = Buffer.allocUnsafe(Math.min(limit, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const read = fs.readSync(descriptor, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

function readHead(descriptor: number): string {
  const buffer = Buffer.allocUnsafe(OVERSIZED_HEAD_BYTES);
  const length = fs.readSync(descriptor, buffer, 0, OVERSIZED_HEAD_BYTES, 0);
  return decodeText(buffer.subarray(0, length)).text;
}
