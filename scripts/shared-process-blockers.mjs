// What in a compiled test or test helper keeps its file out of a fast-tier process shared with its
// folder's other files (scripts/run-tests.mjs follows each test's requires of test/ and bench/ helpers
// and looks for these). Written for the JavaScript scripts/compile-tests.mjs makes (esbuild's
// CommonJS) and for tsc's, which compiled the tests before it: test/structure/sharedProcessBlockers.test.ts
// holds both shapes to them.
/** What in a compiled test or test helper keeps its file out of a shared process. */
export const SHARED_PROCESS_BLOCKERS = [
  /require\("(node:)?(child_process|worker_threads|cluster|net|http|https|v8|inspector)"\)/,
  /\bWorkerPool\b|\bnew Worker\(/,
  /process\.(chdir|exit|on|once|kill|setUncaughtExceptionCaptureCallback)\b/,
  /process\.env(\.[A-Za-z_$][\w$]*|\[[^\]]+\])\s*=[^=]/,
  /\.prototype\.[\w$]+\s*=[^=]/,
  // A hook at the top of a file would run around the other files' tests too (as esbuild writes the
  // call, scripts/compile-tests.mjs; and as tsc wrote it, for an out/ that tsc compiled).
  /^\(0, (import_node_test\d*|node_test_\d+)\.(before|after|beforeEach|afterEach)\)\(/m,
];
