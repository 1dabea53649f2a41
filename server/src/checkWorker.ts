// Entry point of dist/checkWorker.js: a worker thread of either front's pool (host/workerPool.ts).
// It keeps nothing between tasks: each file is read, checked and dropped. Both tasks are the host
// layer's (the one document policy), so nothing of either front's own layer is bundled here.
import { checkFileOnDisk } from './host/diskCheck';
import { lintCandidate } from './host/lintFile';
import { serveTasks } from './host/workerPool';
import type { CheckWorkerAnswer, CheckWorkerTask } from './checkWorkerTasks';

serveTasks<CheckWorkerTask, CheckWorkerAnswer>((task) =>
  task.kind === 'disk'
    ? { kind: 'disk', answer: checkFileOnDisk(task.task) }
    : { kind: 'lint', outcome: lintCandidate(task.candidate, task.settings) },
);
