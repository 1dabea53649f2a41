// How long an edit of an open document waits for the next one before its check runs. Coalescing
// only pays when changes come faster than checks:
// - An edit after a pause (longer than the document's recent checks, and than MAX_DEBOUNCE_MS)
//   starts no burst a wait could coalesce: a one-key fix is checked after AFTER_PAUSE_MS, enough for
//   the notifications already on their way. (Waiting three times the check made a one-key edit in a
//   5 MB document, whose one-tool re-check takes 30 ms, wait 90 ms: bench/visibleRangesBench.ts.)
// - Within a burst an edit waits as long as a check after an edit takes, within the bounds, so that
//   keystrokes faster than checks are one check and checking takes at most about half of steady
//   typing's time.
// The check time is learnt from the checks after edits only: the open's check (of the whole text, by
// code not yet compiled) says nothing of what a keystroke costs. It is the fastest of the latest few:
// one check that was descheduled, or met a garbage collection, must not lengthen the next wait.
// Until a keystroke was checked, the least.

export const MIN_DEBOUNCE_MS = 25;
export const MAX_DEBOUNCE_MS = 150;
export const AFTER_PAUSE_MS = 5;
/** How many of a document's latest checks after an edit the wait is learnt from. */
const EDIT_CHECKS_REMEMBERED = 3;

/** One open document's (OpenDocument keeps it). */
export class KeystrokeDebounce {
  /** How long the latest checks after an edit took, oldest first. */
  private readonly editCheckMs: number[] = [];
  /** When the document last changed (performance.now()), to tell a burst of keystrokes from one. */
  private lastEditAt: number | undefined;

  /** The document changed at `now` (call once per change): the wait before its check. */
  delayFor(now: number): number {
    const checkMs = this.editCheckMs.length > 0 ? Math.min(...this.editCheckMs) : MIN_DEBOUNCE_MS;
    const previousEdit = this.lastEditAt;
    this.lastEditAt = now;
    if (previousEdit === undefined || now - previousEdit > Math.max(checkMs, MAX_DEBOUNCE_MS)) return AFTER_PAUSE_MS;
    return Math.min(MAX_DEBOUNCE_MS, Math.max(MIN_DEBOUNCE_MS, checkMs));
  }

  /** A check that followed an edit took `ms`. */
  editChecked(ms: number): void {
    this.editCheckMs.push(ms);
    if (this.editCheckMs.length > EDIT_CHECKS_REMEMBERED) this.editCheckMs.shift();
  }
}
