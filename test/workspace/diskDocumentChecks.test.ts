// DiskDocumentChecks: a file that is not open is read when its check runs (never earlier, so never
// stale), checked, and its diagnostics published or cleared; whatever cannot be read as a regular
// file inside its folder is cleared, and nothing waits on it.
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { DEFAULT_SETTINGS } from '../../shared/src/settings';
import type { Diagnostic } from '../../server/src/checker';
import type { DiagnosticsPublisher } from '../../server/src/lsp/diagnosticsPublisher';
import { checkFileOnDisk, isNoMcpdescDocumentOnDisk, type DiskCheckTask } from '../../server/src/host/diskCheck';
import { DiskDocumentChecks, type DiskCheckRunner } from '../../server/src/lsp/diskDocumentChecks';
import { InThreadRunner } from '../../server/src/host/workerPool';
import type { SettingsResolver } from '../../server/src/lsp/settingsResolver';
import { WorkspaceFolders } from '../../server/src/lsp/workspaceFolders';
import { WorkspaceSymbolIndex } from '../../server/src/lsp/workspaceSymbols';
import { nodeFileAccess, nodePaths } from '../../server/src/lsp/nodeRuntime';
import { TempWorkspace } from './tempWorkspace';
import { elicitationOnly } from '../support/ruleScope';
import { DocumentSettings } from '../../server/src/lsp/documentSettings';
import { fileAtPath, ProjectConfigs } from '../../server/src/host';

const VALID = '{ "mcpdesc": "1.0", "tools": [] }\n';
// One syntax error: a missing comma.
const BROKEN = '{ "mcpdesc": "1.0" "tools": [] }\n';

/** Runs tasks on this thread, as the default runner does, and records which files it was handed. */
function recordingRunner(): DiskCheckRunner & { handed: string[] } {
  const inThread = new InThreadRunner(checkFileOnDisk);
  const handed: string[] = [];
  return {
    handed,
    size: 1,
    capacity: 1,
    run: (task, signal) => {
      handed.push(task.uri);
      return inThread.run(task, signal);
    },
    releaseIdle: () => undefined,
    close: () => inThread.close(),
  };
}

function setUp(workspace: TempWorkspace, runner?: DiskCheckRunner) {
  const folders = new WorkspaceFolders(nodePaths);
  folders.set([workspace.folder('.')]);
  const published = new Map<string, Diagnostic[]>();
  const publisher = {
    publish: (uri: string, diagnostics: Diagnostic[]) => {
      published.set(uri, diagnostics);
      return true;
    },
    clear: (uri: string) => {
      published.delete(uri);
    },
  } as unknown as DiagnosticsPublisher;
  // The elicitation preset: these files are partial documents (VALID is not even 0.8.0), and what is
  // tested is which files are read and when, counted by their syntax and elicitation problems.
  const onlyElicitation = { ...DEFAULT_SETTINGS, rules: elicitationOnly().rules };
  const settings = { forResource: async () => onlyElicitation } as unknown as SettingsResolver;
  const documentSettings = new DocumentSettings(settings, new ProjectConfigs(), folders);
  const checks = new DiskDocumentChecks({
    folders,
    settings,
    documentSettings,
    publisher,
    symbols: new WorkspaceSymbolIndex(),
    isOpen: () => false,
    log: () => undefined,
    files: nodeFileAccess(runner),
    docsBaseUri: () => shippedDocsBaseUri(),
  });
  return { checks, published };
}

