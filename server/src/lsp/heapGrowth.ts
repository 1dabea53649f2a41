// Keeping the server's peak memory near what it holds. A megabyte document leaves megabytes of
// garbage on every edit (the editor's new text, which is a large object only a full collection
// frees), and V8 lets the old generation grow to several times what survived the last full
// collection before it runs the next one: the 10 MB JSON session (open it, 50 edits, a burst) held
// about 130 MB but peaked at 680 MB RSS.
//
// The young generation has the same habit at a smaller scale: V8 collects it when it is full, its
// semi-space (16 MB once a big check has grown it) and as much again of young large objects, and a
// keystroke's check of a 1 MB document leaves about 2 MB there (the editor's new text, 1 MB, and the
// check's temporaries). So the garbage of some fifteen keystrokes piled up, 30 MB of the 1 MB JSON
// session's peak, before one collection freed nearly all of it.
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

/**
 * V8 posts a task that collects the young generation once its semi-space is this full (80 % by
 * default): a task, so it runs between messages, never inside a check, and costs little, since
 * nearly everything there is garbage by then; the checks' own collections are unchanged. At 25 %
 * the 1 MB JSON session of the peers benchmark peaked at 119-121 MB instead of 127-131 MB (three
 * rounds each, alternating; 50 %: 123-125 MB, 10 %: no lower), open and edit p50 within a
 * millisecond; in the 10 MB session the edit p50 median was 46 ms instead of 50 (six rounds), the
 * peak the same.
 */
const YOUNG_GENERATION_TASK_PERCENT = 25;

/** Called once, first thing in the server process (the flags are process-wide, workers included). */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  setFlagsFromString(`--minor-gc-task-trigger=${YOUNG_GENERATION_TASK_PERCENT}`);
}
