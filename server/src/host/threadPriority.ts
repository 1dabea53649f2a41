// Nice values per thread. The server's checks of closed files are background work: on a machine
// with few cores every thread but the one serving the editor must lose each contest for a core to
// it, or a keystroke's check waits its turn behind them. Not only the check workers: V8's helper
// threads, shared by every isolate of the process, collect the workers' garbage (a 10 MB document
// makes hundreds of MB of it), and as much CPU went to them during the scan as to the workers.
// On Linux a nice value belongs to a thread, addressed by its thread id (/proc names them); there
// nice 10 weighs 110 against the main thread's 1024, and a thread alone on a core still runs at
// full speed. Elsewhere setpriority would move the whole process, so nothing is done. Best effort:
// where it is not allowed, threads keep their priority.
import * as fs from 'node:fs';
import * as os from 'node:os';

function ownThreadId(): number | undefined {
  const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  return Number.isInteger(threadId) && threadId > 0 ? threadId : undefined;
}

function lower(threadId: number, niceness: number): void {
  try {
    os.setPriority(threadId, Math.max(os.getPriority(threadId), niceness));
  } catch {
    // Gone meanwhile, or not allowed.
  }
}

/** Gives this thread (not the process) at least the nice value `niceness`. */
export function lowerThisThreadsPriority(niceness: number): void {
  if (process.platform !== 'linux') return;
  try {
    const own = ownThreadId();
    if (own !== undefined) lower(own, niceness);
  } catch {
    // No /proc.
  }
}

/**
 * Gives every other thread of the process that exists now at least the nice value `niceness`, this
 * one keeping its own: called first thing by the main thread, it lowers V8's helper threads (which
 * exist from the start); threads started later (workers) lower themselves.
 */
export function lowerOtherThreadsPriority(niceness: number): void {
  if (process.platform !== 'linux') return;
  try {
    const own = ownThreadId();
    for (const entry of fs.readdirSync('/proc/self/task')) {
      const threadId = Number(entry);
      if (Number.isInteger(threadId) && threadId !== own) lower(threadId, niceness);
    }
  } catch {
    // No /proc: every thread keeps its priority.
  }
}