describe('checks of files that are not open', () => {
  const workspace = new TempWorkspace();
  after(() => workspace.dispose());

  it('checks each file with its content on disk when the check runs', async () => {
    const first = workspace.write('a/first.mcpdesc.json', VALID);
    const second = workspace.write('a/second.mcpdesc.json', BROKEN);
    const { checks, published } = setUp(workspace);
    await checks.check(first);
    await checks.check(second);
    assert.deepEqual(published.get(first), []);
    assert.deepEqual(
      published.get(second)?.map((d) => d.message),
      ['Comma expected'],
    );
    workspace.write('a/second.mcpdesc.json', VALID);
    await checks.check(second);
    assert.deepEqual(published.get(second), []);
  });

  it('a symlink to a file outside the folder is not read', async (t) => {
    const outside = new TempWorkspace('mcpdesc-outside-');
    try {
      const target = outside.path('secret.mcpdesc.json');
      outside.write('secret.mcpdesc.json', BROKEN);
      if (!workspace.symlink('b/link.mcpdesc.json', target)) {
        t.skip('symlinks are not allowed here');
        return;
      }
      const link = workspace.uri('b/link.mcpdesc.json');
      const { checks, published } = setUp(workspace);
      published.set(link, []);
      await checks.check(link);
      assert.equal(published.has(link), false);
      // The same file inside the folder is read.
      const inside = workspace.write('b/real.mcpdesc.json', BROKEN);
      await checks.check(inside);
      assert.equal(published.get(inside)?.length, 1);
    } finally {
      outside.dispose();
    }
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
    const { checks, published } = setUp(workspace);
    published.set(pipe, []);
    await checks.check(pipe);
    assert.equal(published.has(pipe), false);
  });

  it('a file that is not there, or is a directory, is cleared without a task for the runner (no worker started to learn it)', async () => {
    const present = workspace.write('f/present.mcpdesc.json', BROKEN);
    workspace.write('f/folder.mcpdesc.json/.keep', '');
    const folder = workspace.uri('f/folder.mcpdesc.json');
    const neverSaved = workspace.uri('f/never-saved.mcpdesc.json');
    const runner = recordingRunner();
    const { checks, published } = setUp(workspace, runner);
    for (const uri of [folder, neverSaved]) published.set(uri, []);
    for (const uri of [present, folder, neverSaved]) await checks.check(uri);
    assert.deepEqual(runner.handed, [present]);
    assert.equal(published.get(present)?.length, 1);
    assert.equal(published.has(folder), false);
    assert.equal(published.has(neverSaved), false);
  });

  it('a small file that only its content could make an mcpdesc document is sniffed without the runner; a bigger one, and one that is an mcpdesc document, are handed to it', async () => {
    // A JSON Schema that mentions mcpdesc, but not as its root member.
    const schemaText = JSON.stringify({ type: 'object', properties: { mcpdesc: { type: 'string' } } });
    const schema = workspace.write('g/mcpdesc.schema.json', schemaText);
    const bigSchema = workspace.write(
      'g/big.schema.json',
      JSON.stringify({ ...JSON.parse(schemaText), description: 'x'.repeat(20_000) }),
    );
    const byContent = workspace.write('g/description.json', BROKEN);
    const byName = workspace.write('g/named.mcpdesc.json', VALID);
    const runner = recordingRunner();
    const { checks, published } = setUp(workspace, runner);
    for (const uri of [schema, bigSchema]) published.set(uri, []);
    for (const uri of [schema, bigSchema, byContent, byName]) await checks.check(uri);
    assert.deepEqual(runner.handed, [bigSchema, byContent, byName]);
    assert.equal(published.has(schema), false);
    assert.equal(published.has(bigSchema), false);
    assert.deepEqual(
      published.get(byContent)?.map((d) => d.message),
      ['Comma expected'],
    );
    assert.deepEqual(published.get(byName), []);
  });

  it('what the main thread decides without a worker, the worker would have answered as skipped (differential)', () => {
    const texts: Record<string, string> = {
      'h/package.json': JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test: 'node --test' } }),
      'h/schema.json': JSON.stringify({ properties: { mcpdesc: { const: '0.8.0' } } }),
      'h/by-content.json': VALID,
      'h/broken-by-content.json': BROKEN,
      'h/bom.json': `\ufeff${VALID}`,
      'h/escaped-key.json': '{ "mcp\\u0064esc": "0.8.0" }',
      'h/nested.json': '{ "a": { "mcpdesc": "0.8.0" } }',
      'h/ci.yaml': 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest # mcpdesc\n',
      'h/by-content.yaml': 'mcpdesc: "0.8.0"\ninfo:\n  name: y\n  version: "1.0.0"\n',
      'h/not-json.json': 'mcpdesc: but YAML in a .json file',
    };
    for (const [relative, text] of Object.entries(texts)) workspace.write(relative, text);
    workspace.write('h/directory.json/.keep', '');
    const linked = workspace.symlink('h/dangling.json', workspace.path('h/no-such-target.json'));
    const paths = [...Object.keys(texts), 'h/directory.json', 'h/never-saved.json', ...(linked ? ['h/dangling.json'] : [])];
    const decidedHere: string[] = [];
    for (const relative of paths) {
      const task: DiskCheckTask = {
        uri: workspace.uri(relative),
        filePath: workspace.path(relative),
        realFolder: workspace.path('.'),
        path: relative,
        maxBytes: 1024 * 1024,
        settings: DEFAULT_SETTINGS,
        docsBaseUri: shippedDocsBaseUri(),
      };
      if (fileAtPath(task.filePath).kind !== 'none' && !isNoMcpdescDocumentOnDisk(task)) continue;
      decidedHere.push(relative);
      const answer = checkFileOnDisk(task);
      assert.equal(answer.kind, 'skipped', relative);
      assert.equal(answer.log, undefined, `${relative}: nothing to log`);
    }
    // Neither shortcut may take what the worker checks: these it publishes diagnostics for.
    for (const relative of [
      'h/by-content.json',
      'h/broken-by-content.json',
      'h/bom.json',
      'h/escaped-key.json',
      'h/by-content.yaml',
    ]) {
      assert.ok(!decidedHere.includes(relative), relative);
    }
    assert.ok(decidedHere.includes('h/schema.json') && decidedHere.includes('h/never-saved.json'), decidedHere.join());
  });

  it('a file deleted after it was queued is cleared, not an error', async () => {
    const gone = workspace.write('d/gone.mcpdesc.json', BROKEN);
    const { checks, published } = setUp(workspace);
    published.set(gone, []);
    workspace.remove('d/gone.mcpdesc.json');
    await checks.check(gone);
    assert.equal(published.has(gone), false);
  });
});
