// The thorough tier's part of --jobs (jobs.cli.test.ts compares the awkward cases, one job here against
// two worker threads of dist/cli.js): one job and two give the same json, stylish and sarif reports of
// the fixture corpora, the same json report of generated documents, and of the awkward cases in-process,
// byte for byte; and the generated documents alone, one job here against two real workers.
import { after, before, describe } from 'node:test';
import {
  itGivesTheSameReportForOneJobAndTwo,
  itRunsOneJobHereAndTwoOnRealWorkers,
  JOBS_CORPORA,
  makeJobsTree,
} from './support/jobsAgree';
import { repoRoot } from './support/repoRoot';
import { removeTree } from './support/tempTree';

describe('--jobs', () => {
  let tree: string;
  before(() => {
    tree = makeJobsTree();
  });
  after(() => removeTree(tree));

  itGivesTheSameReportForOneJobAndTwo('the fixture corpora, json', ['--format', 'json', ...JOBS_CORPORA], repoRoot);
  itGivesTheSameReportForOneJobAndTwo('the fixture corpora, stylish', JOBS_CORPORA, repoRoot);
  itGivesTheSameReportForOneJobAndTwo('the fixture corpora, sarif', ['--format', 'sarif', ...JOBS_CORPORA], repoRoot);
  itGivesTheSameReportForOneJobAndTwo('generated documents, json', ['--format', 'json', '.'], () => tree);
  itGivesTheSameReportForOneJobAndTwo(
    'broken, oversized and missing files, a file named twice, --quiet',
    ['--max-file-size-mb', '1', '--quiet', '.', 'missing.mcpdesc.json', 'specs/broken.mcpdesc.json'],
    () => tree,
  );
  itRunsOneJobHereAndTwoOnRealWorkers('many small documents, json', ['--format', 'json', 'many'], () => tree);
});
