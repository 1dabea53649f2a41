// The browser build's server (dist/browser/server.js) as vscode.dev runs it: in a worker whose
// global scope has a web worker's globals and none of Node's (webWorkerScope.ts), spoken to over
// the worker's messages. On the rule page's examples it must give what the desktop's server gives
// over stdio: the same diagnostics at the expected ranges, quick-fixes and fix-all whose edits,
// applied, leave the same problems, the same outline and completion; and its workspace scan reads
// a virtual workspace through the client's requests and finds the problems the desktop finds on disk.
// (The same build in a real Chromium: test-e2e/webWorker.ts, in npm run test:e2e.)
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Command, Diagnostic, Range } from 'vscode-languageserver-protocol';
import {
  DOCUMENT_STATUS_REQUEST,
  ELICITATION_RULE_ID,
  FIX_ALL_CODE_ACTION_KIND,
  type DocumentStatus,
} from '../../shared/src/constants';
import { expectedDiagnosticsOf, rulePageInvalidFixture, summarize } from '../server/fixtures';
import { fileUri, LspTestClient } from '../server/lspClient';
import { repoPath } from '../support/repo';
import { elicitationOnly } from '../support/ruleScope';
import { CLIENT_CAPABILITIES } from './lspSession';
import { startWorkerServer, type WorkerServer } from './workerServer';

const DOCS_BASE = 'https://extension.test/mcpdesc/docs/rules/';
const VIRTUAL_ROOT = 'vscode-vfs://github/acme/descriptions';
const EVERYWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function isCodeAction(action: CodeAction | Command): action is CodeAction {
  return 'edit' in action || 'kind' in action;
}

/** A diagnostic as both servers should give it: the rule page's link differs only in where the pages are. */
function comparable(diagnostic: Diagnostic): unknown {
  const href = diagnostic.codeDescription?.href;
  return { ...diagnostic, codeDescription: href === undefined ? undefined : href.slice(href.lastIndexOf('/') + 1) };
}

/** The files of test-fixtures/workspace, by path below it. */
function workspaceFiles(): Map<string, string> {
  const root = repoPath('test-fixtures', 'workspace');
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(root, { recursive: true }) as string[]) {
    const file = path.join(root, name);
    if (fs.statSync(file).isFile()) files.set(name.split(path.sep).join('/'), fs.readFileSync(file, 'utf8'));
  }
  return files;
}

