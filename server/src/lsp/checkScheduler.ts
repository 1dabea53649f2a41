// Decides WHEN checks run, and where. One entry per URI, so a burst of edits becomes one check of
// whatever text is newest when it runs (the job reads the document at run time, never a snapshot
// taken at schedule time). A delayed request is a debounce: each further one pushes the check back
// until the edits pause, but never beyond a maximum wait, so continuous typing still sees
// diagnostics; an immediate request (open, settings, disk) is never pushed back.
//
// Two lanes: open documents, and files nobody has open. Each runs either on this thread, one check at
// a time for both (between jobs the loop yields to the event loop, so incoming messages, edits and
// requests, are handled before the next check), or off it, as many at once as it has slots: open
// documents in document workers (workerOpenChecks.ts), closed files in worker threads or a browser's
// worker (DiskDocumentChecks). The queue stays here, so open documents still go first, a queued check
// is cancelled when its file goes away, and a running check of a closed file off this thread is
// aborted (its result dropped) when its file changes or opens. Higher priorities always go first; while the user types, the scan also
// pauses between files (TYPING_WINDOW_MS), since every result it publishes costs this thread and the
// editor something.

export enum CheckPriority {
  /** Files nobody is looking at (workspace scan). */
  Background = 0,
  /** A file changed on disk (watcher event): ahead of the scan, so a save is reflected quickly. */
  FileChange = 1,
  /** Documents open in an editor. */
  Open = 2,
}

const PRIORITIES_HIGHEST_FIRST = [CheckPriority.Open, CheckPriority.FileChange, CheckPriority.Background];

/** `signal` aborts when the check is outdated before it ends (its file changed, opened or went away). */
export type CheckJob = (uri: string, signal: AbortSignal) => Promise<void>;

export type CheckLane = 'openDocuments' | 'closedFiles';

export interface CheckLanes {
  /** Which lane checks `uri` (an open document's, or a closed file's). */
  laneOf(uri: string): CheckLane;
  /** Whether a lane's checks run off this thread. */
  offThread: Record<CheckLane, boolean>;
  /** How many checks a lane off this thread runs at once. */
  slots: Record<CheckLane, number>;
}

/** Without lanes every check runs on this thread, one at a time. */
const ONE_LANE: CheckLanes = {
  laneOf: () => 'openDocuments',
  offThread: { openDocuments: false, closedFiles: false },
  slots: { openDocuments: 0, closedFiles: 0 },
};

