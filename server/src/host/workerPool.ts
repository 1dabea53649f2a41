// Worker threads that check files nobody has open, for both fronts: the server's workspace scan,
// watcher re-checks and close->disk checks, and the CLI's files. A task is plain data (paths and
// settings); the worker reads the file itself through the host layer, checks it and answers plain
// data (diagnostics), so a 10 MB file is read, parsed and dropped on another thread and nothing of it
// stays anywhere. Which task goes next is the caller's business (the server's scheduler keeps its
// own queue and hands over a task only when a worker is free); the pool only queues what it is given
// beyond its size, first in first out.
//
// A cancelled task that is already running ends its worker (a check is synchronous and cannot be
// interrupted otherwise); a worker idle for IDLE_EXIT_MS ends too, so the memory of a big check is
// given back, or at once when the caller says no task is coming (releaseIdle): an idle worker holds
// 15-20 MB (its isolate, heap and the checker's code) for nothing. A worker that dies takes only its
// task with it: that task fails, the next one gets a fresh worker.
import * as os from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from './threadPriority';

/** How long a worker with nothing to do stays alive. */
const IDLE_EXIT_MS = 5000;

/**
 * A worker's stack, sized about as the main thread's (V8's default 984 KB, plus the 192 KB node keeps
 * aside in a worker, plus a little for frames that differ by thread): how deep a document may nest
 * before the parser's recursion ends in the "nested too deeply" notice must not depend on which
 * thread checked it. The default, 4 MB, would let a worker check what the main thread and the CLI's
 * single job refuse. (Near the limit the exact depth moves with the JIT's frame sizes anyway.)
 */
const STACK_SIZE_MB = 1.2;

export class TaskCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** How many checks may run at once: every core (the CLI), or every core but the one serving the editor (the server). */
export function defaultWorkerCount(leaveOneCore: boolean): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, leaveOneCore ? cores - 1 : cores);
}

/** Something that runs tasks: a pool of worker threads, or (no worker script, one job) this thread. */
export interface TaskRunner<Task, Answer> {
  /** How many tasks run at once. */
  readonly size: number;
  run(task: Task, signal?: AbortSignal): Promise<Answer>;
  /** No task is coming soon: threads with nothing to do end now (the next task starts a fresh one). */
  releaseIdle(): void;
  close(): Promise<void>;
}

interface Queued<Task, Answer> {
  task: Task;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
}

type WorkerReply<Answer> = { ok: true; answer: Answer } | { ok: false; error: string };

interface Slot<Task, Answer> {
  worker: Worker;
  running?: Queued<Task, Answer>;
  idleTimer?: NodeJS.Timeout;
}

export interface WorkerPoolOptions {
  /** The workers' nice value (0: as the thread that starts them; see threadPriority.ts). */
  niceness?: number;
}

/** What a worker is told at its start (its workerData). */
interface WorkerSetup {
  niceness: number;
}

export class WorkerPool<Task, Answer> implements TaskRunner<Task, Answer> {
  private readonly slots = new Set<Slot<Task, Answer>>();
  private readonly waiting: Array<Queued<Task, Answer>> = [];
  private closed = false;

  constructor(
    private readonly script: string,
    readonly size: number,
    private readonly options: WorkerPoolOptions = {},
  ) {}

  run(task: Task, signal?: AbortSignal): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new TaskCancelled());
    return new Promise<Answer>((resolve, reject) => {
      const queued: Queued<Task, Answer> = { task, resolve, reject, signal };
      signal?.addEventListener('abort', () => this.abort(queued), { once: true });
      this.waiting.push(queued);
      this.dispatch();
    });
  }

  releaseIdle(): void {
    // A slot is idle only while nothing waits (dispatch hands it the next task at once).
    for (const slot of this.slots) if (!slot.running) void this.end(slot);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.waiting.splice(0)) queued.reject(new Error('the worker pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.end(slot)));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      const queued = this.waiting.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      slot.running = queued;
      slot.worker.ref();
      slot.worker.postMessage(queued.task);
    }
  }

  private freeSlot(): Slot<Task, Answer> | undefined {
    for (const slot of this.slots) if (!slot.running) return slot;
    return this.slots.size < this.size ? this.spawn() : undefined;
  }

  private spawn(): Slot<Task, Answer> {
    const setup: WorkerSetup = { niceness: this.options.niceness ?? 0 };
    const worker = new Worker(this.script, { resourceLimits: { stackSizeMb: STACK_SIZE_MB }, workerData: setup });
    const slot: Slot<Task, Answer> = { worker };
    this.slots.add(slot);
    worker.on('message', (reply: WorkerReply<Answer>) => {
      const queued = slot.running;
      slot.running = undefined;
      if (queued) {
        if (reply.ok) queued.resolve(reply.answer);
        else queued.reject(new Error(reply.error));
      }
      this.idle(slot);
      this.dispatch();
    });
    const lost = (error: unknown): void => {
      if (!this.slots.delete(slot)) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.running?.reject(error instanceof Error ? error : new Error(String(error)));
      slot.running = undefined;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the checking worker stopped (exit code ${code})`)));
    return slot;
  }

  private idle(slot: Slot<Task, Answer>): void {
    if (this.waiting.length > 0 || !this.slots.has(slot)) return;
    // A process with nothing else to do must not be kept alive by a worker with nothing to do.
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.end(slot), IDLE_EXIT_MS);
    slot.idleTimer.unref();
  }

  private abort(queued: Queued<Task, Answer>): void {
    const index = this.waiting.indexOf(queued);
    if (index >= 0) {
      this.waiting.splice(index, 1);
      queued.reject(new TaskCancelled());
      return;
    }
    for (const slot of this.slots) {
      if (slot.running !== queued) continue;
      slot.running = undefined;
      queued.reject(new TaskCancelled());
      void this.end(slot).then(() => this.dispatch());
    }
  }

  private async end(slot: Slot<Task, Answer>): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.running?.reject(new Error('the worker pool is closed'));
    slot.running = undefined;
    await slot.worker.terminate();
  }
}

/** The same contract on this thread, one task at a time: for one job, or where no worker script is at hand. */
export class InThreadRunner<Task, Answer> implements TaskRunner<Task, Answer> {
  readonly size = 1;

  constructor(private readonly handle: (task: Task) => Answer) {}

  async run(task: Task, signal?: AbortSignal): Promise<Answer> {
    if (signal?.aborted) throw new TaskCancelled();
    return this.handle(task);
  }

  releaseIdle(): void {}

  async close(): Promise<void> {}
}

/** The worker's side: answers each task with what `handle` returns (or the message of what it threw). */
export function serveTasks<Task, Answer>(handle: (task: Task) => Answer): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread only');
  const niceness = (workerData as Partial<WorkerSetup> | undefined)?.niceness;
  if (niceness) lowerThisThreadsPriority(niceness);
  port.on('message', (task: Task) => {
    let reply: WorkerReply<Answer>;
    try {
      reply = { ok: true, answer: handle(task) };
    } catch (error) {
      reply = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  });
}
