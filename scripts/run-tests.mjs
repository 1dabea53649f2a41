// Runs one tier of the compiled tests with Node's test runner: `fast` (npm test) or `thorough`
// (npm run test:thorough). A test's tier is its name: `*.thorough.test.ts` is thorough, every other
// `*.test.ts` is fast, so the tiers never overlap and a new test lands in one of them.
// The list comes from the sources under test/, not from out/: tsc builds incrementally into out/ and
// never deletes there, so a renamed or removed test's old .js must not run.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// Each tier's hang guard: a test file still running after this fails, and its process is ended (a
// test's own `{ timeout }` cannot interrupt synchronous code; this can). Not a timing: the slowest
// file of each tier takes a fraction of it, even on a loaded machine.
const TIERS = {
  fast: { includes: (name) => name.endsWith('.test.ts') && !name.endsWith('.thorough.test.ts'), fileTimeoutMs: 300_000 },
  thorough: { includes: (name) => name.endsWith('.thorough.test.ts'), fileTimeoutMs: 1_800_000 },
};

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

// Two files at a time even on two cores (Node's default there is one): most test files spend their
// time waiting on a child process (the built CLI or server), so one file alone leaves a core idle.
// Each file is its own process with its own temp directories; no test asserts a timing.
const concurrency = Math.max(2, os.availableParallelism() - 1);
const run = spawnSync(
  process.execPath,
  ['--test', `--test-concurrency=${concurrency}`, `--test-timeout=${TIERS[tier].fileTimeoutMs}`, ...nodeArgs, ...files],
  {
    stdio: 'inherit',
  },
);
process.exit(run.status ?? 1);
