// DiskDocumentChecks reads the files the scheduler will check next while it checks the current one.
// What was read ahead is what gets checked, unless something on disk, in the settings or in the
// folders changed in between: then the read is dropped and the file read again.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { DEFAULT_SETTINGS } from '../../shared/src/settings';
import type { Diagnostic } from '../../server/src/checker';
import type { DiagnosticsPublisher } from '../../server/src/lsp/diagnosticsPublisher';
import { DiskDocumentChecks } from '../../server/src/lsp/diskDocumentChecks';
import type { SettingsResolver } from '../../server/src/lsp/settingsResolver';
import { WorkspaceFolders } from '../../server/src/lsp/workspaceFolders';
import { TempWorkspace } from './tempWorkspace';

const VALID = '{ "mcpdesc": "1.0", "tools": [] }\n';
// One syntax error: a missing comma.
const BROKEN = '{ "mcpdesc": "1.0" "tools": [] }\n';

function setUp(workspace: TempWorkspace, upcoming: string[]) {
  const folders = new WorkspaceFolders();
  folders.set([workspace.folder('.')]);
  const published = new Map<string, Diagnostic[]>();
  const publisher = {
    publish: (uri: string, diagnostics: Diagnostic[]) => { published.set(uri, diagnostics); return true; },
    clear: (uri: string) => { published.delete(uri); },
  } as unknown as DiagnosticsPublisher;
  const settings = { forResource: async () => DEFAULT_SETTINGS } as unknown as SettingsResolver;
  const checks = new DiskDocumentChecks({
    folders, settings, publisher, isOpen: () => false, log: () => undefined,
    upcoming: (count) => upcoming.slice(0, count),
  });
  return { checks, published };
}

/** Lets the reads started in the background finish. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

describe('reading files ahead of their checks', () => {
  const workspace = new TempWorkspace();
  after(() => workspace.dispose());

  it('checks each file with its content, read while the previous one was checked', async () => {
    const first = workspace.write('a/first.mcpdesc.json', VALID);
    const second = workspace.write('a/second.mcpdesc.json', BROKEN);
    const { checks, published } = setUp(workspace, [second]);
    await checks.check(first);
    assert.deepEqual(published.get(first), []);
    await settle();
    await checks.check(second);
    assert.deepEqual(published.get(second)?.map((d) => d.message), ['Comma expected']);
  });

  it('a file read ahead and then changed is read again once the change is reported', async () => {
    const first = workspace.write('b/first.mcpdesc.json', VALID);
    const second = workspace.write('b/second.mcpdesc.json', VALID);
    const { checks, published } = setUp(workspace, [second]);
    await checks.check(first);
    await settle(); // second's old content is now in memory
    workspace.write('b/second.mcpdesc.json', BROKEN);
    checks.dropReadAhead(); // what the server does on a watched-file event, a settings or folder change
    await checks.check(second);
    assert.deepEqual(published.get(second)?.map((d) => d.message), ['Comma expected']);
  });

  it('without the change reported, the content read ahead is what is checked (why dropping matters)', async () => {
    const first = workspace.write('c/first.mcpdesc.json', VALID);
    const second = workspace.write('c/second.mcpdesc.json', VALID);
    const { checks, published } = setUp(workspace, [second]);
    await checks.check(first);
    await settle();
    workspace.write('c/second.mcpdesc.json', BROKEN);
    await checks.check(second);
    assert.deepEqual(published.get(second), []);
  });

  it('a named pipe with an mcpdesc name is no file to read: nothing waits for a writer', { timeout: 10_000 }, async (t) => {
    workspace.write('e/.keep', '');
    try {
      execFileSync('mkfifo', [workspace.path('e/pipe.mcpdesc.json')]);
    } catch {
      t.skip('mkfifo is not available here');
      return;
    }
    const pipe = workspace.uri('e/pipe.mcpdesc.json');
    const { checks, published } = setUp(workspace, []);
    published.set(pipe, []);
    await checks.check(pipe);
    assert.equal(published.has(pipe), false);
  });

  it('a file deleted after it was listed is cleared, not an error', async () => {
    const first = workspace.write('d/first.mcpdesc.json', VALID);
    const gone = workspace.write('d/gone.mcpdesc.json', BROKEN);
    const { checks, published } = setUp(workspace, [gone]);
    published.set(gone, []);
    workspace.remove('d/gone.mcpdesc.json');
    await checks.check(first);
    await checks.check(gone);
    assert.equal(published.has(gone), false);
  });
});
