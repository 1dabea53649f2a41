// mcpdesc/baselinedProblems echoes a bounded part of what a workspace baselined, whatever it holds:
// a workspace whose suppressions file baselines 1,200 errors, each naming a declaration of 1,000
// characters, is listed as its first BASELINED_PROBLEMS_LIMITS.problems problems, each message cut,
// and the count of the others. Through the built CLI (--suppress-all) and server over stdio.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { BASELINED_PROBLEMS_LIMITS, BASELINED_PROBLEMS_REQUEST, type BaselinedProblems } from '../../shared/src/constants';
import { builtCliPath } from '../cli/support/cliProcess';
import { documentWithSteps } from '../cli/support/ciDocuments';
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
    const adopt = spawnSync(process.execPath, [builtCliPath(), '--suppress-all'], {
      cwd: workspace.path('repo'),
      encoding: 'utf8',
    });
    assert.equal(adopt.status, 0, adopt.stderr);
    client = await LspTestClient.start({ workspaceFolders: [workspace.folder('repo')], timeoutMs: 120_000 });
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
