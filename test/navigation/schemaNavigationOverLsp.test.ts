// Navigation from the format's schema over LSP, against the built server on stdio, in JSON and in
// YAML (the same content): completion inside a tool offers the members it may still have, with
// their descriptions, and the edit it makes re-checks clean; hover on `inputSchema` describes it; the
// outline lists info, transports, resources, prompts, components and each tool's declarations;
// definition on a `$componentRef` lands on the component's key, and so does its document link; renaming the component renames every
// reference, and the document re-checks clean.
// The document is complete (no finding from any rule, all of them on by default), so "clean" is
// every rule's verdict.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  CompletionList,
  DocumentLink,
  DocumentSymbol,
  Hover,
  Location,
  Position,
  Range,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspTestClient } from '../server/lspClient';

const YAML = `mcpdesc: 0.8.0
info:
  name: search-server
  version: 1.0.0
protocolVersions:
  - 2025-11-25
transports:
  - type: stdio
    command: search-server
tools:
  - name: search
    description: Searches the catalogue.
    inputSchema:
      $componentRef: '#/components/schemas/Query'
    outputSchema:
      $componentRef: '#/components/schemas/Query'
    elicitations:
      - name: confirm
        mode: url
        message: Sign in first.
    interactionExamples:
      signed-in:
        input:
          q: lamps
        steps:
          - type: elicitation
            declaration: confirm
            request:
              mode: url
              message: Sign in first.
              url: https://example.com/sign-in
            response:
              action: accept
        result:
          content:
            - type: text
              text: 3 lamps
          structuredContent:
            q: lamps
resources:
  - uri: file:///catalogue.csv
    name: catalogue
prompts:
  - name: summarize
components:
  schemas:
    Query:
      type: object
      properties:
        q:
          type: string
`;

