// The workspace-wide Problems panel over LSP, on a temporary two-folder workspace on disk: every
// mcpdesc document gets diagnostics without being opened (and nothing else does), with progress
// and a final count; files changed, created and deleted on disk follow through
// workspace/didChangeWatchedFiles; an open document shows its editor text and falls back to the
// disk on close; settings, folder changes, the size limit and "Check Workspace" are honoured.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHECKER_RULE_ID, SERVER_COMMANDS } from '../../shared/src/constants';
import { checkDocument } from '../../server/src/checker';
import { RULE_PAGE_DIAGNOSTIC_COUNT, rulePageInvalidFixture, summarize } from '../server/fixtures';
import { LspTestClient, type RecordedPublish } from '../server/lspClient';
import { TempWorkspace } from './tempWorkspace';
import { elicitationOnly } from '../support/ruleScope';

const CREATED = 1;
const CHANGED = 2;
const DELETED = 3;

// The documents here are partial (the rule page's example, a root member alone) and counted by the
// elicitation rule: every server below runs with its preset (elicitationOnly), and so do the checks
// the published diagnostics are compared with.
const INVALID = rulePageInvalidFixture().text; // RULE_PAGE_DIAGNOSTIC_COUNT diagnostics
const VALID = '{ "mcpdesc": "0.8.0" }\n';
/** The rule page's document without its root member: recognised only by name or glob. */
const UNMARKED = INVALID.replace('"mcpdesc": "0.8.0"', '"specVersion": "0.8.0"');

