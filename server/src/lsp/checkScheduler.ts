// Decides WHEN checks run. One entry per URI: scheduling a URI that is already waiting only keeps the
// earlier due time, so a burst of edits becomes one check of whatever text is newest when it runs
// (the job reads the document at run time, never a snapshot taken at schedule time). Jobs run one at
// a time; between jobs the loop yields to the event loop so incoming messages (edits, requests) are
// handled before the next check. Higher priorities (open documents) always go first.

export enum CheckPriority {
  /** Files nobody is looking at (workspace scan). */
  Background = 0,
  /** Documents open in an editor. */
  Open = 1,
}

export type CheckJob = (uri: string) => Promise<void>;

interface PendingCheck {
  dueAt: number;
  priority: CheckPriority;
}

export class CheckScheduler {
  private readonly pending = new Map<string, PendingCheck>();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private wakeScheduled = false;
  private busy = false;
  private readonly busyListeners: Array<(busy: boolean) => void> = [];

  constructor(
    private readonly job: CheckJob,
    private readonly onJobError: (uri: string, error: unknown) => void,
  ) {}

  /** Queues a check of `uri` in `delayMs` (0: as soon as possible). */
  schedule(uri: string, priority: CheckPriority, delayMs = 0): void {
    const dueAt = Date.now() + delayMs;
    const existing = this.pending.get(uri);
    this.pending.set(uri, {
      dueAt: existing ? Math.min(existing.dueAt, dueAt) : dueAt,
      priority: existing ? Math.max(existing.priority, priority) : priority,
    });
    this.setBusy(true);
    this.wake();
  }

  /** Forgets a queued check (the document went away); a running one finishes and its caller drops the result. */
  cancel(uri: string): void {
    this.pending.delete(uri);
    this.settle();
  }

  get queued(): number {
    return this.pending.size;
  }

  /** Fires on the transitions idle -> busy and busy -> idle. */
  onBusyChange(listener: (busy: boolean) => void): void {
    this.busyListeners.push(listener);
  }

  dispose(): void {
    this.pending.clear();
    if (this.timer) clearTimeout(this.timer);
  }

  private wake(): void {
    if (this.running || this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      void this.runNext();
    });
  }

  private async runNext(): Promise<void> {
    if (this.running) return;
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
    this.pending.delete(next);
    this.running = true;
    try {
      await this.job(next);
    } catch (error) {
      this.onJobError(next, error);
    } finally {
      this.running = false;
    }
    this.settle();
    if (this.pending.size > 0) this.wake();
  }

  private pickDue(now: number): string | undefined {
    let best: string | undefined;
    let bestCheck: PendingCheck | undefined;
    for (const [uri, check] of this.pending) {
      if (check.dueAt > now) continue;
      if (
        !bestCheck ||
        check.priority > bestCheck.priority ||
        (check.priority === bestCheck.priority && check.dueAt < bestCheck.dueAt)
      ) {
        best = uri;
        bestCheck = check;
      }
    }
    return best;
  }

  private sleepUntilNextDue(now: number): void {
    let earliest = Infinity;
    for (const check of this.pending.values()) earliest = Math.min(earliest, check.dueAt);
    if (earliest === Infinity) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, Math.max(0, earliest - now));
  }

  private settle(): void {
    if (!this.running && this.pending.size === 0) this.setBusy(false);
  }

  private setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    for (const listener of this.busyListeners) listener(busy);
  }
}
