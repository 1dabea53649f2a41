// Reads a document the way an editor would: UTF-8, with a byte order mark set aside (LSP positions
// do not count it, and --fix must write it back), and never more than the size limit.
import * as fs from 'node:fs';
import { describeFileError } from './fileErrors';

export type DocumentRead =
  | { kind: 'text'; text: string; hasBom: boolean }
  | { kind: 'too-large'; sizeBytes: number }
  | { kind: 'unreadable'; reason: string };

const BOM = '\uFEFF';

export function readDocument(absolutePath: string, maxBytes: number): DocumentRead {
  let bytes: Buffer;
  try {
    const sizeBytes = fs.statSync(absolutePath).size;
    if (sizeBytes > maxBytes) return { kind: 'too-large', sizeBytes };
    bytes = fs.readFileSync(absolutePath);
  } catch (error) {
    return { kind: 'unreadable', reason: describeFileError(error as NodeJS.ErrnoException) };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { kind: 'unreadable', reason: 'not valid UTF-8 text' };
  }
  const hasBom = text.startsWith(BOM);
  return { kind: 'text', text: hasBom ? text.slice(1) : text, hasBom };
}

/** The first bytes of a file, leniently decoded: enough to sniff a root member of a file too large to check. */
export function readPrefix(absolutePath: string, maxBytes: number): string | undefined {
  let descriptor: number | undefined;
  try {
    descriptor = fs.openSync(absolutePath, 'r');
    const buffer = Buffer.alloc(maxBytes);
    const length = fs.readSync(descriptor, buffer, 0, maxBytes, 0);
    const text = new TextDecoder('utf-8').decode(buffer.subarray(0, length));
    return text.startsWith(BOM) ? text.slice(1) : text;
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) fs.closeSync(descriptor);
  }
}

export function writeDocument(absolutePath: string, text: string, hasBom: boolean): string | undefined {
  try {
    fs.writeFileSync(absolutePath, hasBom ? BOM + text : text);
    return undefined;
  } catch (error) {
    return describeFileError(error as NodeJS.ErrnoException);
  }
}
