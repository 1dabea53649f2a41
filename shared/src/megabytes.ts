// Sizes in megabytes as the size-limit notice and the status item both write them.

export const BYTES_PER_MB = 1024 * 1024;

/** 25 MB, 1.5 MB, 0.0013 MB: enough digits to tell a size from the limit it exceeds. */
export function formatMB(mb: number): string {
  if (mb >= 10) return mb.toFixed(0);
  if (mb >= 1) return mb.toFixed(1);
  return String(Number(mb.toPrecision(2)));
}
