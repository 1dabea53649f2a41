// The big-file variants of offThreadChecks.test.ts, which the fast tier runs with a gate the test
// opens (test/support/gatedDiskChecksServer.ts) instead of a file whose check lasts long enough:
// here the shipped server checks a 10 MB closed file off the main thread while an open document's
// diagnostics, first and after an edit, arrive before it (asserted by the order in which the server
// publishes, not by timings), a 4 MB file opened while its disk check runs shows the editor text
// only (the disk check's outdated result is dropped), and the check worker is not released while a
// walk of 5,000 folders may still queue files (the fast tier holds the walk at a gate instead).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, describe, it } from 'node:test';
import { generateDocument } from '../../bench/generate';
import { rulePageInvalidFixture } from '../server/fixtures';
import { LspTestClient } from '../server/lspClient';
import { TempWorkspace } from './tempWorkspace';
import { RELEASE_IDLE_LOG } from '../support/gatedServer';
import { repoPath } from '../support/repo';

/** The shipped server whose worker pool logs each release of its idle workers (test/support/gatedServer.ts, no gate closed). */
const POOL_LOGGING_SERVER = repoPath('out', 'test', 'support', 'gatedServer.js');

/** The rule page's invalid example: a few diagnostics, whatever the rule's exact count. */
const SMALL_INVALID = rulePageInvalidFixture().text;

/** Waits until the scan has queued every file it found (it logs the count once the walk is over). */
async function scanQueued(client: LspTestClient, files: number): Promise<void> {
  await client.waitFor(`the scan to queue ${files} files`, () =>
    client.logMessages.some((message) => message.message.startsWith(`Found ${files} candidate file(s)`)),
  );
}

describe('checks of big closed files, and long walks, off the main thread', () => {
  const clients: LspTestClient[] = [];
  const workspaces: TempWorkspace[] = [];
  after(async () => {
    for (const client of clients) await client.stop();
    for (const workspace of workspaces) workspace.dispose();
  });

  it(
    "an open document's diagnostics, first and after an edit, arrive before those of a 10 MB closed file",
    { timeout: 120_000 },
    async () => {
      const workspace = new TempWorkspace();
      workspaces.push(workspace);
      const big = workspace.write('ws/big.mcpdesc.json', generateDocument(17, 10 * 1024 * 1024));
      const small = workspace.write('ws/small.mcpdesc.json', SMALL_INVALID);
      const client = await LspTestClient.start({ workspaceFolders: [workspace.folder('ws')], timeoutMs: 100_000 });
      clients.push(client);
      await scanQueued(client, 2);

      await client.open(small, SMALL_INVALID);
      const opened = await client.waitForPublish(small, (publish) => publish.version === 1);
      const version = await client.change(small, [
        { range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } }, text: ' ' },
      ]);
      const edited = await client.waitForPublish(small, (publish) => publish.version === version);
      assert.ok(edited.diagnostics.length > 0, 'the small document has its problem');
      const bigPublish = await client.waitForPublish(big);
      assert.ok(bigPublish.diagnostics.length > 0, 'the big file was checked');
      assert.ok(opened.sequence < bigPublish.sequence && edited.sequence < bigPublish.sequence, 'the open document went first');
    },
  );

  it('a 4 MB file opened while its disk check runs shows the editor text, and only that', { timeout: 120_000 }, async () => {
    const workspace = new TempWorkspace();
    workspaces.push(workspace);
    const medium = workspace.write('ws/medium.mcpdesc.json', generateDocument(23, 4 * 1024 * 1024));
    const client = await LspTestClient.start({ workspaceFolders: [workspace.folder('ws')], timeoutMs: 100_000 });
    clients.push(client);
    await scanQueued(client, 1);

    // A complete document (every rule on by default): no problem at all, so any publish of the disk text would show.
    const editorText =
      '{ "mcpdesc": "0.8.0", "info": { "name": "m", "version": "1.0.0" }, "protocolVersions": ["2025-11-25"] }\n';
    await client.open(medium, editorText);
    const opened = await client.waitForPublish(medium, (publish) => publish.version === 1);
    assert.deepEqual(opened.diagnostics, []);
    await client.waitFor('the scan to end', () =>
      client.logMessages.some((message) => message.message.startsWith('Workspace scan done')),
    );
    const later = client.publishes.filter((publish) => publish.uri === medium && publish.sequence > opened.sequence);
    assert.deepEqual(later, [], "the disk check's outdated result was dropped");
  });
  it(
    'the worker is not released while a walk of 5,000 folders may still queue files, even where the checks outpace the walk',
    { timeout: 120_000 },
    async (t) => {
      const workspace = new TempWorkspace();
      workspaces.push(workspace);
      const first = workspace.write('ws/a.mcpdesc.json', SMALL_INVALID);
      // Walked after the first file is queued, one folder per step: the first file's check usually
      // ends while the walk goes on, and the scheduler is idle between the two files.
      for (let i = 0; i < 5_000; i++) fs.mkdirSync(workspace.path(`ws/b/d${String(i).padStart(4, '0')}`), { recursive: true });
      const last = workspace.write('ws/z/last.mcpdesc.json', SMALL_INVALID);
      const client = await LspTestClient.start({
        workspaceFolders: [workspace.folder('ws')],
        timeoutMs: 100_000,
        serverPath: POOL_LOGGING_SERVER,
      });
      clients.push(client);
      const firstPublish = await client.waitForPublish(first);
      const walkDone = (): boolean =>
        client.logMessages.some((message) => message.message.startsWith('Found 2 candidate file(s)'));
      const checkedDuringWalk = !walkDone();
      await client.waitForPublish(last);
      assert.ok(firstPublish.diagnostics.length > 0);
      await client.waitFor('the server to release the idle worker', () =>
        client.logMessages.some((log) => log.message === RELEASE_IDLE_LOG),
      );
      const messages = client.logMessages.map((log) => log.message);
      const walkEnded = messages.findIndex((message) => message.startsWith('Found 2 candidate file(s)'));
      assert.ok(
        walkEnded >= 0 && walkEnded < messages.indexOf(RELEASE_IDLE_LOG),
        `released only once the walk was over: ${JSON.stringify(messages)}`,
      );
      // Where the walk ended before the first check did, the scheduler never went idle during it.
      if (!checkedDuringWalk) t.skip('the walk ended before the first file was checked: this machine did not go idle mid-walk');
    },
  );
});
