// --jobs: the files are checked in parallel worker threads, and the report does not show it. The
// built CLI with one job (every file on the main thread) and with two (two workers) gives the same
// stdout, stderr and exit status, byte for byte, over a tree with the awkward cases: broken and
// oversized files, an unreadable argument, a file named twice (and, in jobs.cli.thorough.test.ts, in
// every format over the fixture corpora and generated documents).
// Issue 34: the whole-document rules are on by default; these runs check the elicitation rules' corpora
// (deliberately partial documents), so they keep only the elicitation rules (--elicitation-only).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCliInProcess } from './support/cliInProcess';
import { removeTree } from './support/tempTree';
import { itRunsOneJobHereAndTwoOnRealWorkers, makeJobsTree } from './support/jobsAgree';

describe('--jobs', () => {
  let tree: string;
  before(() => {
    tree = makeJobsTree();
  });
  after(() => removeTree(tree));

  // The awkward cases, one job here and two in the real dist/cli.js; jobs.cli.thorough.test.ts compares
  // them in-process too, and the fixture corpora (json, stylish, sarif) and the generated documents.
  itRunsOneJobHereAndTwoOnRealWorkers(
    'broken, oversized and missing files, a file named twice, --quiet',
    ['--max-file-size-mb', '1', '--quiet', '.', 'missing.mcpdesc.json', 'specs/broken.mcpdesc.json'],
    () => tree,
  );

  it('refuses a --jobs that is not a whole number of at least 1', async () => {
    for (const jobs of ['0', '1.5', 'many', '']) {
      const run = await runCliInProcess(['--elicitation-only', `--jobs=${jobs}`, '.'], { cwd: tree });
      assert.equal(run.status, 2, jobs);
      assert.match(run.stderr, /--jobs needs a whole number of at least 1/);
    }
  });
});
