// --jobs: the files are checked in parallel worker threads, and the report does not show it. The
// built CLI with one job (every file on the main thread) and with two (two workers) gives the same
// stdout, stderr and exit status, byte for byte, over a tree with the awkward cases: broken and
// oversized files, an unreadable argument, a file named twice (and, in jobs.cli.thorough.test.ts, in
// every format over the fixture corpora and generated documents).
// Issue 34: the whole-document rules are on by default; these runs check the elicitation rules' corpora
// (deliberately partial documents), so they keep only the elicitation rules (--elicitation-only).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runBuiltCli } from './support/cliProcess';
import { runCliInProcess } from './support/cliInProcess';
import { removeTree } from './support/tempTree';
import { WORKER_LOG_ENV } from './support/workerThreadLog';
import { itGivesTheSameReportForOneJobAndTwo, makeJobsTree } from './support/jobsAgree';

describe('--jobs', () => {
  let tree: string;
  before(() => {
    tree = makeJobsTree();
  });
  after(() => removeTree(tree));

  // The awkward cases here; the fixture corpora (json, stylish, sarif) and the generated documents in
  // json, which hold every problem and failure in order, in jobs.cli.thorough.test.ts.
  itGivesTheSameReportForOneJobAndTwo(
    'broken, oversized and missing files, a file named twice, --quiet',
    ['--max-file-size-mb', '1', '--quiet', '.', 'missing.mcpdesc.json', 'specs/broken.mcpdesc.json'],
    () => tree,
  );

  it('one job checks on the main thread; two jobs on two worker threads (so the runs above compared the two)', async () => {
    const log = path.join(tree, 'workers.log');
    const workers = (): Set<string> => {
      const seen = new Set(fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
      fs.rmSync(log, { force: true });
      return seen;
    };
    const args = (jobs: string): string[] => ['--elicitation-only', '--jobs', jobs, '--format', 'json', 'many'];
    // One job as the runs above ran it (in-process, a logging worker script if any worker started).
    const one = await runCliInProcess(args('1'), { cwd: tree, countWorkersIn: log });
    assert.equal(one.status, 1, one.stderr);
    assert.equal(workers().size, 0);
    // Two jobs in the real dist/cli.js, workerThreadLog preloaded into it and so into its worker threads.
    const preload = { NODE_OPTIONS: `--require ${path.join(__dirname, 'support', 'workerThreadLog.js')}`, [WORKER_LOG_ENV]: log };
    const two = runBuiltCli(args('2'), { cwd: tree, env: preload });
    assert.equal(two.status, 1, two.stderr);
    assert.equal(workers().size, 2);
  });

  it('refuses a --jobs that is not a whole number of at least 1', async () => {
    for (const jobs of ['0', '1.5', 'many', '']) {
      const run = await runCliInProcess(['--elicitation-only', `--jobs=${jobs}`, '.'], { cwd: tree });
      assert.equal(run.status, 2, jobs);
      assert.match(run.stderr, /--jobs needs a whole number of at least 1/);
    }
  });
});
