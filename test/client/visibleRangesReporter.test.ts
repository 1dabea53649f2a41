// When the client tells the server where its editors look (client/src/visibleRangesReporter.ts), on
// a fake clock: once per pause in scrolling, only what changed, and a document no editor shows any
// more is reported once with no ranges.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { VisibleRangesParams } from '../../shared/src/constants';
import { VISIBLE_RANGES_DELAY_MS, VisibleRangesReporter, type Timers } from '../../client/src/visibleRangesReporter';

function fakeClock(): { timers: Timers; fire(): void; pending(): number } {
  const due = new Map<number, () => void>();
  let next = 1;
  return {
    timers: {
      set: (callback, ms) => {
        assert.equal(ms, VISIBLE_RANGES_DELAY_MS);
        due.set(next, callback);
        return next++;
      },
      clear: (handle) => {
        due.delete(handle as number);
      },
    },
    fire: () => {
      const callbacks = [...due.values()];
      due.clear();
      for (const callback of callbacks) callback();
    },
    pending: () => due.size,
  };
}

const lines = (first: number, last: number): VisibleRangesParams['ranges'] => [
  { start: { line: first, character: 0 }, end: { line: last, character: 0 } },
];

describe('visible ranges reporter', () => {
  it('sends the last view of a scroll once, after the pause', () => {
    const clock = fakeClock();
    const sent: VisibleRangesParams[] = [];
    const reporter = new VisibleRangesReporter((params) => sent.push(params), clock.timers);
    reporter.shown(new Map([['file:///a.json', lines(0, 40)]]));
    reporter.shown(new Map([['file:///a.json', lines(10, 50)]]));
    reporter.shown(new Map([['file:///a.json', lines(20, 60)]]));
    assert.deepEqual(sent, []);
    assert.equal(clock.pending(), 1);
    clock.fire();
    assert.deepEqual(sent, [{ uri: 'file:///a.json', ranges: lines(20, 60) }]);
  });

  it('sends nothing for an unchanged view; a hidden document once with no ranges; everything again after a restart', () => {
    const clock = fakeClock();
    const sent: VisibleRangesParams[] = [];
    const reporter = new VisibleRangesReporter((params) => sent.push(params), clock.timers);
    reporter.shown(
      new Map([
        ['file:///a.json', lines(0, 40)],
        ['file:///b.yaml', lines(5, 9)],
      ]),
    );
    clock.fire();
    assert.equal(sent.length, 2);
    reporter.shown(
      new Map([
        ['file:///a.json', lines(0, 40)],
        ['file:///b.yaml', lines(5, 9)],
      ]),
    );
    clock.fire();
    assert.equal(sent.length, 2, 'nothing changed');
    reporter.shown(new Map([['file:///b.yaml', lines(5, 9)]]));
    clock.fire();
    assert.deepEqual(sent.slice(2), [{ uri: 'file:///a.json', ranges: [] }]);
    reporter.shown(new Map([['file:///b.yaml', lines(5, 9)]]));
    clock.fire();
    assert.equal(sent.length, 3, 'a hidden document is reported hidden once');
    reporter.reset();
    reporter.shown(new Map([['file:///b.yaml', lines(5, 9)]]));
    clock.fire();
    assert.deepEqual(sent.slice(3), [{ uri: 'file:///b.yaml', ranges: lines(5, 9) }]);
    reporter.shown(new Map());
    reporter.dispose();
    assert.equal(clock.pending(), 0);
  });
});
