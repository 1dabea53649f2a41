// The built CLI on a document with more problems than code scanning takes in one run (25,000): the
// SARIF log holds 25,000 results, errors first, and says so in the log and on stderr; the JSON report
// still has every problem. Thorough: the document has 25,040 findings (about 9 MB).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Log } from 'sarif';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { runBuiltCli } from './support/cliProcess';
import { documentWithSteps } from './support/ciDocuments';
import { makeTempTree, removeTree } from './support/tempTree';

const FINDINGS = 25_040;

describe("SARIF past code scanning's 25,000 results per run", () => {
  let root: string;
  before(() => {
    // Warnings first in the document, so that keeping errors first is seen.
    const files: Record<string, string> = {};
    // 25 documents of 1,000 findings, checked in parallel.
    for (let index = 0; index < 25; index++)
      files[`many-${String(index).padStart(2, '0')}.mcpdesc.json`] = documentWithSteps(
        Array.from({ length: 1000 }, (_, step) => `missing-${index}-${step}`),
      );
    root = makeTempTree({
      ...files,
      'warnings.mcpdesc.json': documentWithSteps(Array.from({ length: 40 }, (_, index) => `warned-${index}`)),
      'mcpdesc-lint.config.json': JSON.stringify({
        overrides: [{ files: ['warnings.mcpdesc.json'], rules: { [ELICITATION_RULE_ID]: 'warning' } }],
      }),
    });
  });
  after(() => removeTree(root));

  it('keeps 25,000 results, errors first, and says so', () => {
    const run = runBuiltCli(['--format', 'sarif', '-o', 'out.sarif', '.'], { cwd: root });
    assert.equal(run.status, 1);
    const notice = `25,000 of ${FINDINGS.toLocaleString('en-US')} results are in this SARIF log (errors first, then warnings, then notes): code scanning takes at most 25,000 results per run and 10 MB per file (gzipped). Every problem is in the other formats (--format json).`;
    assert.equal(run.stderr, `mcpdesc-lint: warning: ${notice}\n`);
    const log = JSON.parse(fs.readFileSync(path.join(root, 'out.sarif'), 'utf8')) as Log;
    const results = log.runs[0].results ?? [];
    assert.equal(results.length, 25_000);
    assert.ok(results.every((result) => result.level === 'error'));
    assert.deepEqual(log.runs[0].invocations?.[0].toolExecutionNotifications, [{ level: 'warning', message: { text: notice } }]);
    assert.equal(runBuiltCli(['--format', 'json', '-o', 'out.json', '.'], { cwd: root }).status, 1);
    assert.equal((JSON.parse(fs.readFileSync(path.join(root, 'out.json'), 'utf8')) as unknown[]).length, FINDINGS);
  });
});
