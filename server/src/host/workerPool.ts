// Worker threads that check files nobody has open, for both fronts: the server's workspace scan,
// watcher re-checks and close->disk checks, and the CLI's files. A task is plain data (paths and
// settings); the worker reads the file itself through the host layer, checks it and answers plain
// data (diagnostics), so a 10 MB file is read, parsed and dropped on another thread and nothing of it
// stays anywhere. Which task goes next is the caller's business (the server's scheduler keeps its
// own queue and hands over only as many tasks as the pool's capacity); the pool only queues what it
// is given beyond that, first in first out.
//
// Each worker is given its next task while it still runs one (TASKS_PER_WORKER): a worker that
// waited for this thread between tasks (its answer taken in, published, the next task chosen and
// posted) sat idle a fifth of a workspace scan of 55 KB files. A task posted but not started can
// still be cancelled: the worker claims each task in memory shared with this thread before it
// starts, and skips one this thread marked cancelled first (whichever is first, the other sees it).
//
// A cancelled task that is already running ends its worker (a check is synchronous and cannot be
// interrupted otherwise); a worker idle for IDLE_EXIT_MS ends too, so the memory of a big check is
// given back, or at once when the caller says no task is coming (releaseIdle): an idle worker holds
// 15-20 MB (its isolate, heap and the checker's code) for nothing. A worker that dies takes only its
// task with it: that task fails, the one posted after it goes back to the front of the queue, and the
// next gets a fresh worker.
import * as os from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from './threadPriority';
import { TaskCancelled, type TaskRunner } from './taskRunner';

export { InThreadRunner, TaskCancelled, type TaskRunner } from './taskRunner';

/** How long a worker with nothing to do stays alive. */
const IDLE_EXIT_MS = 5000;

/** Tasks posted to a worker at once: the one it runs and the one it starts next. */
const TASKS_PER_WORKER = 2;

/**
 * A worker's stack, sized about as the main thread's (V8's default 984 KB, plus the 192 KB node keeps
 * aside in a worker, plus a little for frames that differ by thread): how deep a document may nest
 * before the parser's recursion ends in the "nested too deeply" notice must not depend on which
 * thread checked it. The default, 4 MB, would let a worker check what the main thread and the CLI's
 * single job refuse. (Near the limit the exact depth moves with the JIT's frame sizes anyway.)
 */
const STACK_SIZE_MB = 1.2;

/** The cells of a worker's shared control array. */
const CLAIMED = 0; // the id of the task the worker started last
const CANCELLED = 1; // the id of a posted task this thread cancelled before it started

/** How many checks may run at once: every core (the CLI), or every core but the one serving the editor (the server). */
export function defaultWorkerCount(leaveOneCore: boolean): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, leaveOneCore ? cores - 1 : cores);
}

interface Queued<Task, Answer> {
  task: Task;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
}

/** A task posted to a worker; `cancelled` once its caller was told so (the worker's answer is then dropped). */
interface Posted<Task, Answer> {
  id: number;
  queued: Queued<Task, Answer>;
  cancelled: boolean;
}

/** What this thread posts to a worker. */
interface TaskMessage<Task> {
  id: number;
  task: Task;
}

type WorkerReply<Answer> = { id: number } & ({ ok: true; answer: Answer } | { ok: false; error: string } | { skipped: true });

interface Slot<Task, Answer> {
  worker: Worker;
  control: Int32Array;
  /** Posted and not answered yet, oldest (the running one) first. */
  posted: Array<Posted<Task, Answer>>;
  idleTimer?: NodeJS.Timeout;
}

export interface WorkerPoolOptions {
  /** The workers' nice value (0: as the thread that starts them; see threadPriority.ts). */
  niceness?: number;
}

/** What a worker is told at its start (its workerData). */
interface WorkerSetup {
  niceness: number;
  control: SharedArrayBuffer;
}

