// Document synchronization the client gets wrong (issue 15, item 11). A version lower than the last
// one (a didChange numbered backwards, or a didOpen again without a didClose) is a new state of the
// document: it is checked and its diagnostics published, and nothing cached for the old numbering is
// reused. A didChange whose content changes are malformed is rejected whole, with a logged error: the
// document keeps its previous text and version, and is checked again, so what is published matches
// the text the server holds; later well-formed changes apply to that text.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { SYNTAX_RULE_ID } from '../../shared/src/constants';
import { LspTestClient } from './lspClient';

function documentFor(toolName: string): string {
  const schema = '{ "type": "object", "properties": { "ok": { "type": "boolean" } }, "required": ["ok"] }';
  return [
    '{',
    '  "mcpdesc": "0.8.0",',
    '  "tools": [',
    '    {',
    `      "name": "${toolName}",`,
    '      "elicitations": [',
    `        { "name": "confirm", "mode": "form", "message": "Go?", "requestedSchema": ${schema} }`,
    '      ],',
    '      "examples": [',
    '        { "steps": [',
    `          { "type": "elicitation", "declaration": "confirm", "request": { "mode": "form", "message": "Go?", "requestedSchema": ${schema} },`,
    '            "response": { "action": "accept", "content": { "ok": true } } }',
    '        ] }',
    '      ]',
    '    }',
    '  ]',
    '}',
    '',
  ].join('\n');
}

const VALID = documentFor('deploy');
/** VALID without the comma after the tool's name: one syntax error, on line 4. */
const BROKEN = VALID.replace('"deploy",', '"deploy"');
/** Where BROKEN lacks its comma. */
const MISSING_COMMA = { line: 4, character: '      "name": "deploy"'.length };

function syntaxErrors(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.code === SYNTAX_RULE_ID);
}

describe('document versions and malformed changes', () => {
  let client: LspTestClient;
  let serial = 0;
  const nextUri = (): string => `file:///mcpdesc-test/protocol-documents/doc-${++serial}.mcpdesc.json`;
  /** What the server publishes for `text` opened fresh: what a correct re-check must publish. */
  let brokenDiagnostics: Diagnostic[];
  let validDiagnostics: Diagnostic[];

  before(async () => {
    // The document's text and versions as the server holds them are tested, not where a check runs:
    // on the server's main thread, without the document workers' start (openChecksOnMainThread).
    client = await LspTestClient.start({ openChecksOnMainThread: true, timeoutMs: 5000 });
    const brokenUri = nextUri();
    await client.open(brokenUri, BROKEN);
    brokenDiagnostics = await client.diagnosticsFor(brokenUri, 1);
    const validUri = nextUri();
    await client.open(validUri, VALID);
    validDiagnostics = await client.diagnosticsFor(validUri, 1);
    assert.equal(syntaxErrors(brokenDiagnostics).length, 1, 'BROKEN has one syntax error');
    assert.equal(syntaxErrors(validDiagnostics).length, 0, 'VALID has none');
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  const fullText = (uri: string, version: number, text: string): Promise<void> =>
    client.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });

  it('a didChange numbered lower than the last one is checked and published', async () => {
    const uri = nextUri();
    await client.open(uri, BROKEN, 'json', 1);
    await client.diagnosticsFor(uri, 1);
    await fullText(uri, 5, VALID);
    assert.deepEqual(await client.diagnosticsFor(uri, 5), validDiagnostics);
    await fullText(uri, 3, BROKEN);
    assert.deepEqual(await client.diagnosticsFor(uri, 3), brokenDiagnostics);
  });

  it('a didOpen again, without a didClose, at a lower version is checked and published', async () => {
    const uri = nextUri();
    await client.open(uri, VALID, 'json', 7);
    await client.diagnosticsFor(uri, 7);
    await client.open(uri, BROKEN, 'json', 1);
    assert.deepEqual(await client.diagnosticsFor(uri, 1), brokenDiagnostics);
  });

  const MALFORMED: Array<{ name: string; change: unknown }> = [
    { name: 'a change without text', change: { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } },
    { name: 'a change whose text is not a string', change: { text: 42 } },
    { name: 'a change with a malformed range', change: { range: { start: { line: -1, character: 0 } }, text: 'x' } },
    { name: 'a null change', change: null },
  ];

  for (const malformed of MALFORMED) {
    it(`${malformed.name}: rejected with a logged error; the previous text stays, is re-checked and published`, async () => {
      const uri = nextUri();
      await client.open(uri, BROKEN, 'json', 1);
      await client.diagnosticsFor(uri, 1);
      const before = client.lastSequence;
      const logged = client.logMessages.length;
      // The first change alone would fix the syntax error; the whole notification is rejected.
      await client.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: MISSING_COMMA, end: MISSING_COMMA }, text: ',' }, malformed.change],
      });
      const republished = await client.waitForPublish(uri, () => true, before);
      assert.equal(republished.version, 1, 'published for the version the server still holds');
      assert.deepEqual(republished.diagnostics, brokenDiagnostics);
      const errors = client.logMessages.slice(logged).filter((message) => message.type === 1 && message.message.includes(uri));
      assert.equal(errors.length, 1, `one logged error about ${uri}: ${JSON.stringify(client.logMessages.slice(logged))}`);
      assert.match(errors[0].message, /content change 2 of 2/);

      // The text is still BROKEN's: the comma goes where it is missing, and the document is clean.
      await client.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: MISSING_COMMA, end: MISSING_COMMA }, text: ',' }],
      });
      assert.deepEqual(await client.diagnosticsFor(uri, 2), validDiagnostics);
    });
  }
});
