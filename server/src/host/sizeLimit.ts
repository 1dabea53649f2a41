// The size limit (mcpdesc.maxFileSizeMB, --max-file-size-mb): a document over it is not parsed at
// all, so that a huge file can neither freeze the server nor fill the memory of either front. It
// gets one notice saying so, the same from both. Whether a file over the limit is an mcpdesc
// document at all is decided on its head only.
import { BYTES_PER_MB, formatMB } from '../../../shared/src/megabytes';
import { checkerNotice, type CheckOptions, type Diagnostic } from '../checker';

export { BYTES_PER_MB };

/** How much of an oversized file is read (or looked at) for the root-member sniff. */
export const OVERSIZED_HEAD_BYTES = 64 * 1024;

export function maxFileBytes(limitMB: number): number {
  return Math.floor(limitMB * BYTES_PER_MB);
}

/** The size of `text` as UTF-8, computed only when it could be over `limit` (every char is 1 to 3 bytes). */
export function exceedsLimit(text: string, limit: number): { sizeBytes: number } | undefined {
  if (text.length * 3 <= limit) return undefined;
  const sizeBytes = Buffer.byteLength(text, 'utf8');
  return sizeBytes > limit ? { sizeBytes } : undefined;
}

export function fileTooLargeMessage(sizeBytes: number, limitMB: number): string {
  return (
    `This file was not checked: it is ${formatMB(sizeBytes / BYTES_PER_MB)} MB, over the ${formatMB(limitMB)} MB size limit ` +
    '(mcpdesc.maxFileSizeMB; --max-file-size-mb on the command line).'
  );
}

/** The one diagnostic of a file over the limit (none when mcpdesc.checker is off). */
export function fileTooLargeNotice(
  sizeBytes: number,
  limitMB: number,
  rules: CheckOptions['rules'],
  docsBaseUri: string,
): Diagnostic[] {
  return checkerNotice('skipped', fileTooLargeMessage(sizeBytes, limitMB), { rules, docsBaseUri });
}
