// Open documents checked in document workers the server can end (documentWorker.ts), so that no
// check, however a document is built, holds the thread that serves the editor or the other
// documents: a check that outlasts its time box (unfinishedCheck.ts) ends its worker, the document
// gets a notice saying its check did not finish, and a fresh worker takes the next task.
//
// Each document has a home worker that keeps its copy and its check, so a keystroke is sent as the
// edit since and re-checked incrementally there, and code actions and navigation are answered from
// that check. One task per document runs at a time, in the order asked; tasks that end quickly run
// one after the other, and one starts beside another only once that one ran a while (BESIDE_AFTER_MS:
// past the checker's budget where the cores are few). A document whose home is busy with another document's task moves to an
// idle worker (or one started for it, up to the runtime's count) and is sent whole: a document waits
// at most that long behind another's long check. A document version whose check did not finish is
// not tried again (each code action would otherwise cost a time box); an edit, or other settings,
// try again.
import type { McpdescSettings, RuleSeverity } from '../../../shared/src/settings';
import type { QueryAnswers, QueryKind, QueryOf } from './documentQueries';
import { DocumentWorker, UnfinishedTask } from './documentWorker';
import type { CheckAnswer, DocumentSync, DocumentTarget, DocumentWorkerTask, QueryAnswer } from './documentWorkerProtocol';
import { LocalOpenChecks, type OpenCheckRequest, type OpenChecks, type PlainOutcome } from './openChecks';
import type { DocumentWorkers } from './runtime';
import { unfinishedCheckNotice } from './unfinishedCheck';

/** How long a worker that keeps no document stays (the last one stays anyway). */
const IDLE_WORKER_END_MS = 30_000;

/** Workers started with the server (each holds 15-30 MB: its isolate, the checker's code, its documents). */
const STARTED_WORKERS = 2;

/**
 * How long a task runs before another starts beside it (and, if no worker is free, a worker is
 * started for it). Where the machine has a core for each (DocumentWorkers.sideBySide), a moment:
 * checks of a keystroke end before it, and start nothing beside them. Elsewhere past the checker's
 * one-second budget for costly work, which is wall-clock time, so that a check within its budget
 * never shares a core with another (on two cores, two hostile documents checked side by side each
 * ran out of budget where one alone did not).
 */
const BESIDE_AFTER_MS = { sideBySide: 250, sharedCores: 1200 } as const;

/** Workers in a row that may end before they ever reply, before the server stops starting them. */
const MAX_FAILED_STARTS = 3;

/** What a task may leave unfinished: the check itself, or the fixes computed on it (fix-all checks round after round). */
type TaskGroup = 'check' | 'fixes';

interface PendingTask {
  request: OpenCheckRequest;
  group: TaskGroup;
  /** The task for the worker, given where the document stands there. */
  taskFor(target: DocumentTarget): DocumentWorkerTask;
  /** The same on this thread, answered as the worker would (when no worker can be started). */
  runLocally(local: LocalOpenChecks): Promise<CheckAnswer | QueryAnswer>;
  settle(result: { answer: CheckAnswer | QueryAnswer } | { unfinished: string } | { error: Error }): void;
}

/** A document version (with its settings) whose task of a group did not finish. */
interface Unfinished {
  version: number;
  settingsKey: string;
  reason: string;
  groups: Set<TaskGroup>;
}

export class WorkerOpenChecks implements OpenChecks {
  readonly offThread = true;
  readonly capacity: number;
  private readonly workers = new Set<DocumentWorker>();
  private readonly homes = new Map<string, DocumentWorker>();
  private readonly pending: PendingTask[] = [];
  /** Documents with a task running, and when it started (performance.now()). */
  private readonly running = new Map<string, number>();
  /** A pump waiting for the running tasks to run long enough that another may start beside them. */
  private pumpTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly unfinished = new Map<string, Unfinished>();
  /** Where checks run once no worker can be started (the first failure says why in the log). */
  private fallback: LocalOpenChecks | undefined;
  /** Workers that failed before they replied at all, in a row: past a few, none will start. */
  private failedStarts = 0;
  /** The rules of the latest task: a new worker warms up with them. */
  private rules: Record<string, RuleSeverity> = {};
  /** The rules each worker last warmed up with (as JSON). */
  private readonly warmedWith = new WeakMap<DocumentWorker, string>();
  private shutDown = false;
  private readonly besideAfterMs: number;

