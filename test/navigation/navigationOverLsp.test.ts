// Declaration navigation over LSP, against the built server on stdio: definition, references,
// prepareRename/rename, completion, hover and document symbols, with positions in UTF-16 (the
// document has emoji before the names on their lines). Its two tool objects share a name (the second
// has a protocol scope), and each has its own `authorize`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  CompletionList,
  DocumentSymbol,
  Hover,
  Location,
  Position,
  Range,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { CompletionItemKind, InsertTextFormat, type Diagnostic } from 'vscode-languageserver-protocol';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspTestClient } from '../server/lspClient';
import { elicitationOnly } from '../support/ruleScope';

const SCHEMA = '{ "type": "object", "properties": { "approved": { "type": "boolean" } }, "required": ["approved"] }';
const FORM_REQUEST = `{ "message": "✅ Approve?", "requestedSchema": ${SCHEMA} }`;
const URL_REQUEST = '{ "mode": "url", "message": "m", "url": "https://x.example" }';
const TEXT = `{
  "mcpdesc": "0.8.0",
  "tools": [
    {
      "name": "prepare_release",
      "elicitations": [{ "name": "🚀launch", "mode": "url", "message": "Go." }, { "name": "confirm", "mode": "form", "message": "✅ Approve?", "requestedSchema": ${SCHEMA} }, { "name": "authorize", "mode": "url", "message": "Authorize." }],
      "interactionExamples": {
        "approved": { "steps": [
          { "type": "elicitation", "note": "🚀🚀", "declaration": "confirm", "request": ${FORM_REQUEST}, "response": { "action": "accept", "content": { "approved": true } } },
          { "type": "sampling" },
          { "type": "elicitation", "note": "🎉", "declaration": "authorize", "request": ${URL_REQUEST}, "response": { "action": "accept" } }
        ] },
        "declined": { "steps": [
          { "type": "elicitation", "note": "😀", "declaration": "confirm", "request": ${FORM_REQUEST}, "response": { "action": "decline" } }
        ] }
      }
    },
    {
      "protocolVersions": ["2025-11-25"],
      "name": "prepare_release",
      "elicitations": [{ "name": "authorize", "mode": "url", "message": "🔑 Theirs." }],
      "interactionExamples": { "theirs": { "steps": [{ "type": "elicitation", "note": "🔑", "declaration": "authorize", "request": ${URL_REQUEST}, "response": { "action": "cancel" } }] } }
    }
  ]
}
`;

/** Positions computed by an implementation independent of the server's (the textdocument package). */
function rangeOf(text: string, snippet: string, n = 0): Range {
  const document = TextDocument.create('file:///x', 'json', 1, text);
  let offset = -1;
  for (let i = 0; i <= n; i++) {
    offset = text.indexOf(snippet, offset + 1);
    assert.ok(offset >= 0, `occurrence ${n} of ${snippet}`);
  }
  return { start: document.positionAt(offset), end: document.positionAt(offset + snippet.length) };
}

function insideQuotes(range: Range): Range {
  return {
    start: { ...range.start, character: range.start.character + 1 },
    end: { ...range.end, character: range.end.character - 1 },
  };
}

function into(range: Range, characters = 2): Position {
  return { line: range.start.line, character: range.start.character + characters };
}

let counter = 0;
function freshUri(): string {
  return `file:///mcpdesc-test/navigation/${counter++}-doc.mcpdesc.json`;
}

const CONFIRM = '"confirm"';