describe('workspace scan', () => {
  const workspace = new TempWorkspace();
  const alpha = workspace.folder('alpha');
  const beta = workspace.folder('beta');
  let client: LspTestClient;
  let symlinksMade = false;

  const expectedAfterScan = {
    tools: workspace.uri('alpha/tools.mcpdesc.json'),
    sniffed: workspace.uri('alpha/nested/deep/sniffed.json'),
    small: workspace.uri('beta/small.mcpdesc.json'),
    big: workspace.uri('beta/big.mcpdesc.json'),
  };
  const neverPublished = {
    plainJson: workspace.uri('alpha/package.json'),
    nodeModules: workspace.uri('alpha/node_modules/dep/dep.mcpdesc.json'),
    git: workspace.uri('alpha/.git/hooks/hook.mcpdesc.json'),
    excluded: workspace.uri('alpha/generated/gen.mcpdesc.json'),
    outside: workspace.uri('outside/out.mcpdesc.json'),
    linkedDirectory: workspace.uri('alpha/escape/out.mcpdesc.json'),
    linkedFile: workspace.uri('alpha/escape-file.mcpdesc.json'),
  };

  const publishesFor = (uri: string): RecordedPublish[] => client.publishes.filter((publish) => publish.uri === uri);

  /** Waits for the next publish for `uri` after `mark` and returns its diagnostics. */
  const next = async (uri: string, mark: number): Promise<RecordedPublish> => client.waitForPublish(uri, () => true, mark);

  before(async () => {
    workspace.write('alpha/tools.mcpdesc.json', INVALID);
    workspace.write('alpha/nested/deep/sniffed.json', INVALID);
    workspace.write('alpha/package.json', '{ "name": "not-mcpdesc", "tools": [] }');
    workspace.write('alpha/node_modules/dep/dep.mcpdesc.json', INVALID);
    workspace.write('alpha/.git/hooks/hook.mcpdesc.json', INVALID);
    workspace.write('alpha/generated/gen.mcpdesc.json', INVALID);
    workspace.write('alpha/docs/spec.txt', UNMARKED);
    workspace.write('outside/out.mcpdesc.json', INVALID);
    symlinksMade =
      workspace.symlink('alpha/escape', workspace.path('outside')) &&
      workspace.symlink('alpha/escape-file.mcpdesc.json', workspace.path('outside/out.mcpdesc.json'));
    workspace.write('beta/small.mcpdesc.json', VALID);
    // Over beta's 1 KB limit (its folder settings below): skipped with one diagnostic.
    workspace.write('beta/big.mcpdesc.json', INVALID);
    assert.ok(INVALID.length > 1100 && VALID.length < 1000);

    client = await LspTestClient.start({
      workspaceFolders: [alpha, beta],
      settings: elicitationOnly({ files: { exclude: ['generated/**'] } }),
      settingsFor: (scopeUri, section) =>
        section === 'mcpdesc' && scopeUri?.startsWith(beta.uri)
          ? elicitationOnly({ maxFileSizeMB: 1000 / (1024 * 1024) })
          : undefined,
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('checks every mcpdesc document of both folders without opening them, and nothing else', async (t) => {
    const tools = await client.waitForPublish(expectedAfterScan.tools);
    assert.equal(tools.version, undefined, 'a file on disk has no version');
    assert.deepEqual(summarize(tools.diagnostics), summarize(checkDocument(INVALID, elicitationOnly()).diagnostics));
    assert.equal(
      (await client.waitForPublish(expectedAfterScan.sniffed)).diagnostics.length,
      RULE_PAGE_DIAGNOSTIC_COUNT,
      'recognised by its root member',
    );
    assert.deepEqual((await client.waitForPublish(expectedAfterScan.small)).diagnostics, []);

    const [skipped, ...others] = (await client.waitForPublish(expectedAfterScan.big)).diagnostics;
    assert.deepEqual(others, [], 'one diagnostic for a file over the size limit, not a check');
    assert.equal(skipped.code, CHECKER_RULE_ID);
    assert.equal(skipped.severity, 3);
    assert.deepEqual(skipped.data, { violation: 'skipped', offset: 0, length: 0 });
    assert.match(
      String(skipped.message),
      /not checked: it is 0\.00\d+ MB, over the 0\.00095 MB size limit \(mcpdesc\.maxFileSizeMB; --max-file-size-mb on the command line\)/,
    );

    // The scan ends: its progress ends and the idle status carries the number of documents checked.
    const end = await client.waitFor('the end of the scan progress', () =>
      client.progress.find((entry) => entry.value.kind === 'end'),
    );
    await client.waitFor('an idle status counting 4 documents', () =>
      client.statuses.find((status) => !status.status.checking && status.status.documents === 4),
    );
    for (const [what, uri] of Object.entries(neverPublished)) {
      assert.deepEqual(publishesFor(uri), [], `${what} gets no diagnostics`);
    }
    assert.deepEqual(
      publishesFor(workspace.uri('alpha/docs/spec.txt')),
      [],
      'a .txt is not an mcpdesc document without an include glob',
    );

    // window/workDoneProgress: created by the server, begin -> reports -> end on that token.
    assert.equal(client.progressTokens.length, 1);
    const entries = client.progress.filter((entry) => entry.token === client.progressTokens[0]);
    assert.equal(entries[0].value.kind, 'begin');
    assert.equal(entries[0].value.title, 'Checking MCP descriptions');
    assert.equal(entries[entries.length - 1], end);
    const reports = entries.filter((entry) => entry.value.kind === 'report');
    assert.ok(reports.length > 0);
    for (const report of reports.slice(1)) assert.match(report.value.message ?? '', /^\d+\/\d+$/);
    // Five candidate files: tools, sniffed and package.json (read to sniff it) in alpha, two in beta.
    assert.equal(reports[reports.length - 1].value.message, '5/5');
    // Not an assertion: without symlinks the two links above are vacuously unpublished; say so in the report.
    if (!symlinksMade) t.diagnostic('symlinks could not be created here; the symlink cases were not exercised');
  });

  it('registers file watchers with the client (dynamic registration)', () => {
    const watching = client.registrationDetails.find((registration) => registration.method === 'workspace/didChangeWatchedFiles');
    assert.ok(watching, `registrations: ${client.registrations.join(', ')}`);
    const globs = (watching.registerOptions as { watchers: Array<{ globPattern: string; kind?: number }> }).watchers;
    assert.ok(globs.some((watcher) => watcher.globPattern === '**/*.{json,jsonc,yaml,yml}' && watcher.kind === undefined));
    assert.ok(
      globs.some((watcher) => watcher.globPattern === '**/*' && watcher.kind === 4),
      'deletions of directories',
    );
  });

  it('a change on disk reported by didChangeWatchedFiles updates the diagnostics', async () => {
    const mark = client.lastSequence;
    workspace.write('alpha/tools.mcpdesc.json', VALID);
    await client.filesChanged([{ uri: expectedAfterScan.tools, type: CHANGED }]);
    assert.deepEqual((await next(expectedAfterScan.tools, mark)).diagnostics, []);
  });

  it('a created file is checked; a deleted file and a deleted directory are cleared', async () => {
    let mark = client.lastSequence;
    const created = workspace.write('alpha/new/created.json', INVALID);
    await client.filesChanged([{ uri: created, type: CREATED }]);
    assert.equal((await next(created, mark)).diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);

    mark = client.lastSequence;
    workspace.remove('alpha/tools.mcpdesc.json');
    await client.filesChanged([{ uri: expectedAfterScan.tools, type: DELETED }]);
    assert.deepEqual((await next(expectedAfterScan.tools, mark)).diagnostics, []);

    // A directory deleted as a whole is reported as itself (the watcher's `**/*` delete glob).
    mark = client.lastSequence;
    workspace.remove('alpha/nested');
    await client.filesChanged([{ uri: workspace.uri('alpha/nested'), type: DELETED }]);
    assert.deepEqual((await next(expectedAfterScan.sniffed, mark)).diagnostics, []);
  });

  it('reads stay inside the workspace folders: a watched file outside them is never checked', async () => {
    const mark = client.lastSequence;
    const marker = workspace.write('alpha/marker-outside.mcpdesc.json', VALID);
    // Same priority, first in first out: once the marker is published, the outside file was decided.
    await client.filesChanged([
      { uri: neverPublished.outside, type: CHANGED },
      { uri: neverPublished.linkedFile, type: CHANGED },
      { uri: neverPublished.nodeModules, type: CHANGED },
      { uri: marker, type: CREATED },
    ]);
    await next(marker, mark);
    assert.deepEqual(publishesFor(neverPublished.outside), []);
    assert.deepEqual(publishesFor(neverPublished.linkedFile), []);
    assert.deepEqual(publishesFor(neverPublished.nodeModules), []);
  });

  it('an open document shows the editor text; on close the file on disk is shown again', async () => {
    let mark = client.lastSequence;
    const uri = workspace.write('alpha/open-close.mcpdesc.json', VALID);
    await client.filesChanged([{ uri, type: CREATED }]);
    assert.deepEqual((await next(uri, mark)).diagnostics, []);
    await client.open(uri, INVALID);
    assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT, 'the editor text, not the disk');
    const document = client.document(uri);
    const member = '"declaration": "missing",';
    const start = document.getText().indexOf(member);
    const version = await client.applyEdits(uri, [
      { range: { start: document.positionAt(start), end: document.positionAt(start + member.length) }, newText: '' },
    ]);
    assert.equal(
      (await client.diagnosticsFor(uri, version)).length,
      RULE_PAGE_DIAGNOSTIC_COUNT - 1,
      'a step without a declaration: only its own response is checked',
    );

    // A change on disk while it is open does not replace the editor's diagnostics.
    await client.filesChanged([{ uri, type: CHANGED }]);
    mark = client.lastSequence;
    await client.close(uri);
    const fallback = await next(uri, mark);
    assert.equal(fallback.version, undefined);
    assert.deepEqual(fallback.diagnostics, [], 'the disk content (valid), not the last editor text');
    await client.waitForIdle(fallback.sequence);
    assert.equal(client.lastPublish(uri), fallback, 'nothing from the editor arrives after the fallback');
  });

  it('a document deleted on disk while open keeps its editor diagnostics until closed, then is cleared', async () => {
    const uri = workspace.uri('alpha/new/created.json');
    await client.open(uri, INVALID);
    assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
    workspace.remove('alpha/new/created.json');
    let mark = client.lastSequence;
    const marker = workspace.write('alpha/marker-open.mcpdesc.json', VALID);
    await client.filesChanged([
      { uri, type: DELETED },
      { uri: marker, type: CREATED },
    ]);
    await next(marker, mark);
    assert.equal(client.lastPublish(uri)?.version, 1, 'still the editor diagnostics');
    mark = client.lastSequence;
    await client.close(uri);
    assert.deepEqual((await next(uri, mark)).diagnostics, [], 'never diagnostics for a deleted file');
  });

  it('settings changes re-check everything: exclude and include globs are honoured', async () => {
    const created = workspace.write('alpha/new/again.mcpdesc.json', INVALID);
    const spec = workspace.uri('alpha/docs/spec.txt');
    let mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ files: { exclude: ['new/**'], include: ['docs/*.txt'] } }));
    // generated/** is no longer excluded, docs/*.txt is included, new/** is excluded.
    assert.equal((await next(neverPublished.excluded, mark)).diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);
    assert.equal((await next(spec, mark)).diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);
    await client.waitFor('the re-scan to end', () =>
      client.progress.find((entry) => entry.sequence > mark && entry.value.kind === 'end'),
    );
    assert.deepEqual(publishesFor(created), [], 'excluded, so never read');

    mark = client.lastSequence;
    await client.setSettings(elicitationOnly({ files: { exclude: ['generated/**', '**/spec.txt'] } }));
    assert.deepEqual((await next(neverPublished.excluded, mark)).diagnostics, [], 'excluded again: cleared');
    assert.deepEqual((await next(spec, mark)).diagnostics, []);
    assert.equal((await next(created, mark)).diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT, 'no longer excluded');
  });

  it('"Check Workspace" re-scans: a file written without any watcher event is found', async () => {
    const unseen = workspace.write('beta/unseen.mcpdesc.json', VALID.replace('}', ', "tools": [{ "name": 1 }] }'));
    const mark = client.lastSequence;
    await client.executeCommand(SERVER_COMMANDS.checkWorkspace, []);
    const published = await next(unseen, mark);
    assert.deepEqual(
      summarize(published.diagnostics),
      summarize(checkDocument(VALID.replace('}', ', "tools": [{ "name": 1 }] }'), elicitationOnly()).diagnostics),
    );
    await client.waitFor('the re-scan to end', () =>
      client.progress.find((entry) => entry.sequence > mark && entry.value.kind === 'end'),
    );
  });

  it('a removed folder is cleared and no longer read; added again, it is scanned again', async () => {
    let mark = client.lastSequence;
    await client.changeWorkspaceFolders([], [beta]);
    assert.deepEqual((await next(expectedAfterScan.big, mark)).diagnostics, []);
    assert.deepEqual((await next(expectedAfterScan.small, mark)).diagnostics, []);

    // A change inside the removed folder is not read any more.
    const marker = workspace.write('alpha/marker-removed.mcpdesc.json', VALID);
    mark = client.lastSequence;
    await client.filesChanged([
      { uri: expectedAfterScan.big, type: CHANGED },
      { uri: marker, type: CREATED },
    ]);
    await next(marker, mark);
    assert.deepEqual(
      publishesFor(expectedAfterScan.big).filter((publish) => publish.sequence > mark),
      [],
    );

    mark = client.lastSequence;
    await client.changeWorkspaceFolders([beta], []);
    assert.equal((await next(expectedAfterScan.big, mark)).diagnostics.length, 1);
    assert.deepEqual((await next(expectedAfterScan.small, mark)).diagnostics, []);
  });
});

