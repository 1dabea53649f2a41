// Offset edits: applying them, checking that they do not collide, and turning a before/after pair
// into one minimal edit.
import type { OffsetEdit } from '../types';

/** Sorted by offset; undefined when two edits overlap or insert at the same point (their order would be ambiguous). */
export function normalizeEdits(edits: OffsetEdit[]): OffsetEdit[] | undefined {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    const previousEnd = previous.offset + previous.length;
    if (previousEnd > current.offset) return undefined;
    if (previousEnd === current.offset && previous.length === 0 && current.length === 0) return undefined;
  }
  return sorted;
}

export function applyOffsetEdits(text: string, edits: OffsetEdit[]): string {
  const sorted = normalizeEdits(edits);
  if (!sorted) throw new Error('Overlapping edits cannot be applied together.');
  let result = '';
  let position = 0;
  for (const edit of sorted) {
    result += text.slice(position, edit.offset) + edit.newText;
    position = edit.offset + edit.length;
  }
  return result + text.slice(position);
}

/** The smallest single edit that turns `before` into `after` (common prefix and suffix kept). */
export function minimalEdit(before: string, after: string): OffsetEdit | undefined {
  if (before === after) return undefined;
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  return { offset: prefix, length: before.length - prefix - suffix, newText: after.slice(prefix, after.length - suffix) };
}