interface RunningCheck {
  priority: CheckPriority;
  lane: CheckLane;
  onThisThread: boolean;
  abort: AbortController;
}

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
  private readonly queues = new Map<CheckPriority, Map<string, PendingCheck>>(
    PRIORITIES_HIGHEST_FIRST.map((priority) => [priority, new Map()]),
  );
  private readonly running = new Map<string, RunningCheck>();
  private runningOnThisThread = false;
  private readonly runningOffThread: Record<CheckLane, number> = { openDocuments: 0, closedFiles: 0 };
  private timer: ReturnType<typeof setTimeout> | undefined;
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
    private readonly lanes: CheckLanes = ONE_LANE,
    /** The event loop's next turn (the runtime's: setImmediate in Node, a message to itself in a web worker). */
    private readonly nextTurn: (callback: () => void) => void = (callback) => setImmediate(callback),
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
    // A check of the file's older state (on disk, or before it opened) is outdated.
    this.abortRunning(uri);
    this.setBusy(true);
    this.wake();
  }

  /** Forgets a queued check (the document went away); a running one finishes and its caller drops the result. */
  cancel(uri: string): void {
    for (const queue of this.queues.values()) queue.delete(uri);
    this.abortRunning(uri);
    this.settle();
  }

  /** Forgets every queued check whose URI matches (e.g. everything under a removed folder). */
  cancelWhere(matches: (uri: string) => boolean): void {
    for (const queue of this.queues.values()) {
      for (const uri of queue.keys()) if (matches(uri)) queue.delete(uri);
    }
    for (const uri of this.running.keys()) if (matches(uri)) this.abortRunning(uri);
    this.settle();
  }

  /** Something is queued or running. */
  get isBusy(): boolean {
    return this.busy;
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
    for (const check of this.running.values()) check.abort.abort();
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

  private abortRunning(uri: string): void {
    const running = this.running.get(uri);
    // An open document's check reads the newest text when it starts and drops what was overtaken.
    if (running && !running.onThisThread && running.lane === 'closedFiles') running.abort.abort();
  }

  private wake(): void {
    if (this.wakeScheduled || this.disposed) return;
    this.wakeScheduled = true;
    this.nextTurn(() => {
      this.wakeScheduled = false;
      this.startDue();
    });
  }

  /** Starts every due check that has a free lane. */
  private startDue(): void {
    if (this.disposed) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    for (;;) {
      const now = Date.now();
      const next = this.pickDue(now);
      if (!next) break;
      void this.run(next.uri, next.priority, next.lane);
      // This thread's check runs to its end before anything else here: the loop ends with it.
      if (!this.lanes.offThread[next.lane]) return;
    }
    this.sleepUntilNextDue(Date.now());
    this.settle();
  }

  private async run(uri: string, priority: CheckPriority, lane: CheckLane): Promise<void> {
    const onThisThread = !this.lanes.offThread[lane];
    const check: RunningCheck = { priority, lane, onThisThread, abort: new AbortController() };
    this.running.set(uri, check);
    if (onThisThread) this.runningOnThisThread = true;
    else this.runningOffThread[lane]++;
    const started = Date.now();
    try {
      await this.job(uri, check.abort.signal);
    } catch (error) {
      this.onJobError(uri, error);
    } finally {
      if (this.running.get(uri) === check) this.running.delete(uri);
      if (onThisThread) this.runningOnThisThread = false;
      else this.runningOffThread[lane]--;
    }
    const finished = Date.now();
    if (priority !== CheckPriority.Open && finished - this.lastForegroundRequest < TYPING_WINDOW_MS) {
      this.backgroundNotBefore = Math.max(
        this.backgroundNotBefore,
        finished + Math.min(MAX_BACKGROUND_PAUSE_MS, finished - started),
      );
    }
    this.settle();
    if (this.queued > 0) this.wake();
  }

  private laneIsFree(lane: CheckLane): boolean {
    return this.lanes.offThread[lane] ? this.runningOffThread[lane] < this.lanes.slots[lane] : !this.runningOnThisThread;
  }

  /**
   * Removes and returns the check to start now: the highest priority first, then the earliest due,
   * among those whose lane is free and whose URI is not being checked already.
   */
  private pickDue(now: number): { uri: string; priority: CheckPriority; lane: CheckLane } | undefined {
    for (const priority of PRIORITIES_HIGHEST_FIRST) {
      const queue = this.queue(priority);
      if (priority !== CheckPriority.Open && now < this.backgroundNotBefore) continue;
      let best: { uri: string; lane: CheckLane } | undefined;
      let bestDueAt = Infinity;
      for (const [uri, check] of queue) {
        if (check.dueAt > now || check.dueAt >= bestDueAt) continue;
        const lane = this.lanes.laneOf(uri);
        const startable = this.laneIsFree(lane) && !this.running.has(uri);
        // Undelayed queues are in due order already: only their first due entry is looked at, so
        // picking stays O(1) however long the scan's queue is.
        if (priority !== CheckPriority.Open) {
          if (startable) best = { uri, lane };
          break;
        }
        if (!startable) continue;
        best = { uri, lane };
        bestDueAt = check.dueAt;
      }
      if (best !== undefined) {
        queue.delete(best.uri);
        return { ...best, priority };
      }
    }
    return undefined;
  }

  private sleepUntilNextDue(now: number): void {
    let earliest = Infinity;
    for (const [priority, queue] of this.queues) {
      const notBefore = priority === CheckPriority.Open ? 0 : this.backgroundNotBefore;
      for (const [uri, check] of queue) {
        // Waiting for a lane or for its running check, not for time: the end of that check wakes the loop.
        const waitsForTime = this.laneIsFree(this.lanes.laneOf(uri)) && !this.running.has(uri);
        if (waitsForTime) earliest = Math.min(earliest, Math.max(check.dueAt, notBefore));
        // Undelayed queues are in due order: their first entry decides.
        if (priority !== CheckPriority.Open) break;
      }
    }
    if (earliest === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.wake();
      },
      Math.max(0, earliest - now),
    );
  }

  private settle(): void {
    if (this.running.size === 0 && this.queued === 0) this.setBusy(false);
  }

  private setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    for (const listener of this.busyListeners) listener(busy);
  }
}