describe('workspace scan with a client without progress or watcher support', () => {
  const workspace = new TempWorkspace();
  let client: LspTestClient;

  before(async () => {
    workspace.write('only/doc.mcpdesc.json', INVALID);
    // What the client is asked for is what is tested, not where the scan's checks run: on the
    // server's main thread (MCPDESC_CHECK_WORKERS=0), without a check worker to start.
    client = await LspTestClient.start({
      env: { MCPDESC_CHECK_WORKERS: '0' },
      settings: elicitationOnly(),
      workspaceFolders: [workspace.folder('only')],
      capabilities: {
        window: { workDoneProgress: false },
        workspace: { configuration: true, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: false } },
      },
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('still scans, without asking for progress or registering watchers', async () => {
    const published = await client.waitForPublish(workspace.uri('only/doc.mcpdesc.json'));
    assert.equal(published.diagnostics.length, RULE_PAGE_DIAGNOSTIC_COUNT);
    await client.waitForIdle(published.sequence);
    assert.deepEqual(client.progressTokens, []);
    assert.deepEqual(client.progress, []);
    assert.ok(!client.registrations.includes('workspace/didChangeWatchedFiles'));
  });
});

describe('a workspace folder that is the home directory', () => {
  const workspace = new TempWorkspace();
  let client: LspTestClient;

  before(async () => {
    workspace.write('home/doc.mcpdesc.json', INVALID);
    // That the folder is not scanned is what is tested, not where the open document's check runs:
    // on the server's main thread.
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      settings: elicitationOnly(),
      workspaceFolders: [workspace.folder('home')],
      env: { HOME: workspace.path('home') },
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('is not scanned (a client started without a project must not read the whole disk); open documents still are', async () => {
    await client.waitFor('the log saying so', () => client.logMessages.find((entry) => entry.message.startsWith('Not scanning')));
    const opened = workspace.uri('home/opened.mcpdesc.json');
    await client.open(opened, INVALID);
    assert.equal((await client.diagnosticsFor(opened, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
    assert.deepEqual(
      client.publishes.filter((publish) => publish.uri === workspace.uri('home/doc.mcpdesc.json')),
      [],
    );
  });
});
