// A browser's checks of closed files, once the client read them: in a document worker of their own,
// so that a hostile file met by the workspace scan is ended after its time box (unfinishedCheck.ts)
// and gets the notice that says so, instead of holding the server's thread. (Node's check workers
// read and check the disk themselves: host/workerPool.ts.) One check at a time, as the runner takes
// them; the worker is started when first needed and again after one was ended.
import { answerForRead, type DiskCheckAnswer, type DiskCheckTask, type DiskRead } from '../host/closedFileCheck';
import { DocumentWorker, UnfinishedTask } from './documentWorker';
import type { DocumentWorkers } from './runtime';
import { unfinishedCheckNotice } from './unfinishedCheck';

/** Workers in a row that may end before they ever reply, before the files are checked on this thread. */
const MAX_FAILED_STARTS = 3;

export class WorkerClosedFileChecks {
  private worker: DocumentWorker | undefined;
  /** The checks so far, one after the other. */
  private last: Promise<unknown> = Promise.resolve();
  /** Set once no worker can be started: the files are then checked on this thread. */
  private onThisThread = false;
  /** The rules the worker last warmed up with (as JSON). */
  private warmedWith: string | undefined;
  /** Workers in a row that ended before they ever replied. */
  private failedStarts = 0;

  constructor(
    private readonly workers: DocumentWorkers,
    private readonly log: (message: string) => void,
  ) {}

  check(task: DiskCheckTask, read: DiskRead): Promise<DiskCheckAnswer> {
    const next = this.last.then(() => this.checkNow(task, read));
    this.last = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.worker?.end('the server shut down');
  }

  private async checkNow(task: DiskCheckTask, read: DiskRead): Promise<DiskCheckAnswer> {
    const worker = this.workerNow();
    if (!worker) return answerForRead(task, read);
    const length = read.kind === 'text' ? read.text.length : 0;
    // Warmed up with the task's rules first (the whole-document rules' schema compiles there, not in the task's time box).
    const rules = JSON.stringify(task.settings.rules);
    if (rules !== this.warmedWith) {
      this.warmedWith = rules;
      worker.warmUp(task.settings.rules, task.docsBaseUri);
    }
    try {
      return (await worker.run({ kind: 'closedFile', task, read }, this.workers.timeBoxMs(length))) as DiskCheckAnswer;
    } catch (error) {
      if (!(error instanceof UnfinishedTask)) throw error;
      if (worker.failedToStart) {
        // The worker never started (it could not load): not the file's fault. Another try, or this thread.
        if (++this.failedStarts >= MAX_FAILED_STARTS) this.checkHere('workers end before they start');
        return this.checkNow(task, read);
      }
      this.failedStarts = 0;
      return {
        kind: 'diagnostics',
        diagnostics: unfinishedCheckNotice(error.reason, task.settings.rules, task.docsBaseUri),
        log: `Checking ${task.uri} (on disk) did not finish: ${error.reason}.`,
      };
    }
  }

  private workerNow(): DocumentWorker | undefined {
    if (this.onThisThread) return undefined;
    if (this.worker?.alive) return this.worker;
    try {
      this.worker = new DocumentWorker(this.workers.start(), () => undefined);
      this.warmedWith = undefined;
      return this.worker;
    } catch (error) {
      this.checkHere(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  private checkHere(reason: string): void {
    this.onThisThread = true;
    this.log(`Could not start a worker to check closed files in (${reason}); they are checked on the server's thread.`);
  }
}
