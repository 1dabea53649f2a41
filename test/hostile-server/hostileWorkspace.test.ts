// A cloned repository full of hostile files, opened as a workspace folder: the server (built,
// over stdio) scans it without anything being opened, under a preload that records every file
// access outside the workspace folder and every network or child-process attempt. Every hostile
// fixture gets the diagnostics its .expect.json names (on the text an editor would show: UTF-8
// decoded leniently, the BOM set aside); nothing outside the folder is read, nothing is connected.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ACCESS_ALLOW_ENV, ACCESS_LOG_ENV, OWN_THREADS, accessGuardPath, recordedAccesses } from '../hostile/support/accessLog';
import { expectationProblems, hostileFixtures } from '../hostile/support/expectations';
import { generatedCase } from '../hostile/support/generatedCases';
import { assertGeneratedCaseResult } from './generatedResults';
import { LspTestClient } from '../server/lspClient';
import { repoPath } from '../support/repo';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { elicitationOnly } from '../support/ruleScope';

const HANG_GUARD_MS = 120_000;
/**
 * The generated case the scan checks here: its nesting bound. The two that spend the whole time budget
 * (the backreference, anyof-ref-exponential: a second each of the real budget, which a closed file's
 * check in a check worker keeps) are scanned in hostileWorkspace.thorough.test.ts; the budget over
 * LSP is in the fast tier's hostileDocuments.test.ts, on an open document.
 */
const GENERATED = ['nesting-root-arrays'];
const CODE_ROOTS = [repoPath('out'), repoPath('dist'), repoPath('node_modules'), repoPath('package.json'), ...OWN_THREADS];

describe('a workspace of hostile files, scanned by the server', () => {
  const workspace = new TempWorkspace('mcpdesc-hostile-workspace-');
  const folder = workspace.folder('repo');
  // A folder of its own inside the repository, for settings of its own (see below).
  const generated = workspace.folder('repo/generated');
  const log = workspace.path('access.log');
  const fixtures = hostileFixtures(repoPath('test-fixtures', 'hostile'));
  let client: LspTestClient;

  before(async () => {
    for (const fixture of fixtures) {
      fs.mkdirSync(workspace.path('repo/hostile'), { recursive: true });
      fs.writeFileSync(workspace.path(`repo/hostile/${fixture.name}`), fixture.bytes);
    }
    for (const name of GENERATED) {
      workspace.write(`repo/generated/${name}.mcpdesc.json`, generatedCase(name).build());
    }
    // Next to the folder, where a relative $ref or a symlink would lead if anything followed them.
    workspace.write('secret/approval.json', '{ "type": "object" }');
    workspace.write(
      'repo/generated/relative-ref.mcpdesc.json',
      JSON.stringify({
        mcpdesc: '0.8.0',
        tools: [
          {
            name: 't',
            elicitations: [
              { name: 'c', mode: 'form', message: 'Approve?', requestedSchema: { $ref: '../../secret/approval.json' } },
            ],
          },
        ],
      }),
    );
    workspace.symlink('repo/linked-secret.mcpdesc.json', workspace.path('secret/approval.json'));

    // The hostile fixtures' expectations are those of the defaults (every rule on); the generated
    // cases' and the relative $ref's are the elicitation rules' (partial documents): their preset,
    // as the settings of their folder (the innermost folder's settings apply to a file on disk).
    // Nothing is opened: the files on disk are checked in the check worker; the document workers
    // would only cost their start (openChecksOnMainThread).
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      settingsFor: (scopeUri) => (scopeUri === generated.uri ? elicitationOnly() : undefined),
      workspaceFolders: [folder, generated],
      timeoutMs: HANG_GUARD_MS,
      env: {
        NODE_OPTIONS: `--require ${accessGuardPath()}`,
        [ACCESS_LOG_ENV]: log,
        [ACCESS_ALLOW_ENV]: JSON.stringify([...CODE_ROOTS, workspace.path('repo')]),
      },
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('publishes what every hostile fixture must produce, without it being opened', async () => {
    for (const fixture of fixtures) {
      const publish = await client.waitForPublish(workspace.uri(`repo/hostile/${fixture.name}`));
      const decoded = fixture.bytes.toString('utf8');
      const text = decoded.startsWith('\ufeff') ? decoded.slice(1) : decoded;
      const summaries = publish.diagnostics.map((diagnostic) => ({
        code: diagnostic.code,
        violation: String((diagnostic.data as { violation?: unknown } | undefined)?.violation),
        range: diagnostic.range,
        message: String(diagnostic.message),
      }));
      assert.deepEqual(
        expectationProblems(text, fixture.expectation, summaries),
        [],
        `${fixture.name}: ${fixture.expectation.about}`,
      );
    }
  });

  it('checks the generated hostile files too, and reports the relative $ref as unresolvable', async () => {
    for (const name of GENERATED) {
      const publish = await client.waitForPublish(workspace.uri(`repo/generated/${name}.mcpdesc.json`));
      assertGeneratedCaseResult(name, publish.diagnostics);
    }
    const relative = await client.waitForPublish(workspace.uri('repo/generated/relative-ref.mcpdesc.json'));
    assert.deepEqual(
      relative.diagnostics.map((diagnostic) => (diagnostic.data as { violation?: unknown }).violation),
      ['invalid-declaration'],
    );
  });

  it('read nothing outside the workspace folder and connected nowhere', async () => {
    // Everything above was published, so the scan has been through every file.
    await client.stop();
    const records = recordedAccesses(log);
    assert.deepEqual(records, []);
    assert.ok(
      !client.publishes.some(
        (publish) => publish.uri === workspace.uri('repo/linked-secret.mcpdesc.json') && publish.diagnostics.length > 0,
      ),
    );
  });
});
