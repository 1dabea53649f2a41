// Keeping the server's peak memory near what it holds. A megabyte document leaves megabytes of
// garbage on every edit (the editor's new text, which is a large object only a full collection
// frees), and V8 lets the old generation grow to several times what survived the last full
// collection before it runs the next one: the 10 MB JSON session (open it, 50 edits, a burst) held
// about 130 MB but peaked at 680 MB RSS.
import { setFlagsFromString } from 'node:v8';

/**
 * The old generation may grow to 1.15× what survived the last full collection. Measured on that
 * session (bench/memorySession.ts): peak RSS 680 MB → 314 MB at 1.25× alone (1.5×: 320 MB), with
 * edit latencies within the run-to-run noise; full collections of a ~100 MB heap are mostly
 * concurrent. Later, with the rest of the session's memory work, 1.25× peaked at 296–306 MB and
 * 1.15× at 281–283 MB (the 7.5 MB YAML session 331 → 309 MB), edit p50 unchanged and the open of
 * the 10 MB document about 7 % slower (three runs each, alternating, on a quiet machine).
 */
const HEAP_GROWING_PERCENT = 15;

/** Called once, first thing in the server process (the flag is process-wide, workers included). */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
