// The scheduler's order, without timing: open documents first, then files changed on disk, then the
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

  it('while the user types, the scan pauses after each file as long as the file took', { timeout: 10_000 }, async () => {
    const spans = new Map<string, { start: number; end: number }>();
    let resolveIdle: () => void = () => undefined;
    const idle = new Promise<void>((resolve) => {
      resolveIdle = resolve;
    });
    const scheduler = new CheckScheduler(
      async (uri) => {
        const start = Date.now();
        await new Promise((resolve) => setTimeout(resolve, uri === 'typed' ? 1 : 40));
        spans.set(uri, { start, end: Date.now() });
      },
      (uri, error) => assert.fail(`${uri}: ${String(error)}`),
    );
    scheduler.onBusyChange((busy) => {
      if (!busy) resolveIdle();
    });
    scheduler.schedule('typed', CheckPriority.Open);
    for (const uri of ['scan-1', 'scan-2', 'scan-3']) scheduler.schedule(uri, CheckPriority.Background);
    await idle;
    scheduler.dispose();
    for (const [previous, next] of [
      ['scan-1', 'scan-2'],
      ['scan-2', 'scan-3'],
    ]) {
      const took = spans.get(previous)!.end - spans.get(previous)!.start;
      const pause = spans.get(next)!.start - spans.get(previous)!.end;
      // Timers may fire a millisecond early by rounding.
      assert.ok(pause >= Math.min(50, took) - 2, `${next} started ${pause} ms after ${previous}, which took ${took} ms`);
    }
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
