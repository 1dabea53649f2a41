// Workspace symbols over LSP, against the built server on stdio: the tools and components of every
// file the workspace scan checks, files never opened included, in JSON and YAML; an open document's
// unsaved text wins over its file; a file deleted from the disk leaves the list; a file that is no
// mcpdesc document contributes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FileChangeType, SymbolKind, type SymbolInformation } from 'vscode-languageserver-protocol';
import { LspTestClient } from './lspClient';
import { TempWorkspace } from '../workspace/tempWorkspace';

const JSON_TEXT = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "catalogue-server", "version": "1.0.0" },
  "protocolVersions": ["2025-11-25"],
  "tools": [
    { "name": "search", "inputSchema": { "$componentRef": "#/components/schemas/Query" } },
    { "name": "fetch_item", "inputSchema": { "type": "object" } }
  ],
  "components": { "schemas": { "Query": { "type": "object" } } }
}
`;

const YAML_TEXT = `mcpdesc: 0.8.0
info:
  name: files-server
  version: 1.0.0
protocolVersions:
  - 2025-11-25
tools:
  - name: search_files
    inputSchema:
      type: object
`;

/** Has a `tools` array but no `mcpdesc` member: not a document of the format. */
const OTHER_JSON = '{ "tools": [{ "name": "search_elsewhere" }] }\n';

function names(symbols: SymbolInformation[]): string[] {
  return symbols.map((symbol) => `${symbol.name} ${symbol.location.uri.split('/').pop()}`);
}

describe('workspace symbols over LSP', () => {
  const workspace = new TempWorkspace('mcpdesc-workspace-symbols-');
  let client: LspTestClient;
  const catalogue = workspace.write('catalogue.mcpdesc.json', JSON_TEXT);
  const files = workspace.write('nested/files.mcpdesc.yaml', YAML_TEXT);
  workspace.write('package-like.json', OTHER_JSON);

  before(async () => {
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      workspaceFolders: [workspace.folder('.')],
      timeoutMs: 30_000,
    });
    // The scan checked both files (none is open).
    await client.waitForPublish(catalogue);
    await client.waitForPublish(files);
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  const query = (text: string) => client.request<SymbolInformation[]>('workspace/symbol', { query: text });

  it('files never opened: tools and components, where their names are written', { timeout: 60_000 }, async () => {
    assert.deepEqual(await query('search'), [
      {
        name: 'search',
        kind: SymbolKind.Function,
        containerName: 'catalogue-server',
        location: { uri: catalogue, range: { start: { line: 5, character: 14 }, end: { line: 5, character: 22 } } },
      },
      {
        name: 'search_files',
        kind: SymbolKind.Function,
        containerName: 'files-server',
        location: { uri: files, range: { start: { line: 7, character: 10 }, end: { line: 7, character: 22 } } },
      },
    ]);
    assert.deepEqual(await query('qry'), [
      {
        name: 'Query',
        kind: SymbolKind.Class,
        containerName: 'components.schemas',
        location: { uri: catalogue, range: { start: { line: 8, character: 31 }, end: { line: 8, character: 38 } } },
      },
    ]);
  });

  it(
    "an open document's unsaved text wins over its file; closed again, the file's names are back",
    { timeout: 60_000 },
    async () => {
      await client.open(catalogue, JSON_TEXT.replace('"search"', '"lookup"'), 'json');
      await client.diagnosticsFor(catalogue);
      assert.deepEqual(names(await query('search')), ['search_files files.mcpdesc.yaml']);
      assert.deepEqual(names(await query('lookup')), ['lookup catalogue.mcpdesc.json']);
      const sequence = client.lastSequence;
      await client.close(catalogue);
      await client.waitForPublish(catalogue, () => true, sequence);
      assert.deepEqual(names(await query('lookup')), []);
      assert.deepEqual(names(await query('search')), ['search catalogue.mcpdesc.json', 'search_files files.mcpdesc.yaml']);
    },
  );

  it('a file deleted from the disk leaves the list', { timeout: 60_000 }, async () => {
    const sequence = client.lastSequence;
    workspace.remove('nested/files.mcpdesc.yaml');
    await client.filesChanged([{ uri: files, type: FileChangeType.Deleted }]);
    await client.waitForPublish(files, (publish) => publish.diagnostics.length === 0, sequence);
    assert.deepEqual(names(await query('search')), ['search catalogue.mcpdesc.json']);
  });
});