// One browser server and one desktop server for the whole file: both start with the workspace (the
// browser's virtual one, the desktop's on disk), the scan is compared first, before any document is
// opened, and the rule page's examples are then opened beside it (URIs of their own).
describe('the browser build and the desktop server', () => {
  let browser: WorkerServer;
  let desktop: LspTestClient;
  const folderOnDisk = repoPath('test-fixtures', 'workspace');

  before(async () => {
    const virtual = new Map([...workspaceFiles()].map(([name, text]) => [`${VIRTUAL_ROOT}/${name}`, text]));
    // The rule page's example and the workspace's documents are partial documents, judged here by
    // the elicitation rule: both servers run with its preset.
    browser = startWorkerServer({ files: virtual, settings: elicitationOnly() });
    await browser.session.initialize([{ uri: VIRTUAL_ROOT, name: 'descriptions' }], { docsBaseUri: DOCS_BASE });
    // The desktop server is the reference: where it checks open documents does not change its answers.
    desktop = await LspTestClient.start({
      capabilities: CLIENT_CAPABILITIES,
      settings: elicitationOnly(),
      openChecksOnMainThread: true,
      workspaceFolders: [{ uri: fileUri(folderOnDisk), name: 'workspace' }],
    });
  });

  after(async () => {
    await browser.stop();
    await desktop.stop();
  });

  describe("the browser build's workspace scan, through the client", () => {
    it('lists and reads a virtual workspace through mcpdesc/workspaceFiles and mcpdesc/readFile and finds what the desktop finds on disk', async () => {
      await browser.session.logLine('Workspace scan done');
      await desktop.waitFor('the scan', () =>
        desktop.logMessages.some((message) => message.message.startsWith('Workspace scan done')),
      );
      const problems = (publishes: Array<{ uri: string; diagnostics: Diagnostic[] }>, root: string) => {
        const last = new Map<string, Diagnostic[]>();
        for (const publish of publishes) last.set(publish.uri.slice(root.length + 1), publish.diagnostics);
        return new Map(
          [...last]
            .filter(([, diagnostics]) => diagnostics.length > 0)
            .map(([name, diagnostics]) => [name, summarize(diagnostics)]),
        );
      };
      const found = problems(browser.session.publishes, VIRTUAL_ROOT);
      assert.deepEqual(
        [...found.keys()].sort(),
        [
          'release-bot.mcpdesc.json',
          'deploy-bot.mcpdesc.jsonc',
          'rule-page/invalid-tool-interaction-example-semantics.mcpdesc.json',
          'rule-page/invalid-tool-interaction-example-semantics.mcpdesc.yaml',
          'services/audit.json',
          'services/publish-bot.mcpdesc.json',
        ].sort(),
      );
      assert.deepEqual(found, problems(desktop.publishes, fileUri(folderOnDisk)));
      // Every file was read through the client, the unrecognized ones included (their root member decides).
      assert.ok(browser.session.reads.includes(`${VIRTUAL_ROOT}/tool-catalog.json`));
      assert.deepEqual(browser.errors, []);
    });
  });

  describe('the browser build of the server, in a web worker', () => {
    const fixture = rulePageInvalidFixture();

    it('announces the capabilities of the desktop server', () => {
      assert.deepEqual(browser.session.initializeResult, desktop.initializeResult);
    });

    it("gives the rule page's invalid example its four diagnostics at the expected ranges, as the desktop does, linked to the pages it was given", async () => {
      const uri = `${VIRTUAL_ROOT}/rule-page/diagnostics.mcpdesc.json`;
      await browser.session.open(uri, 'json', fixture.text);
      const diagnostics = await browser.session.diagnostics(uri);
      assert.deepEqual(summarize(diagnostics), expectedDiagnosticsOf(fixture));
      const desktopUri = 'file:///desktop/rule-page/diagnostics.mcpdesc.json';
      await desktop.open(desktopUri, fixture.text);
      assert.deepEqual(diagnostics.map(comparable), (await desktop.diagnosticsFor(desktopUri, 1)).map(comparable));
      assert.equal(diagnostics[0].codeDescription?.href, `${DOCS_BASE}elicitation-consistency.md`);
    });

    it("offers the desktop's quick-fixes, and the fix applied leaves the desktop's problems", async () => {
      const uri = `${VIRTUAL_ROOT}/rule-page/quick-fix.mcpdesc.json`;
      const desktopUri = 'file:///desktop/rule-page/quick-fix.mcpdesc.json';
      await browser.session.open(uri, 'json', fixture.text);
      await desktop.open(desktopUri, fixture.text);
      const [first] = await browser.session.diagnostics(uri);
      assert.equal((first.data as { violation?: string }).violation, 'unknown-declaration');
      const actions = (await browser.session.codeActions(uri, first.range, [first])).filter(isCodeAction);
      const [desktopFirst] = await desktop.diagnosticsFor(desktopUri, 1);
      const desktopActions = (await desktop.codeActions(desktopUri, desktopFirst.range, [desktopFirst], ['quickfix'])).filter(
        isCodeAction,
      );
      const fixes = (list: CodeAction[], at: string) =>
        list.filter((action) => action.edit).map((action) => [action.title, action.isPreferred, action.edit?.changes?.[at]]);
      assert.deepEqual(fixes(actions, uri), fixes(desktopActions, desktopUri));
      const preferred = actions.find((action) => action.isPreferred && action.edit);
      assert.ok(preferred?.edit, `a preferred fix among ${JSON.stringify(actions.map((action) => action.title))}`);
      browser.session.applyWorkspaceEdit(preferred.edit);
      assert.notEqual(browser.session.text(uri), fixture.text);
      const after = await browser.session.diagnostics(uri);
      assert.ok(
        !after.some((diagnostic) => (diagnostic.data as { violation?: string }).violation === 'unknown-declaration'),
        JSON.stringify(summarize(after)),
      );
      const desktopVersion = await desktop.applyEdits(desktopUri, preferred.edit.changes?.[uri] ?? []);
      assert.equal(desktop.text(desktopUri), browser.session.text(uri));
      assert.deepEqual(after.map(comparable), (await desktop.diagnosticsFor(desktopUri, desktopVersion)).map(comparable));
    });

    it('fixes all in one edit, leaving only the revision-mismatch of the url declaration it wrote', async () => {
      const uri = `${VIRTUAL_ROOT}/rule-page/fix-all.mcpdesc.json`;
      await browser.session.open(uri, 'json', fixture.text);
      assert.equal((await browser.session.diagnostics(uri)).length, 4);
      const [fixAll] = (
        await browser.session.request<Array<CodeAction | Command>>('textDocument/codeAction', {
          textDocument: { uri },
          range: EVERYWHERE,
          context: { diagnostics: [], only: [FIX_ALL_CODE_ACTION_KIND] },
        })
      ).filter(isCodeAction);
      assert.ok(fixAll?.edit);
      browser.session.applyWorkspaceEdit(fixAll.edit);
      const text = browser.session.text(uri);
      const mode = text.indexOf('"url"', text.indexOf('"name": "missing"'));
      const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
      const characterOf = (offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
      assert.deepEqual(summarize(await browser.session.diagnostics(uri)), [
        {
          violation: 'revision-mismatch',
          line: lineOf(mode),
          character: characterOf(mode),
          endLine: lineOf(mode),
          endCharacter: characterOf(mode) + 5,
        },
      ]);
    });

    it('says in the document status what the check read and ran, that no configuration files are read, and links the given pages', async () => {
      const uri = `${VIRTUAL_ROOT}/rule-page/status.mcpdesc.json`;
      await browser.session.open(uri, 'json', fixture.text);
      await browser.session.diagnostics(uri);
      const status = await browser.session.request<DocumentStatus>(DOCUMENT_STATUS_REQUEST, { uri });
      assert.ok(status.kind === 'checked', JSON.stringify(status));
      assert.equal(status.formatVersion, '0.8.0');
      assert.deepEqual(status.revisions, ['2025-06-18']);
      assert.equal(status.configFilesRead, false);
      assert.deepEqual(status.configFiles, []);
      assert.equal(typeof status.lastCheckMs, 'number');
      assert.deepEqual(status.rules[0], {
        id: ELICITATION_RULE_ID,
        severity: 'error',
        docsUri: `${DOCS_BASE}elicitation-consistency.md`,
      });
    });

    it('outlines and completes as the desktop does', async () => {
      const uri = `${VIRTUAL_ROOT}/rule-page/navigation.mcpdesc.yaml`;
      const desktopUri = 'file:///desktop/rule-page/navigation.mcpdesc.yaml';
      const yaml = fs.readFileSync(
        repoPath('test-fixtures', 'workspace', 'rule-page', 'named-tool-interaction-examples.mcpdesc.yaml'),
        'utf8',
      );
      await browser.session.open(uri, 'yaml', yaml);
      await desktop.open(desktopUri, yaml, 'yaml');
      await browser.session.diagnostics(uri);
      await desktop.diagnosticsFor(desktopUri, 1);
      const symbols = await browser.session.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
      assert.ok(symbols.length > 0);
      assert.deepEqual(symbols, await desktop.request('textDocument/documentSymbol', { textDocument: { uri: desktopUri } }));
      // On an elicitation step's `declaration`, the tool's declarations are offered.
      const lines = yaml.split('\n');
      const line = lines.findIndex((text) => text.trim() === 'declaration: confirm');
      const position = { line, character: lines[line].indexOf('confirm') + 2 };
      const completion = await browser.session.request<{ label: string }[] | { items: { label: string }[] }>(
        'textDocument/completion',
        { textDocument: { uri }, position },
      );
      const labels = (Array.isArray(completion) ? completion : completion.items).map((item) => item.label);
      assert.ok(labels.includes('confirm'), JSON.stringify(labels));
      assert.deepEqual(
        completion,
        await desktop.request('textDocument/completion', { textDocument: { uri: desktopUri }, position }),
      );
    });
  });
});
