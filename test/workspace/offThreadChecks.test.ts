// Closed files are checked off the main thread: a closed file whose check is in flight does not
// hold up the diagnostics of a document the user opens and edits meanwhile (asserted by the order in
// which the server publishes, not by timings); a disk check that an opened document overtakes
// publishes nothing over the editor's diagnostics; once nothing is left to check, the worker is
// released and ends instead of holding its memory while the user edits, but not while the walk may
// still queue files (asserted by the order of the server's log, not by how long a thread takes to
// end); and V8's helper threads run below the main thread's priority. The checks in flight are held
// at a gate the test opens (test/support/gatedServer.ts); the same two behaviours with a
// 10 MB and a 4 MB file the shipped server takes long enough to check are in the thorough file.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { after, describe, it } from 'node:test';
import { rulePageInvalidFixture } from '../server/fixtures';
import { LspTestClient } from '../server/lspClient';
import { TempWorkspace } from './tempWorkspace';
import {
  DISK_CHECK_WAITING_LOG,
  OPEN_DISK_CHECK_GATE,
  OPEN_WALK_GATE,
  RELEASE_IDLE_LOG,
  WALK_WAITING_LOG,
} from '../support/gatedServer';
import { repoPath } from '../support/repo';

/** The shipped server with gates the test opens, and whose pool logs its releases (test/support/gatedServer.ts). */
const GATED_SERVER = repoPath('out', 'test', 'support', 'gatedServer.js');
/** Its checks of closed files wait at a gate. */
const GATE_DISK_CHECKS = { MCPDESC_TEST_GATE_DISK_CHECKS: '1' };
/** Its walk, once it has queued its files, waits at a gate before it is over. */
const GATE_WALK = { MCPDESC_TEST_GATE_WALK: '1' };

/** The rule page's invalid example: a few diagnostics, whatever the rule's exact count. */
const SMALL_INVALID = rulePageInvalidFixture().text;

/** Waits until the check of `filePath` from disk is in flight, held at the gated server's gate. */
async function diskCheckWaiting(client: LspTestClient, filePath: string): Promise<void> {
  await client.waitFor(`the disk check of ${filePath} to wait at the gate`, () =>
    client.logMessages.some((message) => message.message === `${DISK_CHECK_WAITING_LOG}${filePath}`),
  );
}

/** How many threads the process has now (Linux). */
function threadCount(pid: number | undefined): number {
  return fs.readdirSync(`/proc/${pid}/task`).length;
}

