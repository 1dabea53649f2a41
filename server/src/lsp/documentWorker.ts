// One document worker as the server holds it: the runtime's worker (a web worker in a browser, a
// worker thread in Node), one task at a time, each in a time box from the moment the worker says it
// starts it (loading the worker and warming it up are not the task's). A task that outlasts its box
// ends the worker (the only way to stop a synchronous check in another thread), and so does a worker
// that fails on its own or never starts the task: the task then fails with UnfinishedTask, and
// whatever the worker kept is gone.
import type { RuleSeverity } from '../../../shared/src/settings';
import type {
  DocumentWorkerAnswer,
  DocumentWorkerMessage,
  DocumentWorkerReply,
  DocumentWorkerTask,
} from './documentWorkerProtocol';

/** A started worker, as the runtime gives it (ServerRuntime.startDocumentWorker). */
export interface DocumentWorkerPort {
  post(message: DocumentWorkerMessage): void;
  onReply(listener: (reply: DocumentWorkerReply) => void): void;
  /** The worker failed or exited on its own (never called after terminate). */
  onEnd(listener: (reason: string) => void): void;
  terminate(): void;
}

/** A task that did not end: its time box ran out, or its worker ended. */
export class UnfinishedTask extends Error {
  constructor(
    /** Why, as the notice says it: "it was stopped after 4.2 s", "its worker ended (…)". */
    readonly reason: string,
  ) {
    super(`the task did not finish: ${reason}`);
  }
}

/** A task answered with an error the client is to get as it is (an LSP ResponseError's code and message). */
export class TaskResponseError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long a worker may take to start a task it was sent (to load, warm up and finish the task before): past it, it is taken for dead. */
const START_DEADLINE_MS = 60_000;

interface Running {
  id: number;
  uri: string | undefined;
  timeBoxMs: number;
  resolve(answer: DocumentWorkerAnswer): void;
  reject(error: Error): void;
  /** Until the worker starts the task, the start deadline; then the task's time box. */
  timer: ReturnType<typeof setTimeout>;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export class DocumentWorker {
  /** The open documents whose copy this worker holds (as the server sent them). */
  readonly copies = new Set<string>();
  private running: Running | undefined;
  private nextId = 1;
  private endedReason: string | undefined;
  /** Whether the worker ever said anything: one that fails before it did could not start at all. */
  private replied = false;
  private failedOnItsOwn = false;
  /** Warm-ups asked and not answered yet. */
  private warming = 0;

  constructor(
    private readonly port: DocumentWorkerPort,
    /** Told once when the worker is gone (ended by a time box, failed, or ended by end()). */
    private readonly onEnded: (worker: DocumentWorker) => void,
  ) {
    port.onReply((reply) => this.answered(reply));
    port.onEnd((reason) => {
      this.failedOnItsOwn = true;
      this.ended(`its worker ended (${reason})`);
    });
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  get alive(): boolean {
    return this.endedReason === undefined;
  }

  /** Whether it is loaded and warmed up: a task sent now starts at once. */
  get warm(): boolean {
    return this.warming === 0;
  }

  /** Whether it failed before it ever replied (it could not load, say). */
  get failedToStart(): boolean {
    return this.failedOnItsOwn && !this.replied;
  }

  /** The document whose task runs now, if it is one's. */
  get runningUri(): string | undefined {
    return this.running?.uri;
  }

  /** Runs `task` (the worker must be idle) for at most `timeBoxMs`. */
  run(task: DocumentWorkerTask, timeBoxMs: number): Promise<DocumentWorkerAnswer> {
    if (this.running) return Promise.reject(new Error('the document worker is busy'));
    if (this.endedReason !== undefined) return Promise.reject(new UnfinishedTask(this.endedReason));
    return new Promise<DocumentWorkerAnswer>((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(
        () => this.ended(`its worker did not start it within ${seconds(START_DEADLINE_MS)}`),
        START_DEADLINE_MS,
      );
      this.running = { id, uri: task.kind === 'closedFile' ? undefined : task.uri, timeBoxMs, resolve, reject, timer };
      try {
        this.port.post({ kind: 'task', id, task });
      } catch (error) {
        this.ended(`it could not be sent the task (${error instanceof Error ? error.message : String(error)})`);
      }
    });
  }

  /** Tells the worker where the rule pages are and runs the edit path once with these rules, before its next task (warmUp.ts). */
  warmUp(rules: Record<string, RuleSeverity>, docsBaseUri: string): void {
    if (this.endedReason !== undefined) return;
    this.warming++;
    this.port.post({ kind: 'warmUp', rules, docsBaseUri });
  }

  /** Drops the worker's copy of a document (closed, or moved to another worker). */
  forget(uri: string): void {
    if (!this.copies.delete(uri) || this.endedReason !== undefined) return;
    this.port.post({ kind: 'forget', uri });
  }

  /** Ends the worker (a running task fails as unfinished). */
  end(reason = 'the server ended it'): void {
    this.ended(reason);
  }

  private answered(reply: DocumentWorkerReply): void {
    this.replied = true;
    if (reply.kind === 'warm') {
      this.warming = Math.max(0, this.warming - 1);
      return;
    }
    const running = this.running;
    if (!running || running.id !== reply.id) return;
    if (reply.kind === 'started') {
      clearTimeout(running.timer);
      running.timer = setTimeout(() => this.ended(`it was stopped after ${seconds(running.timeBoxMs)}`), running.timeBoxMs);
      return;
    }
    this.running = undefined;
    clearTimeout(running.timer);
    if (reply.ok) running.resolve(reply.answer);
    else if (reply.responseError) running.reject(new TaskResponseError(reply.responseError.code, reply.responseError.message));
    else running.reject(new Error(reply.error));
  }

  private ended(reason: string): void {
    if (this.endedReason !== undefined) return;
    this.endedReason = reason;
    this.copies.clear();
    try {
      this.port.terminate();
    } catch {
      // Already gone.
    }
    const running = this.running;
    this.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.reject(new UnfinishedTask(reason));
    }
    this.onEnded(this);
  }
}
