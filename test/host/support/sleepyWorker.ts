// A stand-in check worker for the pool's tests: each task says how long to block (as a synchronous
// check of a big file does), and whether to kill its thread instead of answering; it may ask to be
// told when it starts (through memory the test's thread shares), and each answer says how many tasks
// its thread ran before it.
import * as fs from 'node:fs';
import { threadId } from 'node:worker_threads';
import { serveTasks } from '../../../server/src/host/workerPool';

export interface SleepyTask {
  name: string;
  blockMs?: number;
  crash?: boolean;
  fail?: boolean;
  /** Set to 1 (and notified) when the task starts: a thread that is blocked can still learn it. */
  started?: Int32Array;
}

export interface SleepyAnswer {
  name: string;
  threadId: number;
  /** How many tasks this thread ran before this one. */
  sequence: number;
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

let tasksRun = 0;

serveTasks<SleepyTask, SleepyAnswer>((task) => {
  const sequence = tasksRun++;
  if (task.started) {
    Atomics.store(task.started, 0, 1);
    Atomics.notify(task.started, 0);
  }
  if (task.crash) process.exit(3);
  if (task.fail) throw new Error(`${task.name} failed`);
  const until = Date.now() + (task.blockMs ?? 0);
  while (Date.now() < until) {
    // blocking, on purpose
  }
  return { name: task.name, threadId, sequence, niceness: ownNiceness() };
});
