// The thorough tier's part of --jobs (jobs.cli.test.ts compares the json report): one job and two give
// the same stylish and sarif reports of the fixture corpora, byte for byte.
import { describe } from 'node:test';
import { itGivesTheSameReportForOneJobAndTwo, JOBS_CORPORA } from './support/jobsAgree';
import { repoRoot } from './support/repoRoot';

describe('--jobs', () => {
  itGivesTheSameReportForOneJobAndTwo('the fixture corpora, stylish', JOBS_CORPORA, repoRoot);
  itGivesTheSameReportForOneJobAndTwo('the fixture corpora, sarif', ['--format', 'sarif', ...JOBS_CORPORA], repoRoot);
});