  constructor(
    private readonly runtimeWorkers: DocumentWorkers,
    private readonly log: (message: string) => void,
    /** Where the rule pages are (the runtime's), for the workers' warm-up. */
    private readonly docsBaseUri: () => string,
  ) {
    this.capacity = Math.max(2, runtimeWorkers.count);
    this.besideAfterMs = runtimeWorkers.sideBySide ? BESIDE_AFTER_MS.sideBySide : BESIDE_AFTER_MS.sharedCores;
  }

  async check(request: OpenCheckRequest): Promise<{ outcome: PlainOutcome; durationMs: number }> {
    if (this.fallback) return this.fallback.check(request);
    const result = await this.enqueue(
      request,
      'check',
      (target) => ({ kind: 'check', ...target }),
      (local) => local.check(request),
    );
    if ('unfinished' in result) {
      return {
        outcome: {
          kind: 'unfinished',
          reason: result.unfinished,
          diagnostics: unfinishedCheckNotice(result.unfinished, request.settings.rules, request.docsBaseUri),
        },
        durationMs: 0,
      };
    }
    return result.answer as CheckAnswer;
  }

  async ask<K extends QueryKind>(request: OpenCheckRequest, query: QueryOf<K>): Promise<QueryAnswers[K] | undefined> {
    if (this.fallback) return this.fallback.ask(request, query);
    const group: TaskGroup = query.kind === 'fixAll' || query.kind === 'codeActions' ? 'fixes' : 'check';
    const result = await this.enqueue(
      request,
      group,
      (target) => ({ kind: 'query', query, ...target }),
      async (local) => {
        const answer = await local.ask(request, query);
        return answer === undefined ? { checked: false } : { checked: true, answer };
      },
    );
    if ('unfinished' in result) return undefined;
    const answer = result.answer as QueryAnswer;
    return answer.checked ? (answer.answer as QueryAnswers[K]) : undefined;
  }

  reopened(uri: string): void {
    // Its text was replaced as a whole: the copy cannot be brought up to it by edits.
    this.homes.get(uri)?.forget(uri);
    this.homes.delete(uri);
    this.fallback?.reopened();
  }

  closed(uri: string): void {
    this.unfinished.delete(uri);
    // What it still waits for is not sent (its answer would be dropped anyway: the document is gone).
    for (let index = this.pending.length - 1; index >= 0; index--) {
      const task = this.pending[index];
      if (task.request.document.uri !== uri) continue;
      this.pending.splice(index, 1);
      task.settle({ unfinished: 'the document was closed' });
    }
    const home = this.homes.get(uri);
    this.homes.delete(uri);
    home?.forget(uri);
    // A worker that keeps no document is not kept for long (its memory goes back), but not ended at
    // once either: documents are closed and opened in bursts, and a new worker starts cold.
    if (home && home.copies.size === 0) {
      setTimeout(() => {
        if (home.alive && !home.busy && home.copies.size === 0 && this.workers.size > 1) home.end('it keeps no document');
      }, IDLE_WORKER_END_MS);
    }
  }

  warmUp(log: (message: string) => void): void {
    // Two workers are started now and warm up (documentWorkerService.ts): one for the first document,
    // and one free for the next while the first checks, which would otherwise start cold (a worker
    // starting with the whole-document rules on compiles their schema first: a second or more).
    while (this.workers.size < Math.min(STARTED_WORKERS, this.capacity) && !this.fallback) this.spawn();
    this.fallback?.warmUp(log);
  }

  async close(): Promise<void> {
    // The server shuts down: what is pending or running is dropped unanswered (nothing is published after it).
    this.shutDown = true;
    this.pending.splice(0);
    for (const worker of [...this.workers]) worker.end('the server shut down');
  }

