// The contract every runner of check tasks keeps (a pool of worker threads, this thread, or, in a
// browser, a runner that reads through the client), apart from the pool itself so that code shared
// with the browser build imports no worker_threads.

export class TaskCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Something that runs tasks: a pool of worker threads, or (no worker script, one job) this thread. */
export interface TaskRunner<Task, Answer> {
  /** How many tasks run at once. */
  readonly size: number;
  /** How many tasks it takes at once without queueing them (a caller with its own queue hands over this many). */
  readonly capacity: number;
  run(task: Task, signal?: AbortSignal): Promise<Answer>;
  /** No task is coming soon: threads with nothing to do end now (the next task starts a fresh one). */
  releaseIdle(): void;
  close(): Promise<void>;
}

/** The same contract on this thread, one task at a time: for one job, or where no worker script is at hand. */
export class InThreadRunner<Task, Answer> implements TaskRunner<Task, Answer> {
  readonly size = 1;
  readonly capacity = 1;

  constructor(private readonly handle: (task: Task) => Answer) {}

  async run(task: Task, signal?: AbortSignal): Promise<Answer> {
    if (signal?.aborted) throw new TaskCancelled();
    return this.handle(task);
  }

  releaseIdle(): void {}

  async close(): Promise<void> {}
}
