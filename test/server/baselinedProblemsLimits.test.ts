// mcpdesc/baselinedProblems echoes a bounded part of what a workspace baselined, whatever it holds:
// a workspace whose suppressions file baselines 1,200 errors, each naming a declaration of 1,000
// characters, is listed as its first BASELINED_PROBLEMS_LIMITS.problems problems, each message cut,
// and the count of the others. Through the built server over stdio. The suppressions file is written
// here as `mcpdesc-lint --suppress-all` writes it (bulkSuppressions.test.ts adopts through the built
// CLI): spawning the CLI to check 1,200 steps again would keep this file in a process of its own and
// cost a second check of the megabyte, for a file whose content is one count.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BASELINED_PROBLEMS_LIMITS,
  BASELINED_PROBLEMS_REQUEST,
  ELICITATION_RULE_ID,
  type BaselinedProblems,
} from '../../shared/src/constants';
import { documentWithSteps } from '../cli/support/stepDocuments';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { LspTestClient } from './lspClient';

const STEPS = 1_200;

describe('the baselined problems the server lists, bounded', () => {
  const workspace = new TempWorkspace();
  let client: LspTestClient;
  const legacy = workspace.uri('repo/legacy.mcpdesc.json');

  before(async () => {
    // Names of 1,000 characters: each message over messageChars, and the uncut list of the first
    // 1,000 over the megabyte the answer is held under below.
    const names = Array.from({ length: STEPS }, (_, index) => `old-${index}-${'x'.repeat(1_000)}`);
    workspace.write('repo/legacy.mcpdesc.json', documentWithSteps(names));
    const suppressions = { 'legacy.mcpdesc.json': { [`${ELICITATION_RULE_ID}/unknown-declaration`]: { count: STEPS } } };
    workspace.write('repo/mcpdesc-lint-suppressions.json', `${JSON.stringify(suppressions, null, 2)}\n`);
    // What the scan publishes is tested, not where its checks run: everything on the server's main
    // thread (MCPDESC_CHECK_WORKERS=0), without a check worker or document workers to start.
    client = await LspTestClient.start({
      env: { MCPDESC_CHECK_WORKERS: '0' },
      workspaceFolders: [workspace.folder('repo')],
      timeoutMs: 120_000,
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it(`lists the first ${BASELINED_PROBLEMS_LIMITS.problems}, each message cut, and counts the others`, async () => {
    await client.waitForPublish(legacy, (publish) => publish.diagnostics.length > 0);
    const listed = await client.request<BaselinedProblems>(BASELINED_PROBLEMS_REQUEST, {});
    assert.equal(listed.problems.length, BASELINED_PROBLEMS_LIMITS.problems);
    assert.equal(listed.omitted, STEPS - BASELINED_PROBLEMS_LIMITS.problems);
    assert.ok(listed.problems.every((problem) => problem.message.length <= BASELINED_PROBLEMS_LIMITS.messageChars));
    assert.ok(listed.problems.every((problem) => problem.violation === 'unknown-declaration' && problem.uri === legacy));
    assert.ok(JSON.stringify(listed).length < 1_000_000, String(JSON.stringify(listed).length));
  });
});
