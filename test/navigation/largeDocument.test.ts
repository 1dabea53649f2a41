// The outline of a large generated document is capped. Timings are measured only on request
// (MCPDESC_NAVIGATION_TIMING=1) and printed, never asserted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { generateMcpdesc } from '../../bench/generate';
import { checkDocument } from '../../server/src/checker';
import {
  completionAt,
  definitionAt,
  hoverAt,
  outline,
  referencesAt,
  DEFAULT_OUTLINE_LIMIT,
  type OutlineSymbol,
} from '../../server/src/checker/navigation';
import { LspTestClient } from '../server/lspClient';

const TIMING = process.env.MCPDESC_NAVIGATION_TIMING === '1';
const MB = 1024 * 1024;

function countSymbols(symbols: Array<OutlineSymbol | DocumentSymbol>): number {
  let count = 0;
  for (const symbol of symbols) count += 1 + countSymbols(symbol.children ?? []);
  return count;
}

function millis(start: number): string {
  return `${(performance.now() - start).toFixed(1)} ms`;
}

describe('outline of a large document', () => {
  it('600 tools of 16 symbols each: the first 5,000 symbols, then a notice where the outline stops', () => {
    const tools = Array.from({ length: 600 }, (_, index) => ({
      name: `tool_${index}`,
      elicitations: ['a', 'b', 'c'].map((name) => ({ name, mode: 'url', message: name })),
      interactionExamples: Object.fromEntries(
        ['x', 'y'].map((example) => [
          example,
          { steps: Array.from({ length: 4 }, () => ({ type: 'elicitation', declaration: 'a' })) },
        ]),
      ),
    }));
    const document = checkDocument(JSON.stringify({ mcpdesc: '0.8.0', tools }));
    const result = outline(document);
    assert.equal(result.truncated, true);
    assert.equal(result.count, DEFAULT_OUTLINE_LIMIT);
    assert.equal(countSymbols(result.symbols), DEFAULT_OUTLINE_LIMIT + 1);
    // 312 whole tools are 4,992 symbols; then tool 312, "elicitations", a, b, c, "interactionExamples",
    // example x and its first step make 5,000: the notice is at x's second step.
    assert.equal(result.symbols.length, 313 + 1);
    const example = result.symbols[312].children[1].children[0];
    assert.equal(example.name, 'x');
    assert.deepEqual(
      example.children.map((step) => step.name),
      ['1. elicitation a'],
    );
    const notice = result.symbols[313];
    assert.equal(notice.kind, 'notice');
    const firstStep = example.children[0].range;
    assert.equal(notice.range.offset, firstStep.offset + firstStep.length + 1, 'right after the first step and its comma');
    assert.equal(notice.range.length, firstStep.length);
  });

  it(
    '10 MB: time of each feature in the pure layer and of documentSymbol over LSP',
    { skip: !TIMING && 'set MCPDESC_NAVIGATION_TIMING=1 to measure' },
    async (t) => {
      let start = performance.now();
      const { text } = generateMcpdesc(1, 10 * MB);
      t.diagnostic(`generated ${(text.length / MB).toFixed(1)} MB in ${millis(start)}`);
      start = performance.now();
      const document = checkDocument(text);
      t.diagnostic(`checkDocument: ${millis(start)}`);
      for (let round = 1; round <= 3; round++) {
        start = performance.now();
        const result = outline(document);
        const converted = result.symbols.map(function convert(symbol): unknown {
          return [
            document.lines.rangeOf(symbol.range.offset, symbol.range.length),
            document.lines.rangeOf(symbol.selection.offset, symbol.selection.length),
            symbol.children.map(convert),
          ];
        });
        t.diagnostic(
          `outline round ${round} (${result.count} symbols, positions included): ${millis(start)} (${converted.length} tools)`,
        );
      }
      const lastReference = text.lastIndexOf('"declaration": "') + '"declaration": "'.length + 1;
      for (const [name, feature] of [
        ['definition', () => definitionAt(document, lastReference)],
        ['references', () => referencesAt(document, lastReference, true)],
        ['hover', () => hoverAt(document, lastReference)],
        ['completion', () => completionAt(document, lastReference)],
      ] as const) {
        start = performance.now();
        assert.ok(feature(), name);
        t.diagnostic(`${name} at the last step: ${millis(start)}`);
      }

      const client = await LspTestClient.start({
        capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } },
        timeoutMs: 120_000,
      });
      try {
        const uri = 'file:///mcpdesc-test/navigation/large.mcpdesc.json';
        start = performance.now();
        await client.open(uri, text);
        await client.diagnosticsFor(uri, 1);
        t.diagnostic(`LSP: open to diagnostics: ${millis(start)}`);
        for (let round = 1; round <= 3; round++) {
          start = performance.now();
          const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
          t.diagnostic(`LSP documentSymbol round ${round} (${countSymbols(symbols)} symbols): ${millis(start)}`);
          assert.equal(countSymbols(symbols), DEFAULT_OUTLINE_LIMIT + 1);
        }
      } finally {
        await client.stop();
      }
    },
  );
});
