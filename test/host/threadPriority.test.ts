// Thread priorities (server/src/host/threadPriority.ts), in a child Node process so that this one
// keeps its own: every other thread gets the nice value, the calling thread keeps its own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const MODULE = path.join(__dirname, '..', '..', 'server', 'src', 'host', 'threadPriority.js');

/** The child's threads' nice values, its main thread's first, after it ran `call`. */
function nicenessAfter(call: string): { main: number; others: number[] } {
  const script = `
    const fs = require('node:fs');
    require(${JSON.stringify(MODULE)}).${call};
    const nice = (id) => { const stat = fs.readFileSync('/proc/self/task/' + id + '/stat', 'utf8'); return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); };
    const others = fs.readdirSync('/proc/self/task').filter((id) => Number(id) !== process.pid).map(nice);
    process.stdout.write(JSON.stringify({ main: nice(process.pid), others }));`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { main: number; others: number[] };
}

describe('thread priority', { skip: !fs.existsSync('/proc/thread-self') && 'no /proc/thread-self (not Linux)' }, () => {
  // The child starts at this process's nice value; a value is only ever raised, never lowered.
  const base = os.getPriority();

  it('lowers every other thread, not the calling one', () => {
    const { main, others } = nicenessAfter('lowerOtherThreadsPriority(7)');
    assert.equal(main, base);
    assert.ok(others.length > 0, 'a Node process has helper threads');
    assert.deepEqual([...new Set(others)], [Math.max(base, 7)]);
  });

  it('lowers only the calling thread', () => {
    const { main, others } = nicenessAfter('lowerThisThreadsPriority(5)');
    assert.equal(main, Math.max(base, 5));
    assert.deepEqual([...new Set(others)], [base]);
  });
});
