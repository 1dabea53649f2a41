// The generated hostile cases the fast tier's workspace scan (hostileWorkspace.test.ts) leaves here:
// the two documents that spend the whole time budget (catastrophic-backreference-steps,
// anyof-ref-exponential), checked from disk by the server's scan without being opened, under the
// real budget, each with the result its case names.
import { after, before, describe, it } from 'node:test';
import { generatedCase } from '../hostile/support/generatedCases';
import { LspTestClient } from '../server/lspClient';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { elicitationOnly } from '../support/ruleScope';
import { assertGeneratedCaseResult } from './generatedResults';

const HANG_GUARD_MS = 120_000;
const NAMES = ['catastrophic-backreference-steps', 'anyof-ref-exponential'];

describe('a workspace of hostile files, scanned by the server: the budget-spending cases', () => {
  const workspace = new TempWorkspace('mcpdesc-hostile-workspace-');
  let client: LspTestClient;

  before(async () => {
    for (const name of NAMES) workspace.write(`repo/${name}.mcpdesc.json`, generatedCase(name).build());
    // Partial documents whose cases name the consistency rule's result: its preset.
    client = await LspTestClient.start({
      settings: elicitationOnly(),
      workspaceFolders: [workspace.folder('repo')],
      timeoutMs: HANG_GUARD_MS,
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  for (const name of NAMES) {
    it(`checks ${name} from disk with the result its case names`, async () => {
      const publish = await client.waitForPublish(workspace.uri(`repo/${name}.mcpdesc.json`));
      assertGeneratedCaseResult(name, publish.diagnostics);
    });
  }
});
