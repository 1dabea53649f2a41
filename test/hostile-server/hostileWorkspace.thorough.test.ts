// The generated hostile case the fast tier's workspace scan (hostileWorkspace.test.ts) leaves here:
// a second document that spends the whole time budget (anyof-ref-exponential), checked from disk by
// the server's scan without being opened, with the result its case names.
import { after, describe, it } from 'node:test';
import { generatedCase } from '../hostile/support/generatedCases';
import { LspTestClient } from '../server/lspClient';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { elicitationOnly } from '../support/ruleScope';
import { assertGeneratedCaseResult } from './generatedResults';

const HANG_GUARD_MS = 120_000;
const NAME = 'anyof-ref-exponential';

describe('a workspace of hostile files, scanned by the server: the second budget-spending case', () => {
  const workspace = new TempWorkspace('mcpdesc-hostile-workspace-');
  let client: LspTestClient | undefined;

  after(async () => {
    await client?.stop();
    workspace.dispose();
  });

  it(`checks ${NAME} from disk with the result its case names`, async () => {
    workspace.write(`repo/${NAME}.mcpdesc.json`, generatedCase(NAME).build());
    // A partial document whose case names the consistency rule's result: its preset.
    client = await LspTestClient.start({
      settings: elicitationOnly(),
      workspaceFolders: [workspace.folder('repo')],
      timeoutMs: HANG_GUARD_MS,
    });
    const publish = await client.waitForPublish(workspace.uri(`repo/${NAME}.mcpdesc.json`));
    assertGeneratedCaseResult(NAME, publish.diagnostics);
  });
});
