// The one span in which two texts differ (their common prefix and suffix left out), as the
// incremental re-check is told about an edit.
import type { ChangeSpan } from '../../server/src/checker';

export function spanBetween(before: string, after: string): ChangeSpan {
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { offset: prefix, length: before.length - prefix - suffix, newLength: after.length - prefix - suffix };
}
