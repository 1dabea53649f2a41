// Decides WHEN checks run. One entry per URI, so a burst of edits becomes one check of whatever text
// is newest when it runs (the job reads the document at run time, never a snapshot taken at schedule
// time). A delayed request is a debounce: each further one pushes the check back until the edits
// pause, but never beyond a maximum wait, so continuous typing still sees diagnostics; an immediate
// request (open, settings, disk) is never pushed back. Jobs run one at a time; between jobs the loop yields to the event loop (setImmediate) so
// incoming messages (edits, requests) are handled before the next check. Higher priorities always
// go first, so a workspace scan of thousands of files never delays a keystroke by more than one
// file's check; while the user types, the scan also pauses between files (TYPING_WINDOW_MS).

export enum CheckPriority {
  /** Files nobody is looking at (workspace scan). */
  Background = 0,
  /** A file changed on disk (watcher event): ahead of the scan, so a save is reflected quickly. */
  FileChange = 1,
  /** Documents open in an editor. */
  Open = 2,
}

const PRIORITIES_HIGHEST_FIRST = [CheckPriority.Open, CheckPriority.FileChange, CheckPriority.Background];

export type CheckJob = (uri: string) => Promise<void>;

interface PendingCheck {
  dueAt: number;
  priority: CheckPriority;
  /** When the entry was first requested (the maximum wait counts from here). */
  since: number;
  /** Some request asked for it as soon as possible: later debounces do not push it back. */
  immediate: boolean;
}

/** The longest a debounced check waits for the edits to pause. */
export const DEFAULT_MAX_DEBOUNCE_MS = 500;

/**
 * While the user is typing (an open document's check was requested this recently), the scan runs at
 * half speed: after each file it pauses as long as that file took (at most MAX_BACKGROUND_PAUSE_MS).
 * A scan keeps the machine and the editor busy (every file's diagnostics are a message the editor
 * must take in); the pauses leave room for the keystrokes' checks and their results.
 */
const TYPING_WINDOW_MS = 2000;
const MAX_BACKGROUND_PAUSE_MS = 50;

export class CheckScheduler {
  /**
   * One queue per priority, in insertion order. Only open documents are scheduled with a delay, so
   * the lower queues are first-in first-out and picking from them is O(1) however long they are.
   */
  private readonly queues = new Map<CheckPriority, Map<string, PendingCheck>>(PRIORITIES_HIGHEST_FIRST.map((priority) => [priority, new Map()]));
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private wakeScheduled = false;
  private busy = false;
  private disposed = false;
  /** When an open document's check was last requested. */
  private lastForegroundRequest = -Infinity;
  /** Background checks wait until then (see TYPING_WINDOW_MS). */
  private backgroundNotBefore = 0;
  private readonly busyListeners: Array<(busy: boolean) => void> = [];

  constructor(
    private readonly job: CheckJob,
    private readonly onJobError: (uri: string, error: unknown) => void,
    private readonly maxDebounceMs = DEFAULT_MAX_DEBOUNCE_MS,
  ) {}

  /** Queues a check of `uri`: as soon as possible (`delayMs` 0), or after `delayMs` without another request. */
  schedule(uri: string, priority: CheckPriority, delayMs = 0): void {
    if (this.disposed) return;
    const now = Date.now();
    if (priority === CheckPriority.Open) this.lastForegroundRequest = now;
    const existing = this.find(uri);
    let pending: PendingCheck;
    if (!existing) {
      pending = { dueAt: now + delayMs, priority, since: now, immediate: delayMs === 0 };
    } else {
      const immediate = existing.immediate || delayMs === 0;
      const dueAt = immediate
        ? Math.min(existing.dueAt, now + delayMs)
        : Math.min(Math.max(existing.dueAt, now + delayMs), existing.since + this.maxDebounceMs);
      pending = { dueAt, priority: Math.max(existing.priority, priority), since: existing.since, immediate };
      if (existing.priority !== pending.priority) this.queue(existing.priority).delete(uri);
    }
    this.queue(pending.priority).set(uri, pending);
    this.setBusy(true);
    this.wake();
  }

  /** Forgets a queued check (the document went away); a running one finishes and its caller drops the result. */
  cancel(uri: string): void {
    for (const queue of this.queues.values()) queue.delete(uri);
    this.settle();
  }

  /** Forgets every queued check whose URI matches (e.g. everything under a removed folder). */
  cancelWhere(matches: (uri: string) => boolean): void {
    for (const queue of this.queues.values()) {
      for (const uri of queue.keys()) if (matches(uri)) queue.delete(uri);
    }
    this.settle();
  }

  isQueued(uri: string): boolean {
    return this.find(uri) !== undefined;
  }

  get queued(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.size;
    return count;
  }

  /** Fires on the transitions idle -> busy and busy -> idle. */
  onBusyChange(listener: (busy: boolean) => void): void {
    this.busyListeners.push(listener);
  }

  dispose(): void {
    this.disposed = true;
    for (const queue of this.queues.values()) queue.clear();
    if (this.timer) clearTimeout(this.timer);
  }

  private queue(priority: CheckPriority): Map<string, PendingCheck> {
    return this.queues.get(priority)!;
  }

  private find(uri: string): PendingCheck | undefined {
    for (const queue of this.queues.values()) {
      const pending = queue.get(uri);
      if (pending) return pending;
    }
    return undefined;
  }

  private wake(): void {
    if (this.running || this.wakeScheduled || this.disposed) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      void this.runNext();
    });
  }

  private async runNext(): Promise<void> {
    if (this.running || this.disposed) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const now = Date.now();
    const next = this.pickDue(now);
    if (!next) {
      this.sleepUntilNextDue(now);
      this.settle();
      return;
    }
    this.running = true;
    const started = Date.now();
    try {
      await this.job(next.uri);
    } catch (error) {
      this.onJobError(next.uri, error);
    } finally {
      this.running = false;
    }
    const finished = Date.now();
    if (next.priority !== CheckPriority.Open && finished - this.lastForegroundRequest < TYPING_WINDOW_MS) {
      this.backgroundNotBefore = finished + Math.min(MAX_BACKGROUND_PAUSE_MS, finished - started);
    }
    this.settle();
    if (this.queued > 0) this.wake();
  }

  /** Removes and returns the check to run now: the highest priority first, then the earliest due. */
  private pickDue(now: number): { uri: string; priority: CheckPriority } | undefined {
    for (const priority of PRIORITIES_HIGHEST_FIRST) {
      const queue = this.queue(priority);
      if (priority !== CheckPriority.Open && now < this.backgroundNotBefore) continue;
      let best: string | undefined;
      let bestDueAt = Infinity;
      for (const [uri, check] of queue) {
        if (check.dueAt > now || check.dueAt >= bestDueAt) continue;
        best = uri;
        bestDueAt = check.dueAt;
        // Undelayed queues are in due order already: the first due entry is the one.
        if (priority !== CheckPriority.Open) break;
      }
      if (best !== undefined) {
        queue.delete(best);
        return { uri: best, priority };
      }
    }
    return undefined;
  }

  private sleepUntilNextDue(now: number): void {
    let earliest = Infinity;
    for (const [priority, queue] of this.queues) {
      const notBefore = priority === CheckPriority.Open ? 0 : this.backgroundNotBefore;
      for (const check of queue.values()) earliest = Math.min(earliest, Math.max(check.dueAt, notBefore));
    }
    if (earliest === Infinity) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, Math.max(0, earliest - now));
  }

  private settle(): void {
    if (!this.running && this.queued === 0) this.setBusy(false);
  }

  private setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    for (const listener of this.busyListeners) listener(busy);
  }
}