  private enqueue(
    request: OpenCheckRequest,
    group: TaskGroup,
    taskFor: PendingTask['taskFor'],
    runLocally: PendingTask['runLocally'],
  ): Promise<{ answer: CheckAnswer | QueryAnswer } | { unfinished: string }> {
    const known = this.unfinishedFor(request);
    if (known && known.groups.has(group)) return Promise.resolve({ unfinished: known.reason });
    if (this.shutDown) return new Promise(() => undefined);
    return new Promise((resolve, reject) => {
      this.pending.push({
        request,
        group,
        taskFor,
        runLocally,
        settle: (result) => ('error' in result ? reject(result.error) : resolve(result)),
      });
      this.pump();
    });
  }

  private unfinishedFor({ document, settings }: OpenCheckRequest): Unfinished | undefined {
    const known = this.unfinished.get(document.uri);
    return known && known.version === document.version && known.settingsKey === settingsKey(settings) ? known : undefined;
  }

  /**
   * Starts every pending task whose document has none running and for which a worker is free, in
   * order. A task starts beside others only once they all ran BESIDE_AFTER_MS: checks that end within
   * it run one after the other, each with the machine to itself, and only a long one has others run
   * beside it.
   */
  private pump(): void {
    for (let index = 0; index < this.pending.length;) {
      const task = this.pending[index];
      const uri = task.request.document.uri;
      if (this.running.size > 0 && !this.fallback && this.sinceLatestStart() < this.besideAfterMs) {
        this.pumpLater(this.besideAfterMs - this.sinceLatestStart());
        return;
      }
      const worker = this.running.has(uri) ? undefined : this.workerFor(uri);
      if (!worker) {
        if (this.fallback) {
          // No worker could be started: everything left runs on this thread.
          const local = this.fallback;
          for (const left of this.pending.splice(0))
            left.runLocally(local).then(
              (answer) => left.settle({ answer }),
              (error: unknown) => left.settle({ error: error as Error }),
            );
          return;
        }
        index++;
        continue;
      }
      this.pending.splice(index, 1);
      this.start(task, worker);
    }
  }

  /** How long ago the latest of the running tasks started. */
  private sinceLatestStart(): number {
    return performance.now() - Math.max(...this.running.values());
  }

  private pumpLater(ms: number): void {
    if (this.pumpTimer) return;
    this.pumpTimer = setTimeout(
      () => {
        this.pumpTimer = undefined;
        this.pump();
      },
      Math.max(1, ms),
    );
  }

  /**
   * The document's home when it is free, else a free worker (a warm one first, then the one keeping
   * the fewest documents), else a new one: undefined while none is.
   */
  private workerFor(uri: string): DocumentWorker | undefined {
    const home = this.homes.get(uri);
    if (home && !home.busy) return home;
    let idle: DocumentWorker | undefined;
    for (const worker of this.workers) {
      if (worker.busy) continue;
      const better = !idle || (worker.warm && !idle.warm) || (worker.warm === idle.warm && worker.copies.size < idle.copies.size);
      if (better) idle = worker;
    }
    if (idle) return idle;
    return this.workers.size < this.capacity ? this.spawn() : undefined;
  }

