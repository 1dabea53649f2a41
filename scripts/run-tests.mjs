// Runs one tier of the compiled tests with Node's test runner: `fast` (npm test) or `thorough`
// (npm run test:thorough). A test's tier is its name: `*.thorough.test.ts` is thorough, every other
// `*.test.ts` is fast, so the tiers never overlap and a new test lands in one of them.
// The list comes from the sources under test/, not from out/: scripts/compile-tests.mjs writes into
// out/ and never deletes there, so a renamed or removed test's old .js must not run.
//
// In the fast tier, the files that only call code in their own process share one process per folder
// (test/checker, test/yaml, ...; up to 24 files each), and the folders of fewer than 8 such files share
// processes between them: each process loads and compiles the checker from cold again, and fewer,
// fuller processes took the tier from ~95 s to ~75 s of wall time on two cores. A file runs alone
// when it, or a helper of test/ or bench/ it imports, starts a process or a thread (but the built
// server through test/server's LSP client or raw server, which each test stops, and a child it waits
// for with spawnSync or execFileSync), or changes what
// the files after it would see: child_process, worker_threads, v8 flags, process.env, the working
// directory, process events, a prototype, or a hook outside any describe (sharedProcessBlocker).
// `node --test out/test/<path>.test.js` still runs one file alone, as always.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SHARED_PROCESS_BLOCKERS } from './shared-process-blockers.mjs';

// Each tier's hang guard: a test file (or a folder's shared process) still running after this fails,
// and its process is ended (a test's own `{ timeout }` cannot interrupt synchronous code; this can).
// Not a timing: the slowest of each tier takes a fraction of it, even on a loaded machine.
const TIERS = {
  fast: {
    includes: (name) => name.endsWith('.test.ts') && !name.endsWith('.thorough.test.ts'),
    fileTimeoutMs: 600_000,
    shareProcesses: true,
  },
  thorough: { includes: (name) => name.endsWith('.thorough.test.ts'), fileTimeoutMs: 1_800_000, shareProcesses: false },
};

/** At most this many files share one process, so that a hang guard still points near the file. */
const FILES_PER_SHARED_PROCESS = 24;
/** A folder with fewer shareable files than this shares a process with other such folders. */
const SMALL_FOLDER_FILES = 8;

const [tier, ...nodeArgs] = process.argv.slice(2);
if (!Object.hasOwn(TIERS, tier)) {
  console.error(`usage: node scripts/run-tests.mjs ${Object.keys(TIERS).join('|')} [node --test options]`);
  process.exit(2);
}

const files = fs
  .readdirSync('test', { recursive: true })
  .map((name) => path.join('test', name))
  .filter((file) => TIERS[tier].includes(file))
  .map((file) => path.join('out', file.replace(/\.ts$/, '.js')))
  .sort();
const missing = files.filter((file) => !fs.existsSync(file));
if (missing.length > 0) {
  console.error(`not compiled (run npm run pretest): ${missing.join(', ')}`);
  process.exit(2);
}

/**
 * The helpers that start the built server as a child of the test (the LSP client and the raw-bytes
 * server): each test stops the servers it started in its own hooks, and nothing else of the test's
 * process changes, so a file that starts processes only through them shares a process with its
 * folder's others. Each such file in a process of its own cost the tier ~0.3 s of CPU time to start
 * the runner's child and load the LSP libraries again.
 */
const SERVER_CHILD_HELPERS = new Set(['lspClient.js', 'rawServer.js'].map((name) => path.resolve('out', 'test', 'server', name)));

/** The child_process calls that return only once the child has ended. */
const WAITING_CALLS = new Set(['spawnSync', 'execFileSync', 'execSync']);

/**
 * Whether `source` (compiled) uses child_process only through its synchronous calls: each child has
 * ended before the call returns and gets a copy of the environment, so nothing of the test's process
 * changes, and the file shares its folder's process (the built CLI through test/cli's cliProcess, git,
 * a helper script). Each such file alone cost the tier ~0.5 s of CPU time to start the runner's child
 * and load the checker again.
 */