/** Each thread's nice value (Linux: field 19 of /proc/PID/task/TID/stat), by thread id. */
function nicenessByThread(pid: number | undefined): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const entry of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${entry}/stat`, 'utf8');
      niceness.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return niceness;
}

describe('checks of closed files run off the main thread', () => {
  const clients: LspTestClient[] = [];
  const workspaces: TempWorkspace[] = [];
  after(async () => {
    for (const client of clients) await client.stop();
    for (const workspace of workspaces) workspace.dispose();
  });

  /** A server started on `workspace`, once it has checked `file` (closed) and gone idle. */
  const startedAndChecked = async (
    workspace: TempWorkspace,
    file: string,
    options: { env?: Record<string, string>; serverPath?: string },
  ): Promise<LspTestClient> => {
    const client = await LspTestClient.start({ workspaceFolders: [workspace.folder('ws')], timeoutMs: 100_000, ...options });
    clients.push(client);
    const published = await client.waitForPublish(file);
    assert.ok(published.diagnostics.length > 0, 'the closed file was checked');
    await client.waitForIdle(published.sequence);
    return client;
  };
  let onMainThread: Promise<{ workspace: TempWorkspace; file: string; client: LspTestClient }> | undefined;
  /**
   * One server that checks everything on its main thread (MCPDESC_CHECK_WORKERS=0), once it has
   * scanned a workspace of one closed file: the two tests that compare with a server without workers
   * share it (started by whichever runs first).
   */
  const checkingOnMainThread = (): Promise<{ workspace: TempWorkspace; file: string; client: LspTestClient }> =>
    (onMainThread ??= (async () => {
      const workspace = new TempWorkspace();
      workspaces.push(workspace);
      const file = workspace.write('ws/closed.mcpdesc.json', SMALL_INVALID);
      return { workspace, file, client: await startedAndChecked(workspace, file, { env: { MCPDESC_CHECK_WORKERS: '0' } }) };
    })());

  it(
    "an open document's diagnostics, first and after an edit, arrive while a closed file's check is in flight",
    { timeout: 120_000 },
    async () => {
      const workspace = new TempWorkspace();
      workspaces.push(workspace);
      const closed = workspace.write('ws/closed.mcpdesc.json', SMALL_INVALID);
      // Opened only: not on disk, so the scan has one file to check.
      const opened = workspace.uri('ws/opened.mcpdesc.json');
      const client = await LspTestClient.start({
        workspaceFolders: [workspace.folder('ws')],
        timeoutMs: 100_000,
        serverPath: GATED_SERVER,
        env: GATE_DISK_CHECKS,
      });
      clients.push(client);
      await diskCheckWaiting(client, workspace.path('ws/closed.mcpdesc.json'));

      // Were the open document's checks queued behind the closed file's, neither publish would come
      // before the gate opens, and the waits below would fail.
      await client.open(opened, SMALL_INVALID);
      const first = await client.waitForPublish(opened, (publish) => publish.version === 1);
      const version = await client.change(opened, [
        { range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } }, text: ' ' },
      ]);
      const edited = await client.waitForPublish(opened, (publish) => publish.version === version);
      assert.ok(first.diagnostics.length > 0 && edited.diagnostics.length > 0, 'the open document has its problems');
      assert.deepEqual(
        client.publishes.filter((publish) => publish.uri === closed),
        [],
        'the closed file is still held at the gate',
      );

      await client.sendNotification(OPEN_DISK_CHECK_GATE, {});
      const closedPublish = await client.waitForPublish(closed);
      assert.equal(closedPublish.diagnostics.length, first.diagnostics.length, 'the closed file was checked, the same text');
    },
  );

  it(
    'once the scan is done the server releases the check worker, and it ends',
    { skip: !fs.existsSync('/proc/self/task') && 'no /proc (not Linux)', timeout: 120_000 },
    async () => {
      const { workspace, file, client: withoutWorkers } = await checkingOnMainThread();
      // The same server checking on its main thread: as many threads as one whose worker has ended.
      const expected = threadCount(withoutWorkers.pid);
      // Told to release its workers when the scan is done: not left to the worker's idle timeout (the
      // pool's own test holds releaseIdle to ending an idle worker at once).
      const withWorker = await startedAndChecked(workspace, file, { serverPath: GATED_SERVER });
      await withWorker.waitFor('the server to release the idle worker', () =>
        withWorker.logMessages.some((log) => log.message === RELEASE_IDLE_LOG),
      );
      assert.ok(
        withWorker.logMessages.findIndex((log) => log.message.startsWith('Found 1 candidate file(s)')) <
          withWorker.logMessages.findIndex((log) => log.message === RELEASE_IDLE_LOG),
        'released after the walk',
      );
      // No message announces a thread's end: the count is polled.
      await withWorker.waitFor(`the worker thread to end (${expected} threads)`, () => threadCount(withWorker.pid) === expected, {
        pollMs: 50,
      });
    },
  );

  const helperThreadsSkip = !fs.existsSync('/proc/self/task')
    ? 'no /proc (not Linux)'
    : os.getPriority() > 9
      ? 'the tests run at nice 10 or more already: nothing would be lowered'
      : false;
  it(
    "V8's helper threads run at nice 10 by default, the main thread as it was; without workers none is lowered",
    { skip: helperThreadsSkip },
    async () => {
      const base = os.getPriority();
      // No workspace folder: no scan, so every thread but the main one is one of V8's or node's own
      // (the document workers, which check open documents at the main thread's priority, are left out).
      const withWorkers = await LspTestClient.start({ workspaceFolders: [], env: { MCPDESC_DOCUMENT_WORKERS: '0' } });
      clients.push(withWorkers);
      const lowered = nicenessByThread(withWorkers.pid);
      assert.equal(lowered.get(withWorkers.pid!), base, 'the main thread keeps its priority');
      const others = [...lowered].filter(([id]) => id !== withWorkers.pid);
      assert.ok(others.length >= 4 && others.every(([, nice]) => nice === 10), JSON.stringify(others));
      // The check workers themselves: see CHECK_WORKERS_NICENESS and the pool's own test.
      const { client: withoutWorkers } = await checkingOnMainThread();
      assert.ok(
        [...nicenessByThread(withoutWorkers.pid).values()].every((nice) => nice === base),
        'nothing lowered',
      );
    },
  );

  it('the worker is not released while the walk may still queue files, even where the checks outpace the walk', async () => {
    const workspace = new TempWorkspace();
    workspaces.push(workspace);
    const first = workspace.write('ws/a.mcpdesc.json', SMALL_INVALID);
    // The walk, its files queued, waits at the gate: checked meanwhile, they leave the scheduler idle
    // while the walk is not over (in the thorough file, a tree of 5,000 folders makes that happen).
    const client = await LspTestClient.start({
      workspaceFolders: [workspace.folder('ws')],
      timeoutMs: 100_000,
      serverPath: GATED_SERVER,
      env: GATE_WALK,
    });
    clients.push(client);
    const firstPublish = await client.waitForPublish(first);
    assert.ok(firstPublish.diagnostics.length > 0);
    await client.waitForIdle(firstPublish.sequence);
    // A round trip: whatever the server logged when it went idle has arrived before its answer.
    await client.request('textDocument/documentSymbol', { textDocument: { uri: first } });
    const waiting = client.logMessages.map((log) => log.message);
    assert.ok(waiting.includes(WALK_WAITING_LOG), 'the walk is held at its gate');
    assert.ok(!waiting.includes(RELEASE_IDLE_LOG), `not released while the walk is not over: ${JSON.stringify(waiting)}`);

    await client.sendNotification(OPEN_WALK_GATE, {});
    await client.waitFor('the server to release the idle worker', () =>
      client.logMessages.some((log) => log.message === RELEASE_IDLE_LOG),
    );
    const messages = client.logMessages.map((log) => log.message);
    const walkEnded = messages.findIndex((message) => message.startsWith('Found 1 candidate file(s)'));
    assert.ok(
      walkEnded >= 0 && walkEnded < messages.indexOf(RELEASE_IDLE_LOG),
      `released only once the walk was over: ${JSON.stringify(messages)}`,
    );
  });

  it('a file opened while its disk check runs shows the editor text, and only that', { timeout: 120_000 }, async () => {
    const workspace = new TempWorkspace();
    workspaces.push(workspace);
    const medium = workspace.write('ws/medium.mcpdesc.json', SMALL_INVALID);
    const client = await LspTestClient.start({
      workspaceFolders: [workspace.folder('ws')],
      timeoutMs: 100_000,
      serverPath: GATED_SERVER,
      env: GATE_DISK_CHECKS,
    });
    clients.push(client);
    await diskCheckWaiting(client, workspace.path('ws/medium.mcpdesc.json'));

    // A complete document (every rule on by default): no problem at all, so any publish of the disk
    // text (the rule page's invalid example) would show.
    const editorText =
      '{ "mcpdesc": "0.8.0", "info": { "name": "m", "version": "1.0.0" }, "protocolVersions": ["2025-11-25"] }\n';
    await client.open(medium, editorText);
    const opened = await client.waitForPublish(medium, (publish) => publish.version === 1);
    assert.deepEqual(opened.diagnostics, []);
    // Were the disk check not cancelled (or its result not dropped), it would publish the disk's
    // problems once the gate opens.
    await client.sendNotification(OPEN_DISK_CHECK_GATE, {});
    await client.waitFor('the scan to end', () =>
      client.logMessages.some((message) => message.message.startsWith('Workspace scan done')),
    );
    const later = client.publishes.filter((publish) => publish.uri === medium && publish.sequence > opened.sequence);
    assert.deepEqual(later, [], "the disk check's outdated result was dropped");
  });
});
