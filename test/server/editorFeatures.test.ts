// What the editor does itself is not done twice. Syntax errors once: a client whose editor reports JSON syntax itself (initializationOptions
// editorReportsJsonSyntax) gets no `mcpdesc.syntax` diagnostics for open JSON and JSONC documents,
// unless the user set that rule's severity; YAML and files on disk keep theirs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SYNTAX_RULE_ID } from '../../shared/src/constants';
import { LspTestClient } from './lspClient';
import { elicitationOnly } from '../support/ruleScope';

const BROKEN_JSON = '{"mcpdesc": "0.8.0", "tools": [{"name": "t", "interactionExamples": {\n';
const BROKEN_YAML = 'mcpdesc: 0.8.0\ntools:\n  - name: t\n    interactionExamples: {\n';
/** Plain JSON's syntax errors that the parse tolerates (a comment, a trailing comma): VS Code's JSON mode reports them in `.json` too. */
const LENIENT_JSON = '{"mcpdesc": "0.8.0", // a comment\n"tags": [1,]}\n';

function rulesOf(diagnostics: Array<{ code?: string | number }>): Array<string | number | undefined> {
  return diagnostics.map((diagnostic) => diagnostic.code);
}

describe('syntax errors in an editor that reports JSON syntax itself', () => {
  let client: LspTestClient;

  before(async () => {
    // The elicitation preset: these truncated documents would also get the whole-document rules' findings.
    // What the editor is answered, not where a check runs: open checks on the server's main thread.
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      settings: elicitationOnly(),
      initializationOptions: { editorReportsJsonSyntax: true },
    });
  });

  after(async () => {
    await client.stop();
  });

  it('an open JSON or JSONC document: none of ours', async () => {
    for (const [name, languageId] of [
      ['broken.mcpdesc.json', 'json'],
      ['broken.mcpdesc.jsonc', 'jsonc'],
    ]) {
      const uri = `file:///editor-syntax/${name}`;
      await client.open(uri, BROKEN_JSON, languageId);
      assert.deepEqual(await client.diagnosticsFor(uri, 1), [], name);
    }
  });

  it('an open JSON document with a comment and a trailing comma: none of ours either', async () => {
    const uri = 'file:///editor-syntax/lenient.mcpdesc.json';
    await client.open(uri, LENIENT_JSON, 'json');
    assert.deepEqual(await client.diagnosticsFor(uri, 1), []);
  });

  it('an open YAML document: ours, VS Code has no YAML validation', async () => {
    const uri = 'file:///editor-syntax/broken.mcpdesc.yaml';
    await client.open(uri, BROKEN_YAML, 'yaml');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    assert.ok(diagnostics.length > 0);
    assert.ok(rulesOf(diagnostics).every((code) => code === SYNTAX_RULE_ID));
  });

  it('an explicit severity for mcpdesc.syntax wins', async () => {
    await client.setSettings(elicitationOnly({ rules: { [SYNTAX_RULE_ID]: 'warning' } }));
    const uri = 'file:///editor-syntax/explicit.mcpdesc.json';
    await client.open(uri, BROKEN_JSON, 'json');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    assert.ok(diagnostics.length > 0);
    assert.deepEqual(
      [...new Set(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity].join(' ')))],
      [`${SYNTAX_RULE_ID} 2`],
    );
    await client.setSettings(elicitationOnly());
  });
});

describe('syntax errors in a client that does not say so', () => {
  // One server for both cases (each opens documents of its own).
  let client: LspTestClient;

  before(async () => {
    // The elicitation preset, as above: only the syntax errors are in question here.
    client = await LspTestClient.start({ openChecksOnMainThread: true, settings: elicitationOnly() });
  });

  after(async () => {
    await client.stop();
  });

  it('an open JSON document: ours', async () => {
    const uri = 'file:///editor-syntax/plain.mcpdesc.json';
    await client.open(uri, BROKEN_JSON, 'json');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    assert.ok(diagnostics.length > 0);
    assert.ok(rulesOf(diagnostics).every((code) => code === SYNTAX_RULE_ID));
  });

  it('an open JSON document with a comment and a trailing comma: ours, each at its range; none in JSONC', async () => {
    const uri = 'file:///editor-syntax/lenient.mcpdesc.json';
    await client.open(uri, LENIENT_JSON, 'json');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      diagnostics.map(({ code, message, range: { start, end } }) => [
        code,
        message,
        start.line,
        start.character,
        end.line,
        end.character,
      ]),
      [
        [SYNTAX_RULE_ID, 'Comments are not permitted in JSON.', 0, 21, 0, 33],
        [SYNTAX_RULE_ID, 'Trailing comma', 1, 10, 1, 11],
      ],
    );
    const jsoncUri = 'file:///editor-syntax/lenient.mcpdesc.jsonc';
    await client.open(jsoncUri, LENIENT_JSON, 'jsonc');
    assert.deepEqual(await client.diagnosticsFor(jsoncUri, 1), []);
  });
});

describe('document symbols in an editor that outlines JSON itself', () => {
  it('none for JSON and JSONC, ours for YAML', async () => {
    const client = await LspTestClient.start({
      openChecksOnMainThread: true,
      initializationOptions: { editorOutlinesJson: true },
      capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } },
    });
    try {
      const json = 'file:///editor-outline/a.mcpdesc.json';
      await client.open(json, '{"mcpdesc": "0.8.0", "tools": [{"name": "t", "elicitations": []}]}', 'json');
      await client.diagnosticsFor(json, 1);
      assert.equal(await client.request('textDocument/documentSymbol', { textDocument: { uri: json } }), null);
      const yaml = 'file:///editor-outline/a.mcpdesc.yaml';
      await client.open(yaml, 'mcpdesc: 0.8.0\ntools:\n  - name: t\n    elicitations: []\n', 'yaml');
      await client.diagnosticsFor(yaml, 1);
      const symbols = await client.request<Array<{ name: string }>>('textDocument/documentSymbol', {
        textDocument: { uri: yaml },
      });
      assert.deepEqual(
        symbols.map((symbol) => symbol.name),
        ['t'],
      );
    } finally {
      await client.stop();
    }
  });
});