function onlyWaitsForChildren(source) {
  const bindings = [...source.matchAll(/\b(?:var|const|let) ([\w$]+) = (?:__toESM\()?require\("(?:node:)?child_process"\)/g)];
  if (bindings.length === 0) return false;
  return bindings.every(([, binding]) => {
    const name = binding.replaceAll('$', '\\$');
    const uses = [...source.matchAll(new RegExp(`(?<![\\w$])${name}(?![\\w$])(\\.[\\w$]+)?`, 'g'))];
    // The declaration is the one use without a member; every other calls a waiting function.
    return uses.filter(([, member]) => !member || !WAITING_CALLS.has(member.slice(1))).length === 1;
  });
}

/** The compiled helper of test/ or bench/ that `specifier`, required from `from`, names (product code is not followed). */
function localModule(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const found = [`${base}.js`, path.join(base, 'index.js'), base].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
  if (!found) return undefined;
  const relative = path.relative(path.resolve('out'), found);
  return relative.startsWith(`test${path.sep}`) || relative.startsWith(`bench${path.sep}`) ? found : undefined;
}

/** Why `file` must run in a process of its own (the first blocker in it or its test helpers), or undefined. */
function sharedProcessBlocker(file) {
  const seen = new Set();
  const pending = [path.resolve(file)];
  while (pending.length > 0) {
    const current = pending.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    const source = fs.readFileSync(current, 'utf8');
    const judged = onlyWaitsForChildren(source) ? source.replaceAll(/require\("(node:)?child_process"\)/g, '') : source;
    const blocker = SERVER_CHILD_HELPERS.has(current)
      ? undefined
      : SHARED_PROCESS_BLOCKERS.map((pattern) => pattern.exec(judged)).find(Boolean);
    if (blocker) return `${path.relative('out', current)}: ${blocker[0]}`;
    for (const [, specifier] of source.matchAll(/require\("([^"]+)"\)/g)) {
      const local = localModule(current, specifier);
      if (local) pending.push(local);
    }
  }
  return undefined;
}

/** One file that requires `members` in order: Node's test runner runs it as one process. */
function sharedProcessFile(folder, index, members) {
  const directory = path.join('out', 'test', '.shared-processes');
  fs.mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${folder.replaceAll(path.sep, '-')}-${index + 1}.test.js`);
  const lines = members.map((member) => `require(${JSON.stringify(path.resolve(member))});`);
  fs.writeFileSync(
    file,
    `// Generated by scripts/run-tests.mjs: ${members.length} test files of out/test/${folder} in one process.\n${lines.join('\n')}\n`,
  );
  return file;
}

function plan(testFiles) {
  if (!TIERS[tier].shareProcesses) return testFiles;
  const alone = [];
  const byFolder = new Map();
  for (const file of testFiles) {
    if (sharedProcessBlocker(file)) {
      alone.push(file);
      continue;
    }
    const folder = path.relative(path.join('out', 'test'), path.dirname(file));
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  fs.rmSync(path.join('out', 'test', '.shared-processes'), { recursive: true, force: true });
  const shared = [];
  // Folders of a few files share one process between them: each process loads the checker's modules
  // again (~0.5 s of CPU), and a process per small folder cost the tier more than its tests.
  let smallFolders = [];
  const flushSmallFolders = () => {
    if (smallFolders.length > 1) shared.push(sharedProcessFile('folders', shared.length, smallFolders));
    else alone.push(...smallFolders);
    smallFolders = [];
  };
  for (const [folder, members] of byFolder) {
    if (members.length < SMALL_FOLDER_FILES) {
      smallFolders.push(...members);
      if (smallFolders.length >= FILES_PER_SHARED_PROCESS) flushSmallFolders();
      continue;
    }
    const chunks = Math.ceil(members.length / FILES_PER_SHARED_PROCESS);
    for (let index = 0; index < chunks; index++) {
      const chunk = members.filter((_, position) => position % chunks === index);
      shared.push(sharedProcessFile(folder, index, chunk));
    }
  }
  flushSmallFolders();
  // The shared processes first: they are the longest, and the runner starts files in the order given.
  return [...shared, ...alone.sort()];
}

// Two processes at a time even on two cores (Node's default there is one): most files that run alone
// spend their time waiting on a child process (the built CLI or server), so one alone leaves a core
// idle. Each test makes its own temp directories; no test asserts a timing.
const concurrency = Math.max(2, os.availableParallelism() - 1);
const run = spawnSync(
  process.execPath,
  ['--test', `--test-concurrency=${concurrency}`, `--test-timeout=${TIERS[tier].fileTimeoutMs}`, ...nodeArgs, ...plan(files)],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
