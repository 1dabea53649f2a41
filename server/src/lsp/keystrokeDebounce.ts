// How long an edit of an open document waits for the next one before its check runs. Coalescing
// only pays when checks are slow next to typing: a document whose (incremental) check takes a few
// milliseconds is checked almost at once, a slow one waits up to MAX_DEBOUNCE_MS so that a burst
// of keystrokes is one check.
//
// Learnt from the checks after edits only: the open's check (of the whole text, by code not yet
// compiled) says nothing of what a keystroke costs, and waiting three times that made the first
// keystroke of a session the slowest (80 ms of waiting for a 20 KB document instead of 25). The
// fastest of the latest few: one check that was descheduled, or met a garbage collection, must not
// triple the next keystroke's wait. Until a keystroke was checked, the least.

export const MIN_DEBOUNCE_MS = 25;
export const MAX_DEBOUNCE_MS = 150;
/** How many of a document's latest checks after an edit the wait is learnt from. */
const EDIT_CHECKS_REMEMBERED = 3;

export class KeystrokeDebounce {
  /** Per document, how long its latest checks after an edit took, oldest first. */
  private readonly editCheckMs = new Map<string, number[]>();

  delayFor(uri: string): number {
    const recent = this.editCheckMs.get(uri);
    if (!recent?.length) return MIN_DEBOUNCE_MS;
    return Math.min(MAX_DEBOUNCE_MS, Math.max(MIN_DEBOUNCE_MS, 3 * Math.min(...recent)));
  }

  /** A check of `uri` that followed an edit took `ms`. */
  editChecked(uri: string, ms: number): void {
    const recent = this.editCheckMs.get(uri) ?? [];
    recent.push(ms);
    if (recent.length > EDIT_CHECKS_REMEMBERED) recent.shift();
    this.editCheckMs.set(uri, recent);
  }

  forget(uri: string): void {
    this.editCheckMs.delete(uri);
  }
}