export class WorkerPool<Task, Answer> implements TaskRunner<Task, Answer> {
  readonly capacity: number;
  private readonly slots = new Set<Slot<Task, Answer>>();
  private readonly waiting: Array<Queued<Task, Answer>> = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly script: string,
    readonly size: number,
    private readonly options: WorkerPoolOptions = {},
  ) {
    this.capacity = size * TASKS_PER_WORKER;
  }

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
    for (const slot of this.slots) if (slot.posted.length === 0) void this.end(slot);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.waiting.splice(0)) queued.reject(new Error('the worker pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.end(slot)));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.slotToPostTo();
      if (!slot) return;
      const queued = this.waiting.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      const id = this.nextId++;
      slot.posted.push({ id, queued, cancelled: false });
      slot.worker.ref();
      const message: TaskMessage<Task> = { id, task: queued.task };
      slot.worker.postMessage(message);
    }
  }

  /** An idle worker, else a new one while there is room, else one with room for its next task. */
  private slotToPostTo(): Slot<Task, Answer> | undefined {
    let withRoom: Slot<Task, Answer> | undefined;
    for (const slot of this.slots) {
      if (slot.posted.length === 0) return slot;
      if (!withRoom && slot.posted.length < TASKS_PER_WORKER) withRoom = slot;
    }
    return this.slots.size < this.size ? this.spawn() : withRoom;
  }

  private spawn(): Slot<Task, Answer> {
    const control = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
    const setup: WorkerSetup = { niceness: this.options.niceness ?? 0, control };
    const worker = new Worker(this.script, { resourceLimits: { stackSizeMb: STACK_SIZE_MB }, workerData: setup });
    const slot: Slot<Task, Answer> = { worker, control: new Int32Array(control), posted: [] };
    this.slots.add(slot);
    worker.on('message', (reply: WorkerReply<Answer>) => {
      const posted = slot.posted[0];
      if (!posted || posted.id !== reply.id) return; // answered by a worker this pool already gave up on
      slot.posted.shift();
      if (!posted.cancelled) {
        if ('skipped' in reply) posted.queued.reject(new TaskCancelled());
        else if (reply.ok) posted.queued.resolve(reply.answer);
        else posted.queued.reject(new Error(reply.error));
      }
      this.idle(slot);
      this.dispatch();
    });
    const lost = (error: unknown): void => {
      if (!this.slots.delete(slot)) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      const [running, ...after] = slot.posted.splice(0);
      if (running && !running.cancelled) running.queued.reject(error instanceof Error ? error : new Error(String(error)));
      this.requeue(after);
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the checking worker stopped (exit code ${code})`)));
    return slot;
  }

  /** Tasks posted to a worker that never started them go back to the front of the queue, in order. */
  private requeue(posted: Array<Posted<Task, Answer>>): void {
    this.waiting.unshift(...posted.filter((entry) => !entry.cancelled).map((entry) => entry.queued));
  }

  private idle(slot: Slot<Task, Answer>): void {
    if (slot.posted.length > 0 || this.waiting.length > 0 || !this.slots.has(slot)) return;
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
      const at = slot.posted.findIndex((entry) => entry.queued === queued);
      if (at < 0) continue;
      const posted = slot.posted[at];
      if (posted.cancelled) return;
      posted.cancelled = true;
      queued.reject(new TaskCancelled());
      if (at > 0) {
        // Not started yet, unless the worker claimed it just now: then it runs, and the worker must end.
        Atomics.store(slot.control, CANCELLED, posted.id);
        if (Atomics.load(slot.control, CLAIMED) !== posted.id) return;
      }
      // Running: only ending the worker stops it. What was posted with it goes to another worker,
      // an answer on its way included (it is checked again).
      const others = slot.posted.splice(0).filter((entry) => entry !== posted);
      this.slots.delete(slot);
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      this.requeue(others);
      void slot.worker.terminate().then(() => this.dispatch());
      this.dispatch();
      return;
    }
  }

  private async end(slot: Slot<Task, Answer>): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    for (const posted of slot.posted.splice(0))
      if (!posted.cancelled) posted.queued.reject(new Error('the worker pool is closed'));
    await slot.worker.terminate();
  }
}

/** The worker's side: answers each task with what `handle` returns (or the message of what it threw). */
export function serveTasks<Task, Answer>(handle: (task: Task) => Answer): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread only');
  const setup = workerData as Partial<WorkerSetup> | undefined;
  if (setup?.niceness) lowerThisThreadsPriority(setup.niceness);
  const control = setup?.control ? new Int32Array(setup.control) : undefined;
  port.on('message', ({ id, task }: TaskMessage<Task>) => {
    let reply: WorkerReply<Answer>;
    if (control) Atomics.store(control, CLAIMED, id);
    if (control && Atomics.load(control, CANCELLED) === id) {
      reply = { id, skipped: true };
    } else {
      try {
        reply = { id, ok: true, answer: handle(task) };
      } catch (error) {
        reply = { id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      }
    }
    port.postMessage(reply);
  });
}
