// What the check worker (checkWorker.ts) is asked and answers, for the two fronts: the server's
// check of a closed file, and the CLI's lint of one candidate, both the host layer's. Plain data both ways.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DiskCheckAnswer, DiskCheckTask } from './host/diskCheck';
import type { FileOutcome, LintCandidate, LintSettings } from './host/lintFile';
import { WorkerPool, type TaskRunner } from './host/workerPool';

export type CheckWorkerTask =
  { kind: 'disk'; task: DiskCheckTask } | { kind: 'lint'; candidate: LintCandidate; settings: LintSettings };
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
 * MCPDESC_BACKGROUND_NICENESS: the nice value of all the server's threads but the main one, check
 * workers included (for comparing in the benchmark), instead of the two below.
 */
export function backgroundNicenessFromEnvironment(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env.MCPDESC_BACKGROUND_NICENESS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const niceness = Number(raw);
  return Number.isInteger(niceness) && niceness >= 0 && niceness <= 19 ? niceness : undefined;
}

/**
 * V8's helper threads (see host/threadPriority.ts), which collect the check workers' garbage and
 * contend for the core the main thread needs for a keystroke: nice 10. While a worker checked a
 * 10 MB JSON and a 7.5 MB YAML file, a keystroke's diagnostics in a 20 KB document took 1.25-1.46×
 * their idle time at p95 with every thread at nice 0, 1.13-1.17× with the helpers at nice 10
 * (three runs each, 2 cores, a quiet machine); the 1,000-file scan took as long (1.40 s vs 1.44 s).
 * A thread alone on a core still runs at full speed.
 */
export const HELPER_THREADS_NICENESS = 10;

/**
 * The check workers themselves keep the main thread's priority: the checker's time budget for
 * costly work is wall-clock time, and at nice 10 on a loaded machine a worker's schema
 * compilations ran out of it (a hostile fixture's diagnostics changed in a loaded test run) and the
 * 1,000-file scan took 1.7× as long (README, Performance).
 */
export const CHECK_WORKERS_NICENESS = 0;

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
export function diskCheckRunner(
  script: string | undefined,
  workers: number,
  niceness = CHECK_WORKERS_NICENESS,
): TaskRunner<DiskCheckTask, DiskCheckAnswer> | undefined {
  if (!script || workers === 0) return undefined;
  return runnerOf(
    new WorkerPool<CheckWorkerTask, CheckWorkerAnswer>(script, workers, { niceness }),
    (task: DiskCheckTask): CheckWorkerTask => ({ kind: 'disk', task }),
    (answer) => (answer.kind === 'disk' ? answer.answer : undefined),
  );
}
