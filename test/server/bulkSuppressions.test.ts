// The CLI's bulk suppressions in the editor, through the built server over stdio: a workspace that
// adopted the linter (`mcpdesc-lint --suppress-all`, the built CLI) shows its baselined errors as
// information marked as such, on files open and closed alike, still when lines move; one error more
// of a kind shows them all as errors (the CLI's verdict); the setting lowers them to hints or hides
// them; "Show Baselined Problems" lists them; a change of the suppressions file is followed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { BASELINED_PROBLEMS_REQUEST, ELICITATION_RULE_ID, type BaselinedProblems } from '../../shared/src/constants';
import { builtCliPath } from '../cli/support/cliProcess';
import { documentWithSteps } from '../cli/support/ciDocuments';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { LspTestClient, type RecordedPublish } from './lspClient';

const CHANGED = 2;
const SUFFIX = ' (baselined in mcpdesc-lint-suppressions.json)';

describe('bulk suppressions in the editor', () => {
  const workspace = new TempWorkspace();
  const folder = workspace.folder('repo');
  let client: LspTestClient;
  let settings: Record<string, unknown> = {};
  const legacy = workspace.uri('repo/specs/legacy.mcpdesc.json');
  const fresh = workspace.uri('repo/fresh.mcpdesc.json');

  const shape = (publish: RecordedPublish): Array<[line: number, severity: number | undefined, message: string]> =>
    publish.diagnostics.map((d) => [d.range.start.line + 1, d.severity, String(d.message).replace(/ but tool .*$/, '')]);

  before(async () => {
    workspace.write('repo/specs/legacy.mcpdesc.json', documentWithSteps(['old-1', 'confirm', 'old-2']));
    workspace.write('repo/fresh.mcpdesc.json', documentWithSteps(['confirm']));
    const adopt = spawnSync(process.execPath, [builtCliPath(), '--suppress-all'], {
      cwd: workspace.path('repo'),
      encoding: 'utf8',
    });
    assert.equal(adopt.status, 0, adopt.stderr);
    // What the editor is shown of a baselined error, not where a check runs: open documents are
    // checked on the server's main thread (closed files still in its check worker).
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      workspaceFolders: [folder],
      settingsFor: (_, section) => (section === 'mcpdesc' ? settings : undefined),
    });
  });
  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it("a closed document's baselined errors are information, marked as baselined; the command lists them", async () => {
    const published = await client.waitForPublish(legacy, (publish) => publish.diagnostics.length === 2);
    assert.deepEqual(shape(published), [
      [30, 3, "Elicitation step references 'old-1',"],
      [70, 3, "Elicitation step references 'old-2',"],
    ]);
    assert.ok(
      published.diagnostics.every(
        (d) => String(d.message).endsWith(SUFFIX) && (d.data as { baselined?: boolean }).baselined === true,
      ),
    );
    const listed = await client.request<BaselinedProblems>(BASELINED_PROBLEMS_REQUEST, {});
    assert.deepEqual(
      listed.problems.map((problem) => [problem.uri, problem.range.start.line + 1, problem.code, problem.violation]),
      [
        [legacy, 30, ELICITATION_RULE_ID, 'unknown-declaration'],
        [legacy, 70, ELICITATION_RULE_ID, 'unknown-declaration'],
      ],
    );
    assert.deepEqual(listed.files, [workspace.path('repo/mcpdesc-lint-suppressions.json')]);
  });

  it('open and edited: lines moved keep them baselined; one more of the kind makes them all errors, as the CLI says', async () => {
    await client.open(legacy, documentWithSteps(['old-1', 'confirm', 'old-2']));
    assert.deepEqual(
      (await client.diagnosticsFor(legacy)).map((d) => d.severity),
      [3, 3],
    );
    await client.replaceText(legacy, documentWithSteps(['old-1', 'confirm', 'old-2'], 10));
    assert.deepEqual(
      (await client.diagnosticsFor(legacy)).map((d) => [d.range.start.line + 1, d.severity]),
      [
        [40, 3],
        [80, 3],
      ],
    );
    await client.replaceText(legacy, documentWithSteps(['old-1', 'confirm', 'old-2', 'new-one']));
    const all = await client.diagnosticsFor(legacy);
    assert.deepEqual(
      all.map((d) => [d.range.start.line + 1, d.severity, String(d.message).endsWith(SUFFIX)]),
      [
        [30, 1, false],
        [70, 1, false],
        [90, 1, false],
      ],
    );
    await client.close(legacy);
  });

  it('a document without an entry shows its errors as errors', async () => {
    await client.open(fresh, documentWithSteps(['confirm', 'brand-new']));
    assert.deepEqual(
      (await client.diagnosticsFor(fresh)).map((d) => d.severity),
      [1],
    );
    await client.close(fresh);
  });

  it('mcpdesc.bulkSuppressions.severity: hint, or off (not sent at all); enable false: errors as without the file', async () => {
    const shownAs = async (next: Record<string, unknown>): Promise<Array<number | undefined>> => {
      settings = next;
      const mark = client.lastSequence;
      await client.setSettings(settings);
      const publish = await client.waitForPublish(legacy, () => true, mark);
      return publish.diagnostics.map((d) => d.severity);
    };
    assert.deepEqual(await shownAs({ bulkSuppressions: { severity: 'hint' } }), [4, 4]);
    assert.deepEqual(await shownAs({ bulkSuppressions: { severity: 'off' } }), []);
    assert.equal(
      (await client.request<BaselinedProblems>(BASELINED_PROBLEMS_REQUEST, {})).problems.length,
      2,
      'listed though not shown',
    );
    assert.deepEqual(await shownAs({ bulkSuppressions: { enable: false } }), [1, 1]);
    assert.deepEqual(await shownAs({}), [3, 3]);
  });

  it('follows the suppressions file on disk: pruned by the CLI, the errors come back', async () => {
    workspace.write('repo/mcpdesc-lint-suppressions.json', '{}\n');
    const mark = client.lastSequence;
    await client.filesChanged([{ uri: workspace.uri('repo/mcpdesc-lint-suppressions.json'), type: CHANGED }]);
    const publish = await client.waitForPublish(legacy, () => true, mark);
    assert.deepEqual(
      publish.diagnostics.map((d) => d.severity),
      [1, 1],
    );
  });
});
