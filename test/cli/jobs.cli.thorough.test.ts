// The thorough tier's part of --jobs (jobs.cli.test.ts compares the awkward cases and counts the
// threads): one job and two give the same json, stylish and sarif reports of the fixture corpora, and
// the same json report of generated documents, byte for byte.
import { after, before, describe } from 'node:test';
import { itGivesTheSameReportForOneJobAndTwo, JOBS_CORPORA, makeJobsTree } from './support/jobsAgree';
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
});
