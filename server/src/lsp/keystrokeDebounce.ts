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

export class KeystrokeDebounce {
  /** Per document, how long its latest checks after an edit took, oldest first. */
  private readonly editCheckMs = new Map<string, number[]>();
  /** When each document last changed (performance.now()), to tell a burst of keystrokes from one. */
  private readonly lastEditAt = new Map<string, number>();

  /** The document changed at `now` (call once per change): the wait before its check. */
  delayFor(uri: string, now: number): number {
    const recent = this.editCheckMs.get(uri);
    const checkMs = recent?.length ? Math.min(...recent) : MIN_DEBOUNCE_MS;
    const previousEdit = this.lastEditAt.get(uri);
    this.lastEditAt.set(uri, now);
    if (previousEdit === undefined || now - previousEdit > Math.max(checkMs, MAX_DEBOUNCE_MS)) return AFTER_PAUSE_MS;
    return Math.min(MAX_DEBOUNCE_MS, Math.max(MIN_DEBOUNCE_MS, checkMs));
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
    this.lastEditAt.delete(uri);
  }
}
