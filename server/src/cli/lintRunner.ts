// Where the CLI's files are checked: in worker threads (--jobs N, default every core), or on this
// thread for one job. Each candidate is a task of its own; the answers come back in any order and
// run.ts reports them in discovery order.
import { runnerOf, type CheckWorkerAnswer, type CheckWorkerTask } from '../checkWorkerTasks';
import { InThreadRunner, WorkerPool, type TaskRunner } from '../host/workerPool';
import type { Candidate } from './discovery';
import { lintCandidate, type FileOutcome, type LintSettings } from '../host/lintFile';

export interface LintTask {
  candidate: Candidate;
  settings: LintSettings;
}

/** The CLI's: `jobs` worker threads, or this thread for one job (or where no worker script is). */
export function lintRunner(script: string | undefined, jobs: number): TaskRunner<LintTask, FileOutcome> {
  if (!script || jobs <= 1) return new InThreadRunner(({ candidate, settings }) => lintCandidate(candidate, settings));
  return runnerOf(
    new WorkerPool<CheckWorkerTask, CheckWorkerAnswer>(script, jobs),
    ({ candidate, settings }: LintTask): CheckWorkerTask => ({ kind: 'lint', candidate, settings }),
    (answer) => (answer.kind === 'lint' ? answer.outcome : undefined),
  );
}
