// The scheduler's order, without timing (the pauses on a mocked clock): open documents first, then files changed on disk, then the
// workspace scan in the order it queued them; one entry per URI; cancelled entries never run; an
// immediate request is not pushed back by a debounced one for the same URI.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CheckPriority, CheckScheduler } from '../../server/src/lsp/checkScheduler';

function recordingScheduler(): { scheduler: CheckScheduler; ran: string[]; idle: Promise<void> } {
  const ran: string[] = [];
  let resolveIdle: () => void = () => undefined;
  const idle = new Promise<void>((resolve) => {
    resolveIdle = resolve;
  });
  const scheduler = new CheckScheduler(
    async (uri) => {
      ran.push(uri);
    },
    (uri, error) => assert.fail(`${uri}: ${String(error)}`),
  );
  scheduler.onBusyChange((busy) => {
    if (!busy) resolveIdle();
  });
  return { scheduler, ran, idle };
}

describe('check scheduler', () => {
  it('runs open documents, then disk changes, then the scan in queue order; each URI once', async () => {
    const { scheduler, ran, idle } = recordingScheduler();
    // All queued before the loop's first turn (it starts on setImmediate).
    for (const uri of ['scan-1', 'scan-2', 'scan-3']) scheduler.schedule(uri, CheckPriority.Background);
    scheduler.schedule('changed', CheckPriority.FileChange);
    scheduler.schedule('open', CheckPriority.Open);
    scheduler.schedule('scan-2', CheckPriority.Background); // already queued: stays one entry, in place
    scheduler.schedule('scan-3', CheckPriority.Open); // promoted
    assert.equal(scheduler.queued, 5);
    await idle;
    // The two open-priority entries run by due time: scan-3 keeps its earlier one when promoted, so
    // which of them goes first depends on whether the clock ticked in between.
    assert.deepEqual(new Set(ran.slice(0, 2)), new Set(['open', 'scan-3']));
    assert.deepEqual(ran.slice(2), ['changed', 'scan-1', 'scan-2']);
    scheduler.dispose();
  });

  it('while the user types, the scan pauses after each file as long as the file took, at most 50 ms (on a mocked clock)', async (t) => {
    // Date and setTimeout are the test's (the scheduler reads both): each check "takes" its time by
    // moving the clock, and otherwise moves only to the scheduler's next timer, so each start is exact.
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
    const took: Record<string, number> = { typed: 1, 'scan-1': 40, 'scan-2': 70, 'scan-3': 10 };
    const starts: Array<[string, number]> = [];
    let idle = false;
    const scheduler = new CheckScheduler(
      async (uri) => {
        starts.push([uri, Date.now()]);
        t.mock.timers.tick(took[uri]);
      },
      (uri, error) => assert.fail(`${uri}: ${String(error)}`),
    );
    scheduler.onBusyChange((busy) => {
      idle = !busy;
    });
    scheduler.schedule('typed', CheckPriority.Open);
    for (const uri of ['scan-1', 'scan-2', 'scan-3']) scheduler.schedule(uri, CheckPriority.Background);
    // The scheduler's turns are real (setImmediate); when it has nothing left to do on them, the
    // clock moves to its next timer (none is due sooner: the pauses are the only timers).
    for (let turns = 0; !idle && turns < 10_000; turns++) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!idle) t.mock.timers.runAll();
    }
    scheduler.dispose();
    // typed (open) ends at 1; scan-1 starts then (no pause after an open document's check) and takes
    // 40: a 40 ms pause; scan-2 takes 70: a 50 ms pause (the cap); all within the typing window.
    assert.deepEqual(starts, [
      ['typed', 0],
      ['scan-1', 1],
      ['scan-2', 81],
      ['scan-3', 201],
    ]);
  });

  it('cancelled entries never run', async () => {
    const { scheduler, ran, idle } = recordingScheduler();
    for (const uri of ['a/1', 'b/1', 'a/2', 'b/2']) scheduler.schedule(uri, CheckPriority.Background);
    scheduler.cancelWhere((uri) => uri.startsWith('a/'));
    scheduler.cancel('b/2');
    assert.equal(scheduler.isQueued('b/1'), true);
    assert.equal(scheduler.isQueued('a/1'), false);
    await idle;
    assert.deepEqual(ran, ['b/1']);
    scheduler.dispose();
  });

  it('an immediate request is not pushed back by a debounced one', { timeout: 10_000 }, async () => {
    const { scheduler, ran, idle } = recordingScheduler();
    scheduler.schedule('opened', CheckPriority.Open);
    // As TextDocuments does right after didOpen: a debounced request for the same document.
    scheduler.schedule('opened', CheckPriority.Open, 60_000);
    scheduler.schedule('scan', CheckPriority.Background);
    await idle; // would take a minute if the debounce had moved the check
    assert.deepEqual(ran, ['opened', 'scan']);
    scheduler.dispose();
  });
});