describe('declaration navigation over LSP', () => {
  let client: LspTestClient;

  before(async () => {
    // The sample is a partial document (no info, examples without input) made to test declarations:
    // "clean" here is the elicitation rules' verdict, so their preset.
    // What the editor is answered, not where a check runs: open checks on the server's main thread.
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      settings: elicitationOnly(),
      capabilities: {
        textDocument: {
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          rename: { prepareSupport: true },
          completion: { completionItem: { labelDetailsSupport: true, snippetSupport: true } },
        },
      },
    });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  /**
   * What the server publishes beside the declaration-validity rule's invalid-name: the names here
   * test UTF-16 positions and escapes ('🚀launch', 'approve "now"'), which MCP names may not hold.
   */
  async function problemsBesideNameSyntax(uri: string, version: number): Promise<Diagnostic[]> {
    const published = await client.diagnosticsFor(uri, version);
    return published.filter(
      (d: Diagnostic) => !(d.code === DECLARATION_RULE_ID && (d.data as { violation?: string }).violation === 'invalid-name'),
    );
  }

  async function openSample(text = TEXT): Promise<string> {
    const uri = freshUri();
    await client.open(uri, text);
    return uri;
  }

  it('announces the six features', () => {
    const capabilities = client.initializeResult.capabilities;
    assert.equal(capabilities.definitionProvider, true);
    assert.equal(capabilities.referencesProvider, true);
    assert.deepEqual(capabilities.renameProvider, { prepareProvider: true });
    assert.deepEqual(capabilities.completionProvider?.triggerCharacters, ['"', "'", '{', ':']);
    assert.equal(capabilities.hoverProvider, true);
    assert.ok(capabilities.documentSymbolProvider);
    assert.deepEqual(capabilities.documentLinkProvider, { resolveProvider: false });
    assert.equal(capabilities.workspaceSymbolProvider, true);
  });

  it('the sample is clean but for the emoji name (so rename and completion results can be re-checked)', async () => {
    const uri = await openSample();
    const published = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      published.map((d: Diagnostic) => [d.code, (d.data as { violation: string }).violation, d.range]),
      [[DECLARATION_RULE_ID, 'invalid-name', rangeOf(TEXT, '"🚀launch"')]],
    );
  });

  it('definition: from a step to the key, UTF-16 positions', async () => {
    const uri = await openSample();
    const location = await client.request<Location | null>('textDocument/definition', {
      textDocument: { uri },
      position: into(rangeOf(TEXT, CONFIRM, 1)),
    });
    assert.deepEqual(location, { uri, range: rangeOf(TEXT, CONFIRM, 0) });
    // The key sits after an emoji-named declaration on its line: a UTF-8 or code-point count would differ.
    assert.equal(location!.range.start.character, TEXT.split('\n')[5].indexOf(CONFIRM));
    const nothing = await client.request<Location | null>('textDocument/definition', {
      textDocument: { uri },
      position: { line: 1, character: 5 },
    });
    assert.equal(nothing, null);
  });

  it('references: every step naming the declaration; includeDeclaration adds the key', async () => {
    const uri = await openSample();
    const position = into(rangeOf(TEXT, CONFIRM, 0));
    const steps = [rangeOf(TEXT, CONFIRM, 1), rangeOf(TEXT, CONFIRM, 2)].map((range) => ({ uri, range }));
    assert.deepEqual(
      await client.request<Location[]>('textDocument/references', {
        textDocument: { uri },
        position,
        context: { includeDeclaration: false },
      }),
      steps,
    );
    assert.deepEqual(
      await client.request<Location[]>('textDocument/references', {
        textDocument: { uri },
        position: into(rangeOf(TEXT, CONFIRM, 2)),
        context: { includeDeclaration: true },
      }),
      [{ uri, range: rangeOf(TEXT, CONFIRM, 0) }, ...steps],
    );
  });

  it('prepareRename and rename: one edit set for the key and every reference; the result is clean', async () => {
    const uri = await openSample();
    const position = into(rangeOf(TEXT, CONFIRM, 1));
    assert.deepEqual(await client.request('textDocument/prepareRename', { textDocument: { uri }, position }), {
      range: insideQuotes(rangeOf(TEXT, CONFIRM, 1)),
      placeholder: 'confirm',
    });
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position,
      newName: 'approve "now"',
    });
    const edits = LspTestClient.editsFor(edit, uri);
    assert.deepEqual(
      edits,
      [0, 1, 2].map((n): TextEdit => ({ range: insideQuotes(rangeOf(TEXT, CONFIRM, n)), newText: 'approve \\"now\\"' })),
    );
    const version = await client.applyEdits(uri, edits);
    assert.equal(client.text(uri), TEXT.replace(/"confirm"/g, '"approve \\"now\\""'));
    assert.deepEqual(await problemsBesideNameSyntax(uri, version), []);
  });

  it('rename in a tool object that shares its name: that object only; the result is clean', async () => {
    const uri = await openSample();
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position: into(rangeOf(TEXT, '"authorize"', 3)),
      newName: 'sign_in',
    });
    const edits = LspTestClient.editsFor(edit, uri);
    assert.deepEqual(
      edits,
      [2, 3].map((n): TextEdit => ({ range: insideQuotes(rangeOf(TEXT, '"authorize"', n)), newText: 'sign_in' })),
    );
    const version = await client.applyEdits(uri, edits);
    const authorize = TEXT.indexOf('"authorize"', TEXT.indexOf('"protocolVersions"'));
    assert.equal(client.text(uri), TEXT.slice(0, authorize) + TEXT.slice(authorize).replace(/"authorize"/g, '"sign_in"'));
    assert.deepEqual(await problemsBesideNameSyntax(uri, version), []);
  });

  it('rename refuses a name the tool already declares, with a message', async () => {
    const uri = await openSample();
    await assert.rejects(
      client.request('textDocument/rename', {
        textDocument: { uri },
        position: into(rangeOf(TEXT, CONFIRM, 0)),
        newName: 'authorize',
      }),
      (error: { code?: number; message?: string }) => {
        assert.equal(error.code, -32803);
        assert.equal(
          error.message,
          "Tool 'prepare_release' (tools[0]) already declares an elicitation named 'authorize'; choose another name.",
        );
        return true;
      },
    );
    assert.equal(
      await client.request('textDocument/prepareRename', { textDocument: { uri }, position: { line: 1, character: 4 } }),
      null,
    );
  });

  it("completion in an empty declaration string: the names, the request's mode first, replacing the content", async () => {
    const text = TEXT.replace('"note": "🎉", "declaration": "authorize"', '"note": "🎉", "declaration": ""');
    const uri = await openSample(text);
    const empty = rangeOf(text, '""', 0);
    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: into(empty, 1),
    });
    const sorted = [...list.items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    assert.deepEqual(
      sorted.map((item) => [item.label, item.labelDetails?.description, item.detail, item.preselect, item.filterText, item.kind]),
      [
        ['"🚀launch"', 'url', 'url — Go.', true, '"🚀launch"', CompletionItemKind.Interface],
        ['"authorize"', 'url', 'url — Authorize.', undefined, '"authorize"', CompletionItemKind.Interface],
        [
          '"confirm"',
          'form (the request is url)',
          'form (the request is url) — ✅ Approve?',
          undefined,
          '"confirm"',
          CompletionItemKind.Interface,
        ],
      ],
    );
    const authorize = sorted[1];
    assert.deepEqual(authorize.textEdit, { range: empty, newText: '"authorize"' });
    assert.equal((authorize.documentation as { kind: string }).kind, 'markdown');
    const version = await client.applyEdits(uri, [authorize.textEdit as TextEdit]);
    assert.equal(client.text(uri), TEXT);
    assert.deepEqual(await problemsBesideNameSyntax(uri, version), []);
  });

  it('completion right after `"declaration": `: a quoted name is inserted', async () => {
    const text = TEXT.replace('"note": "🎉", "declaration": "authorize",', '"note": "🎉", "declaration": ');
    const uri = await openSample(text);
    const colon = rangeOf(text, '"declaration": ', 1);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: colon.end });
    const item = list.items.find((candidate) => candidate.label === '"authorize"');
    assert.deepEqual(item?.textEdit, { range: { start: colon.end, end: colon.end }, newText: '"authorize",' });
  });

  it('completion at a new key of interactionExamples: a scenario snippet per declaration; inserted, no new problem', async () => {
    const uri = await openSample();
    const before = await problemsBesideNameSyntax(uri, 1);
    const brace = rangeOf(TEXT, '"interactionExamples": {', 0).end;
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: brace });
    const snippets = list.items.filter((item) => item.kind === CompletionItemKind.Snippet);
    assert.deepEqual(
      snippets.map((item) => [item.label, item.insertTextFormat]),
      [
        ['interaction example: 🚀launch', InsertTextFormat.Snippet],
        ['interaction example: confirm', InsertTextFormat.Snippet],
        ['interaction example: authorize', InsertTextFormat.Snippet],
      ],
    );
    const confirm = snippets[1].textEdit as TextEdit;
    assert.deepEqual(confirm.range, { start: brace, end: brace });
    // The tab stops at their defaults, as an editor inserts them when the user accepts each.
    const newText = confirm.newText.replace(/\$\{\d+:((?:[^}\\]|\\.)*)\}/g, '$1').replace(/\\([$}\\])/g, '$1');
    assert.match(newText, /^"example-name": \{\n/);
    assert.ok(newText.endsWith('},'), 'a comma before the scenario after it');
    const version = await client.applyEdits(uri, [{ range: confirm.range, newText }]);
    assert.deepEqual(await problemsBesideNameSyntax(uri, version), before);
  });

  it('hover: the declaration on a reference, its use on a key', async () => {
    const uri = await openSample();
    const onReference = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: into(rangeOf(TEXT, CONFIRM, 2)),
    });
    assert.deepEqual(onReference, {
      contents: {
        kind: 'markdown',
        value:
          '**Elicitation `confirm`** of tool `prepare_release` (tools\\[0\\])\n\nMode: `form`  \nMessage: ✅ Approve?\n\nRequested fields:\n- `approved`: boolean (required)',
      },
      range: rangeOf(TEXT, CONFIRM, 2),
    });
    const onKey = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: into(rangeOf(TEXT, CONFIRM, 0)),
    });
    assert.match((onKey.contents as { value: string }).value, /Used by 2 steps in 2 examples\.$/);
    assert.equal(
      await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }),
      null,
    );
  });

  it('hover: nothing on an unknown name, whose diagnostic there says it already', async () => {
    const text = TEXT.replace('"declaration": "authorize"', '"declaration": "authorise"');
    const uri = await openSample(text);
    const at = into(rangeOf(text, '"authorise"'));
    const diagnostics = await client.diagnosticsFor(uri);
    assert.ok(
      diagnostics.some(
        (d) => d.range.start.line === at.line && String(d.message).includes("declares no elicitation named 'authorise'"),
      ),
      'the rule reports the name',
    );
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position: at }), null);
  });

  it('document symbols: the hierarchy with UTF-16 ranges', async () => {
    const uri = await openSample();
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const names = (symbol: DocumentSymbol): unknown =>
      symbol.children?.length ? [symbol.name, symbol.children.map(names)] : symbol.name;
    assert.deepEqual(symbols.map(names), [
      [
        'prepare_release',
        [
          ['elicitations', ['🚀launch', 'confirm', 'authorize']],
          [
            'interactionExamples',
            [
              ['approved', ['1. elicitation confirm', '2. sampling', '3. elicitation authorize']],
              ['declined', ['1. elicitation confirm']],
            ],
          ],
        ],
      ],
      [
        'prepare_release',
        [
          ['elicitations', ['authorize']],
          ['interactionExamples', [['theirs', ['1. elicitation authorize']]]],
        ],
      ],
    ]);
    assert.deepEqual(
      symbols.map((symbol) => symbol.detail),
      ['tools[0]', 'protocolVersions 2025-11-25'],
    );
    const confirm = symbols[0].children![0].children![1];
    assert.deepEqual(confirm.selectionRange, rangeOf(TEXT, CONFIRM, 0));
    assert.equal(confirm.detail, 'form');
    assert.deepEqual(confirm.range.start, rangeOf(TEXT, '{ "name": "confirm"', 0).start);
    assert.deepEqual(confirm.range.end, rangeOf(TEXT, `"required": ["approved"] } }`, 0).end);
  });

  it('document symbols stop at 5,000, with a last symbol saying so', async () => {
    const steps = Array.from({ length: 6000 }, () => '{ "type": "sampling" }').join(',\n');
    const uri = await openSample(
      `{ "mcpdesc": "0.9.0-rc.3", "tools": [{ "name": "big", "interactionExamples": { "e": { "steps": [\n${steps}\n] } } }] }`,
    );
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    let count = 0;
    const visit = (symbol: DocumentSymbol): void => {
      count++;
      symbol.children?.forEach(visit);
    };
    symbols.forEach(visit);
    assert.equal(count, 5001);
    assert.equal(symbols[1].name, 'Outline stops here: it lists at most 5,000 symbols');
    // Tool, group and example are three; the first step left out is step 4998, on line 4998.
    assert.equal(symbols[1].range.start.line, 4998);
  });

  it('a JSON file that is not an mcpdesc document gets no answers', async () => {
    const uri = 'file:///mcpdesc-test/navigation/package.json';
    await client.open(uri, '{ "tools": [{ "elicitations": [{ "name": "a" }] }] }');
    assert.equal(await client.request('textDocument/documentSymbol', { textDocument: { uri } }), null);
    assert.equal(
      await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 33 } }),
      null,
    );
  });
});

describe('a client without hierarchical symbols or prepareRename support', () => {
  it('gets flat SymbolInformation with container names, and rename without prepare', async () => {
    const client = await LspTestClient.start({ openChecksOnMainThread: true });
    try {
      assert.equal(
        client.initializeResult.capabilities.renameProvider,
        true,
        'no prepareRename for a client that does not support it',
      );
      const uri = freshUri();
      await client.open(uri, TEXT);
      const symbols = await client.request<SymbolInformation[]>('textDocument/documentSymbol', { textDocument: { uri } });
      assert.deepEqual(
        symbols.slice(0, 3).map((symbol) => [symbol.name, symbol.containerName]),
        [
          ['prepare_release', undefined],
          ['elicitations', 'prepare_release'],
          ['🚀launch', 'elicitations'],
        ],
      );
      assert.deepEqual(symbols[2].location, {
        uri,
        range: { start: rangeOf(TEXT, '{ "name": "🚀launch"').start, end: rangeOf(TEXT, '"Go." }').end },
      });
    } finally {
      await client.stop();
    }
  });
});
