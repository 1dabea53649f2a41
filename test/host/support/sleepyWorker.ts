// A stand-in check worker for the pool's tests: each task says how long to block (as a synchronous
// check of a big file does), and whether to kill its thread instead of answering.
import * as fs from 'node:fs';
import { threadId } from 'node:worker_threads';
import { serveTasks } from '../../../server/src/host/workerPool';

export interface SleepyTask {
  name: string;
  blockMs?: number;
  crash?: boolean;
  fail?: boolean;
}

export interface SleepyAnswer {
  name: string;
  threadId: number;
  /** When the worker started the task (Date.now()). */
  startedAt: number;
  /** This thread's nice value as the kernel has it (Linux: /proc/thread-self/stat), if known. */
  niceness?: number;
}

function ownNiceness(): number | undefined {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    // The fields after the parenthesized command: state is the 3rd of all, nice the 19th.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  } catch {
    return undefined;
  }
}

serveTasks<SleepyTask, SleepyAnswer>((task) => {
  const startedAt = Date.now();
  if (task.crash) process.exit(3);
  if (task.fail) throw new Error(`${task.name} failed`);
  const until = Date.now() + (task.blockMs ?? 0);
  while (Date.now() < until) {
    // blocking, on purpose
  }
  return { name: task.name, threadId, startedAt, niceness: ownNiceness() };
});