  private spawn(): DocumentWorker | undefined {
    if (this.fallback || this.shutDown) return undefined;
    try {
      const worker = new DocumentWorker(this.runtimeWorkers.start(), (ended) => this.workerEnded(ended));
      this.workers.add(worker);
      this.warmUpWorker(worker);
      return worker;
    } catch (error) {
      this.giveUpWorkers(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  /** Warms `worker` up with the latest rules, unless it did with these already (sent before its next task). */
  private warmUpWorker(worker: DocumentWorker): void {
    const key = JSON.stringify(this.rules);
    if (this.warmedWith.get(worker) === key) return;
    this.warmedWith.set(worker, key);
    worker.warmUp(this.rules, this.docsBaseUri());
  }

  private giveUpWorkers(reason: string): void {
    if (this.fallback) return;
    this.log(
      `Could not start a worker to check open documents in (${reason}); they are checked on the server's thread, where a check cannot be stopped.`,
    );
    this.fallback = new LocalOpenChecks();
    for (const worker of [...this.workers]) worker.end('no worker can be started');
  }

  /** While a worker could still start, one stays free (and warm) for a document that comes while the others check. */
  private keepOneFree(): void {
    if (this.shutDown || this.fallback) return;
    for (const worker of this.workers) if (!worker.busy) return;
    if (this.workers.size < this.capacity) this.spawn();
  }

  private workerEnded(worker: DocumentWorker): void {
    this.workers.delete(worker);
    for (const [uri, home] of this.homes) if (home === worker) this.homes.delete(uri);
    if (worker.failedToStart) {
      if (++this.failedStarts >= MAX_FAILED_STARTS) this.giveUpWorkers('workers end before they start');
    } else {
      this.failedStarts = 0;
    }
    // A fresh worker for what comes next, started (and warmed up) now rather than on the next keystroke.
    if (this.workers.size === 0) this.spawn();
    else this.keepOneFree();
    this.pump();
  }

  private start(task: PendingTask, worker: DocumentWorker): void {
    const { document, settings, path } = task.request;
    const uri = document.uri;
    const previous = this.homes.get(uri);
    if (previous !== worker) {
      previous?.forget(uri);
      this.homes.set(uri, worker);
    }
    // The edits since the copy's text go with the task; a worker without a copy gets the whole text.
    const span = document.takeChanges();
    let sync: DocumentSync | undefined;
    if (!worker.copies.has(uri)) {
      sync = { kind: 'whole', languageId: document.languageId, text: document.getText() };
      worker.copies.add(uri);
    } else if (span) {
      sync = { kind: 'edit', span, text: document.getText().slice(span.offset, span.offset + span.newLength) };
    }
    const version = document.version;
    const target: DocumentTarget = { uri, version, settings, path, ...(sync && { sync }) };
    // Fix-all checks round after round: three boxes.
    const box = this.runtimeWorkers.timeBoxMs(document.getText().length) * (task.group === 'fixes' ? 3 : 1);
    this.rules = settings.rules;
    // Other rules: every worker warms up with them now, the free ones while this one checks.
    for (const each of this.workers) if (each === worker || !each.busy) this.warmUpWorker(each);
    this.running.set(uri, performance.now());
    const done = (): void => {
      this.running.delete(uri);
      this.pump();
    };
    worker.run(task.taskFor(target), box).then(
      (answer) => {
        task.settle({ answer: answer as CheckAnswer | QueryAnswer });
        done();
      },
      (error: unknown) => {
        // The server is going away: nothing is published any more, nothing is settled.
        if (this.shutDown) return;
        if (error instanceof UnfinishedTask && worker.failedToStart) {
          // The worker never started (it could not load): the task is not the document's fault.
          // It goes first to the next worker (or to this thread, once none starts).
          this.running.delete(uri);
          this.pending.unshift(task);
          this.pump();
          return;
        }
        if (error instanceof UnfinishedTask) {
          this.remember(task, version, error.reason);
          task.settle({ unfinished: error.reason });
        } else {
          task.settle({ error: error instanceof Error ? error : new Error(String(error)) });
        }
        done();
      },
    );
    // A task still running after a moment may be a long one: a worker is started beside it (and warms
    // up) for the documents that come meanwhile. Keystrokes' checks end long before: no worker for them.
    setTimeout(() => {
      if (worker.busy && worker.runningUri === uri) this.keepOneFree();
    }, this.besideAfterMs);
  }

  private remember(task: PendingTask, version: number, reason: string): void {
    const uri = task.request.document.uri;
    const key = settingsKey(task.request.settings);
    let known = this.unfinished.get(uri);
    if (!known || known.version !== version || known.settingsKey !== key) {
      known = { version, settingsKey: key, reason, groups: new Set() };
      this.unfinished.set(uri, known);
    }
    known.groups.add(task.group);
    // Nothing computed on a check that did not finish can be: fixes need the check.
    if (task.group === 'check') known.groups.add('fixes');
  }
}

function settingsKey(settings: McpdescSettings): string {
  return JSON.stringify(settings);
}
