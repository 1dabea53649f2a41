// What a file contributes to workspace symbols (its tools by name, its components by namespace and
// name, where each name is written), how a query matches, and how the server puts the files together.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SymbolKind } from 'vscode-languageserver';
import { checkDocument } from '../../server/src/checker';
import { fileSymbols, matchesSymbolQuery, type FileSymbol } from '../../server/src/checker/navigation';
import { workspaceSymbolsFor } from '../../server/src/lsp/workspaceSymbols';

const YAML_TEXT = `mcpdesc: 0.8.0
info:
  name: files-server
  version: 1.0.0
tools:
  - name: read_file
    inputSchema: {type: object}
  - description: a tool without a name yet
  - name: "write_file"
    inputSchema: {type: object}
components:
  schemas:
    Path: {type: string}
  toolExamples:
    Basic: {input: {}, result: {content: []}}
`;

describe('workspace symbols of a file', () => {
  it('tools (named ones) with the server as container, then components by namespace, at their names', () => {
    const symbols = fileSymbols(checkDocument(YAML_TEXT, { format: 'yaml' }));
    assert.deepEqual(symbols, [
      {
        name: 'read_file',
        kind: 'tool',
        containerName: 'files-server',
        range: { start: { line: 5, character: 10 }, end: { line: 5, character: 19 } },
      },
      {
        name: 'write_file',
        kind: 'tool',
        containerName: 'files-server',
        range: { start: { line: 8, character: 10 }, end: { line: 8, character: 22 } },
      },
      {
        name: 'Path',
        kind: 'component',
        containerName: 'components.schemas',
        range: { start: { line: 12, character: 4 }, end: { line: 12, character: 8 } },
      },
      {
        name: 'Basic',
        kind: 'component',
        containerName: 'components.toolExamples',
        range: { start: { line: 14, character: 4 }, end: { line: 14, character: 9 } },
      },
    ]);
  });

  it('JSON without info: no container for tools; the limit stops the list', () => {
    const text = '{"mcpdesc": "0.8.0", "tools": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}';
    const symbols = fileSymbols(checkDocument(text, { format: 'json' }), 2);
    assert.deepEqual(
      symbols.map((symbol) => [symbol.name, symbol.containerName, symbol.range.start.character]),
      [
        ['a', undefined, text.indexOf('"a"')],
        ['b', undefined, text.indexOf('"b"')],
      ],
    );
  });

  it('a query matches its characters in order, case ignored', () => {
    assert.ok(matchesSymbolQuery('read_file', 'rf'));
    assert.ok(matchesSymbolQuery('read_file', 'READ'));
    assert.ok(matchesSymbolQuery('read_file', ''));
    assert.ok(!matchesSymbolQuery('read_file', 'fr'));
    assert.ok(!matchesSymbolQuery('read_file', 'readx'));
  });

  it('across files: URI order, names starting with the query first, at most the limit', () => {
    const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 1 } });
    const files = new Map<string, FileSymbol[]>([
      ['file:///b.yaml', [{ name: 'search', kind: 'tool', range: at(1) }]],
      [
        'file:///a.json',
        [
          { name: 'research', kind: 'tool', containerName: 's', range: at(2) },
          { name: 'Search', kind: 'component', containerName: 'components.schemas', range: at(3) },
          { name: 'fetch', kind: 'tool', range: at(4) },
        ],
      ],
    ]);
    assert.deepEqual(workspaceSymbolsFor('sea', files), [
      {
        name: 'Search',
        kind: SymbolKind.Class,
        containerName: 'components.schemas',
        location: { uri: 'file:///a.json', range: at(3) },
      },
      { name: 'search', kind: SymbolKind.Function, location: { uri: 'file:///b.yaml', range: at(1) } },
      { name: 'research', kind: SymbolKind.Function, containerName: 's', location: { uri: 'file:///a.json', range: at(2) } },
    ]);
    assert.deepEqual(
      workspaceSymbolsFor('', files, 2).map((symbol) => symbol.name),
      ['research', 'Search'],
    );
  });
});
