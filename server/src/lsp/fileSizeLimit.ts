// mcpdesc.maxFileSizeMB: a document over it is not parsed at all (a huge file must not freeze the
// server or fill its memory); it gets one information diagnostic saying it was skipped. Whether a
// file over the limit is an mcpdesc document at all is decided on its head only.
import type { McpdescSettings } from '../../../shared/src/settings';
import type { Diagnostic } from '../checker';
import { checkerNotice } from './checkerNotice';

const BYTES_PER_MB = 1024 * 1024;

/** How much of an oversized file is read (or looked at) for the root-member sniff. */
export const OVERSIZED_HEAD_BYTES = 64 * 1024;

export function maxFileBytes(settings: McpdescSettings): number {
  return Math.floor(settings.maxFileSizeMB * BYTES_PER_MB);
}

/** The size of `text` as UTF-8, computed only when it could be over `limit` (every char is 1 to 3 bytes). */
export function exceedsLimit(text: string, limit: number): { sizeBytes: number } | undefined {
  if (text.length * 3 <= limit) return undefined;
  const sizeBytes = Buffer.byteLength(text, 'utf8');
  return sizeBytes > limit ? { sizeBytes } : undefined;
}

/** 25 MB, 1.5 MB, 0.0013 MB: enough digits to tell a size from the limit it exceeds. */
function formatMB(mb: number): string {
  if (mb >= 10) return mb.toFixed(0);
  if (mb >= 1) return mb.toFixed(1);
  return String(Number(mb.toPrecision(2)));
}

export function fileTooLargeDiagnostics(sizeBytes: number, settings: McpdescSettings): Diagnostic[] {
  return checkerNotice(
    'skipped',
    `This file was not checked: it is ${formatMB(sizeBytes / BYTES_PER_MB)} MB, over the ${formatMB(settings.maxFileSizeMB)} MB limit (setting mcpdesc.maxFileSizeMB).`,
    settings.rules,
  );
}