/** The same document in JSON, written by hand from the YAML above (2-space indentation). */
const JSON_TEXT = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "search-server", "version": "1.0.0" },
  "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "search-server" }],
  "tools": [
    {
      "name": "search",
      "description": "Searches the catalogue.",
      "inputSchema": { "$componentRef": "#/components/schemas/Query" },
      "outputSchema": { "$componentRef": "#/components/schemas/Query" },
      "elicitations": [{ "name": "confirm", "mode": "url", "message": "Sign in first." }],
      "interactionExamples": {
        "signed-in": {
          "input": { "q": "lamps" },
          "steps": [
            {
              "type": "elicitation",
              "declaration": "confirm",
              "request": { "mode": "url", "message": "Sign in first.", "url": "https://example.com/sign-in" },
              "response": { "action": "accept" }
            }
          ],
          "result": { "content": [{ "type": "text", "text": "3 lamps" }], "structuredContent": { "q": "lamps" } }
        }
      }
    }
  ],
  "resources": [{ "uri": "file:///catalogue.csv", "name": "catalogue" }],
  "prompts": [{ "name": "summarize" }],
  "components": { "schemas": { "Query": { "type": "object", "properties": { "q": { "type": "string" } } } } }
}
`;

interface Syntax {
  name: 'json' | 'yaml';
  text: string;
  /** Where a new member of the tool goes: a blank line inserted after its description. */
  blankLine: string;
  inputSchemaKey: string;
  /** The component's key as written (in YAML, its line up to the colon: the name alone is inside the references too). */
  componentKey: string;
}

const SYNTAXES: Syntax[] = [
  {
    name: 'json',
    text: JSON_TEXT,
    blankLine: '      ',
    inputSchemaKey: '"inputSchema"',
    componentKey: '"Query"',
  },
  { name: 'yaml', text: YAML, blankLine: '    ', inputSchemaKey: 'inputSchema', componentKey: '    Query:' },
];

function positionOf(text: string, snippet: string, n = 0, into = 0): Position {
  let offset = -1;
  for (let i = 0; i <= n; i++) {
    offset = text.indexOf(snippet, offset + 1);
    assert.ok(offset >= 0, `occurrence ${n} of ${snippet}`);
  }
  return TextDocument.create('file:///x', 'json', 1, text).positionAt(offset + into);
}

function rangeOf(text: string, snippet: string, n = 0): Range {
  const start = positionOf(text, snippet, n);
  return { start, end: { line: start.line, character: start.character + snippet.length } };
}

/** The text with a blank line (the syntax's indentation) after the tool's description, and the cursor at its end. */
function withBlankLine(syntax: Syntax): { text: string; cursor: Position } {
  const anchor =
    syntax.name === 'json' ? '"description": "Searches the catalogue.",\n' : 'description: Searches the catalogue.\n';
  const at = syntax.text.indexOf(anchor) + anchor.length;
  const text = `${syntax.text.slice(0, at)}${syntax.blankLine}\n${syntax.text.slice(at)}`;
  return { text, cursor: TextDocument.create('file:///x', 'json', 1, text).positionAt(at + syntax.blankLine.length) };
}

/** The range of the component's key. */
function componentKeyRange(syntax: Syntax): Range {
  const range = rangeOf(syntax.text, syntax.componentKey);
  if (syntax.name === 'json') return range;
  return {
    start: { ...range.start, character: range.start.character + 4 },
    end: { ...range.end, character: range.end.character - 1 },
  };
}

let counter = 0;

describe('navigation from the format schema over LSP', () => {
  let client: LspTestClient;

  before(async () => {
    // What the editor is answered, not where a check runs: open checks on the server's main thread.
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      capabilities: {
        textDocument: {
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          rename: { prepareSupport: true },
          // Plain text: the test applies each edit as an editor without snippets would.
          completion: { completionItem: { snippetSupport: false } },
        },
      },
    });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  async function open(syntax: Syntax, text = syntax.text): Promise<string> {
    const uri = `file:///mcpdesc-test/schema-navigation/${counter++}-doc.mcpdesc.${syntax.name}`;
    await client.open(uri, text, syntax.name);
    assert.deepEqual(await client.diagnosticsFor(uri, 1), []);
    return uri;
  }

  for (const syntax of SYNTAXES) {
    describe(syntax.name, () => {
      it(
        'completion inside a tool: the members it may still have, described; the edit re-checks clean',
        { timeout: 60_000 },
        async () => {
          const { text, cursor } = withBlankLine(syntax);
          const uri = await open(syntax, text);
          const list = await client.request<CompletionList>('textDocument/completion', {
            textDocument: { uri },
            position: cursor,
          });
          const quoted = (name: string) => (syntax.name === 'json' ? `"${name}"` : name);
          const labels = list.items.map((item) => item.label);
          for (const present of ['name', 'description', 'inputSchema', 'outputSchema', 'elicitations']) {
            assert.ok(!labels.includes(quoted(present)), `${present} is there already`);
          }
          for (const absent of ['title', 'annotations', 'execution', 'examples', 'icons'])
            assert.ok(labels.includes(quoted(absent)), absent);
          const title = list.items.find((item) => item.label === quoted('title'))!;
          assert.deepEqual(title.documentation, {
            kind: 'markdown',
            value:
              '**title**\n\nA human-readable display name for user interfaces.\n\nApplies to MCP 2025-06-18 and later.\n\n' +
              'Specification: [MCP Description 0.8.0 §9.1 Tool Object](' +
              'https://mcpdesc.org/docs/specification/0.8.0/tools#91-tool-object).',
          });
          const edit = title.textEdit as { range: Range; newText: string };
          assert.deepEqual(edit.range, { start: cursor, end: cursor });
          assert.equal(edit.newText, syntax.name === 'json' ? '"title": "",' : 'title: ""');
          const version = await client.applyEdits(uri, [edit, ...(title.additionalTextEdits ?? [])]);
          assert.deepEqual(await client.diagnosticsFor(uri, version), []);
        },
      );

      it('hover on inputSchema describes it', { timeout: 60_000 }, async () => {
        const uri = await open(syntax);
        const hover = await client.request<Hover>('textDocument/hover', {
          textDocument: { uri },
          position: positionOf(syntax.text, syntax.inputSchemaKey, 0, 2),
        });
        assert.deepEqual(hover.range, rangeOf(syntax.text, syntax.inputSchemaKey));
        const value = (hover.contents as { value: string }).value;
        assert.match(
          value,
          /^\*\*inputSchema\*\* \(required\)\n\nA JSON Schema \(or a `\$componentRef` to `#\/components\/schemas\/…`\) whose root describes an object/,
        );
        // The section, linked to the format's specification text at its release tag.
        assert.ok(
          value.endsWith(
            '\n\nSpecification: [MCP Description 0.8.0 §9.1 Tool Object](https://mcpdesc.org/docs/specification/0.8.0/tools#91-tool-object).',
          ),
          value,
        );
      });

      it('the outline lists the sections, resources, prompts, components and declarations', { timeout: 60_000 }, async () => {
        const uri = await open(syntax);
        const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
        const names = (symbol: DocumentSymbol): unknown =>
          symbol.children?.length ? [symbol.name, symbol.children.map(names)] : symbol.name;
        assert.deepEqual(symbols.map(names), [
          'info',
          ['transports', ['stdio']],
          [
            'search',
            [
              ['elicitations', ['confirm']],
              ['interactionExamples', [['signed-in', ['1. elicitation confirm']]]],
            ],
          ],
          ['resources', ['catalogue']],
          ['prompts', ['summarize']],
          ['components', [['schemas', ['Query']]]],
        ]);
      });

      it('document links: each $componentRef, inside its quotes, links to the component key', { timeout: 60_000 }, async () => {
        const uri = await open(syntax);
        const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
        const key = componentKeyRange(syntax).start;
        assert.deepEqual(
          links,
          [0, 1].map((n) => ({
            range: rangeOf(syntax.text, '#/components/schemas/Query', n),
            target: `${uri}#L${key.line + 1},${key.character + 1}`,
            tooltip: 'Go to components.schemas.Query',
          })),
        );
      });

      it(
        'definition on a $componentRef lands on the component; rename updates every reference and re-checks clean',
        { timeout: 60_000 },
        async () => {
          const uri = await open(syntax);
          for (const n of [0, 1]) {
            const definition = await client.request<Location>('textDocument/definition', {
              textDocument: { uri },
              position: positionOf(syntax.text, '#/components/schemas/Query', n, 3),
            });
            assert.deepEqual(definition, { uri, range: componentKeyRange(syntax) });
          }
          const references = await client.request<Location[]>('textDocument/references', {
            textDocument: { uri },
            position: componentKeyRange(syntax).start,
            context: { includeDeclaration: false },
          });
          assert.equal(references.length, 2);
          const rename = await client.request<WorkspaceEdit>('textDocument/rename', {
            textDocument: { uri },
            position: componentKeyRange(syntax).start,
            newName: 'SearchQuery',
          });
          const version = await client.applyEdits(uri, LspTestClient.editsFor(rename, uri));
          const renamed = client.text(uri);
          assert.equal(renamed.split('#/components/schemas/SearchQuery').length - 1, 2);
          assert.ok(!renamed.includes('Query:') || renamed.includes('SearchQuery:'));
          assert.ok(!/[^h]Query["']/.test(renamed), 'no reference to the old name is left');
          assert.deepEqual(await client.diagnosticsFor(uri, version), []);
          const refused = await client
            .request('textDocument/rename', {
              textDocument: { uri },
              position: positionOf(renamed, '#/components/schemas/SearchQuery', 0, 3),
              newName: 'not a name',
            })
            .then(
              () => undefined,
              (error: Error) => error.message,
            );
          assert.equal(refused, "A component name matches ^[A-Za-z0-9._-]+$; 'not a name' does not.");
        },
      );
    });
  }
});
