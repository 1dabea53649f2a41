// What --cache compares a file by (lintCache.ts): the SHA-256 of its bytes as read, or of the head
// and size of a file too large to read whole. Here, apart from the cache, because the lint of a file
// (lintFile.ts, on a worker) computes it too, from the bytes it read.
import { createHash } from 'node:crypto';

/** The hash of a file as read: its bytes, or the head and size of one too large to read whole. */
export function contentHashOfRead(
  read: { kind: 'bytes'; bytes: Buffer } | { kind: 'tooLarge'; head: string; sizeBytes: number },
): string {
  return read.kind === 'bytes' ? sha256(read.bytes) : sha256(`tooLarge:${read.sizeBytes}:${read.head}`);
}

function sha256(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
