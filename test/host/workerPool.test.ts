// The worker pool both fronts check closed files with: tasks beyond its size wait their turn (first
// in, first out); a worker is given its next task while it runs one; a cancelled task that is still
// waiting (here or in its worker) never runs, one that is running ends its worker so the next task is
// not stuck behind it; a task that throws or kills its worker fails alone.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { TaskCancelled, WorkerPool } from '../../server/src/host/workerPool';
import type { SleepyAnswer, SleepyTask } from './support/sleepyWorker';

const SCRIPT = path.join(__dirname, 'support', 'sleepyWorker.js');

describe('worker pool', () => {
  // Which thread finishes first depends on the machine's load (a worker may start seconds after the
  // other), so the order is asserted where the pool decides it: the order each thread ran its tasks in.
  it('runs tasks beyond its size in the order given, on at most `size` threads', async () => {
    // Each worker holds two tasks (one running, the next posted), so the fifth and later wait in the pool.
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const ranInOrder = (answers: SleepyAnswer[], thread: number): string[] =>
      answers
        .filter((answer) => answer.threadId === thread)
        .sort((one, other) => one.sequence - other.sequence)
        .map((answer) => answer.name);

    const pool = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 2);
    const answers = await Promise.all(names.map((name) => pool.run({ name, blockMs: 20 })));
    await pool.close();
    assert.deepEqual(
      answers.map((answer) => answer.name),
      names,
      'each task is answered with its own answer',
    );
    const threads = new Set(answers.map((answer) => answer.threadId));
    assert.ok(threads.size <= 2, `${threads.size} threads`);
    for (const thread of threads) {
      const ran = ranInOrder(answers, thread);
      assert.deepEqual(ran, [...ran].sort(), `a thread ran ${ran.join()}`);
    }

    const single = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1);
    const alone = await Promise.all(names.map((name) => single.run({ name, blockMs: 5 })));
    await single.close();
    assert.equal(new Set(alone.map((answer) => answer.threadId)).size, 1);
    assert.deepEqual(ranInOrder(alone, alone[0].threadId), names, 'one thread runs them all in the order given');
  });

  it('a cancelled running task ends its worker: the next task does not wait for it', async () => {
    const pool = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1);
    const abort = new AbortController();
    const slow = pool.run({ name: 'slow', blockMs: 60_000 }, abort.signal);
    const next = pool.run({ name: 'next' });
    // Let the slow task reach its worker before cancelling it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    abort.abort();
    await assert.rejects(slow, TaskCancelled);
    assert.equal((await next).name, 'next', 'answered within the test timeout, so not after the slow task');
    await pool.close();
  });

  it('a cancelled waiting task never runs', async () => {
    const pool = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1);
    const abort = new AbortController();
    const first = pool.run({ name: 'first', blockMs: 50 });
    const cancelled = pool.run({ name: 'cancelled', crash: true }, abort.signal);
    abort.abort();
    await assert.rejects(cancelled, TaskCancelled);
    const firstAnswer = await first;
    // Had the crashing task run, the worker would be gone and this would run on another thread.
    assert.equal((await pool.run({ name: 'after' })).threadId, firstAnswer.threadId);
    await pool.close();
  });

  it('a worker starts its next task without waiting for this thread', async () => {
    const pool = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1);
    assert.equal(pool.capacity, 2);
    // The worker is up before the two tasks are given: only their own work is timed below.
    await pool.run({ name: 'start' });
    const started = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const first = pool.run({ name: 'first', blockMs: 100 });
    const second = pool.run({ name: 'second', started });
    // This thread blocks until the second task has started: only a task already posted can start
    // meanwhile. The limit is a hang guard, not a timing ('not-equal': it had started already).
    const waited = Atomics.wait(started, 0, 0, 60_000);
    assert.notEqual(waited, 'timed-out', 'the second task started while this thread was blocked');
    const [firstAnswer, secondAnswer] = await Promise.all([first, second]);
    assert.equal(secondAnswer.threadId, firstAnswer.threadId);
    assert.equal(secondAnswer.sequence, firstAnswer.sequence + 1);
    await pool.close();
  });

  it('a task posted behind one that kills its worker runs on a fresh worker', async () => {
    const pool = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1);
    const crasher = pool.run({ name: 'crasher', blockMs: 50, crash: true });
    const behind = pool.run({ name: 'behind' });
    await assert.rejects(crasher, /exit code 3/);
    assert.equal((await behind).name, 'behind');
    await pool.close();
  });

  it('a task that throws, or kills its worker, fails alone', async () => {
    const pool = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1);
    await assert.rejects(pool.run({ name: 'thrower', fail: true }), /thrower failed/);
    await assert.rejects(pool.run({ name: 'crasher', crash: true }), /exit code 3/);
    assert.equal((await pool.run({ name: 'survivor' })).name, 'survivor');
    await pool.close();
  });

  it('releaseIdle ends the workers with nothing to do, and leaves a running task alone', async () => {
    const pool = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 2);
    try {
      const [idle, busy] = await Promise.all([pool.run({ name: 'idle' }), pool.run({ name: 'first', blockMs: 50 })]);
      const running = pool.run({ name: 'running', blockMs: 300 });
      // Let 'running' reach a worker (the one that answered 'idle' or 'first'), then release.
      await new Promise((resolve) => setTimeout(resolve, 100));
      pool.releaseIdle();
      const ranOn = (await running).threadId;
      assert.ok([idle.threadId, busy.threadId].includes(ranOn), 'the running task finished on the worker it started on');
      pool.releaseIdle();
      const after = await pool.run({ name: 'after' });
      assert.ok(![idle.threadId, busy.threadId].includes(after.threadId), 'a task after the release starts a fresh worker');
    } finally {
      await pool.close();
    }
  });

  it(
    'gives its workers the nice value it is told, and leaves the thread that starts them as it was',
    { skip: !fs.existsSync('/proc/thread-self') && 'no /proc/thread-self (not Linux)' },
    async () => {
      const before = os.getPriority();
      const lowered = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1, { niceness: Math.min(19, before + 7) });
      const plain = new WorkerPool<SleepyTask, SleepyAnswer>(SCRIPT, 1);
      try {
        assert.equal((await lowered.run({ name: 'lowered' })).niceness, Math.min(19, before + 7));
        assert.equal((await plain.run({ name: 'plain' })).niceness, before);
        assert.equal(os.getPriority(), before);
      } finally {
        await Promise.all([lowered.close(), plain.close()]);
      }
    },
  );
});
