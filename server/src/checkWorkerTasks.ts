// What the check worker (checkWorker.ts) is asked and answers, for the two fronts: the server's
// check of a closed file, and the CLI's lint of one candidate. Plain data both ways.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Candidate } from './cli/discovery';
import type { FileOutcome, LintSettings } from './cli/lintFile';
import { WorkerPool, type TaskRunner } from './host/workerPool';
import type { DiskCheckAnswer, DiskCheckTask } from './lsp/diskCheckTask';

export type CheckWorkerTask = { kind: 'disk'; task: DiskCheckTask } | { kind: 'lint'; candidate: Candidate; settings: LintSettings };
export type CheckWorkerAnswer = { kind: 'disk'; answer: DiskCheckAnswer } | { kind: 'lint'; outcome: FileOutcome };

/** The worker script next to the running entry point (dist/checkWorker.js next to dist/server.js), if it is there. */
export function checkWorkerScript(entryDirectory: string): string | undefined {
  const script = path.join(entryDirectory, 'checkWorker.js');
  return fs.existsSync(script) ? script : undefined;
}

/** MCPDESC_CHECK_WORKERS: how many workers, overriding the default (0: check on the main thread, as a single job). */
export function workerCountFromEnvironment(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env.MCPDESC_CHECK_WORKERS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const count = Number(raw);
  return Number.isInteger(count) && count >= 0 ? count : undefined;
}

/**
 * MCPDESC_BACKGROUND_NICENESS: the nice value of the server's threads but the main one (for
 * comparing in the benchmark), else SERVER_BACKGROUND_NICENESS.
 */
export function backgroundNicenessFromEnvironment(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env.MCPDESC_BACKGROUND_NICENESS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const niceness = Number(raw);
  return Number.isInteger(niceness) && niceness >= 0 && niceness <= 19 ? niceness : undefined;
}

/**
 * The server's threads other than the one serving the editor (see host/threadPriority.ts): as the
 * main thread's by default. At nice 10 they lose to every other process too, and the checker's
 * time budget for costly work is wall-clock time: on a loaded machine a worker's schema
 * compilations ran out of it (a hostile fixture's diagnostics changed in a loaded test run) and
 * the 1,000-file scan took 1.7× as long, while the gain for keystrokes during the scan was not
 * clear in the same-run comparisons (README, Performance).
 */
export const SERVER_BACKGROUND_NICENESS = 0;

/** One pool of check workers seen as a runner of one kind of task. */
export function runnerOf<Task, Answer>(
  pool: TaskRunner<CheckWorkerTask, CheckWorkerAnswer>,
  wrap: (task: Task) => CheckWorkerTask,
  unwrap: (answer: CheckWorkerAnswer) => Answer | undefined,
): TaskRunner<Task, Answer> {
  return {
    size: pool.size,
    capacity: pool.capacity,
    async run(task, signal) {
      const answer = unwrap(await pool.run(wrap(task), signal));
      if (answer === undefined) throw new Error('the checking worker answered another kind of task');
      return answer;
    },
    releaseIdle: () => pool.releaseIdle(),
    close: () => pool.close(),
  };
}

/** The server's: `workers` worker threads (0: this thread) checking closed files. */
export function diskCheckRunner(script: string | undefined, workers: number, niceness = SERVER_BACKGROUND_NICENESS): TaskRunner<DiskCheckTask, DiskCheckAnswer> | undefined {
  if (!script || workers === 0) return undefined;
  return runnerOf(
    new WorkerPool<CheckWorkerTask, CheckWorkerAnswer>(script, workers, { niceness }),
    (task: DiskCheckTask): CheckWorkerTask => ({ kind: 'disk', task }),
    (answer) => (answer.kind === 'disk' ? answer.answer : undefined),
  );
}
