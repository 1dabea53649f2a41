// Entry point of dist/checkWorker.js: a worker thread of either front's pool (host/workerPool.ts).
// It keeps nothing between tasks: each file is read, checked and dropped.
import { lintCandidate } from './cli/lintFile';
import { serveTasks } from './host/workerPool';
import { checkFileOnDisk } from './lsp/diskCheckTask';
import type { CheckWorkerAnswer, CheckWorkerTask } from './checkWorkerTasks';

serveTasks<CheckWorkerTask, CheckWorkerAnswer>((task) =>
  task.kind === 'disk' ? { kind: 'disk', answer: checkFileOnDisk(task.task) } : { kind: 'lint', outcome: lintCandidate(task.candidate, task.settings) },
);
