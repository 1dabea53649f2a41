// Completion and hover from the format's schema (issue 35), as the server answers them: the whole
// request (answerNavigation: every completion source, the items in LSP positions) on a checked
// document (the check is cached; what a request costs is the walk to the cursor and the schema's
// reading). Beside them, the requests that walk the whole document: document links (every
// `$componentRef`), and a file's workspace symbols (what a closed file's check adds for them). On a ~265 KB document shaped like the format's public examples (the size of the largest
// real server description; target: 50 ms) and on the 10 MB JSON and 7.5 MB YAML benchmark documents
// (target: the keystroke budget the edits row uses, ≤ 0.05× the library's parse of the whole text),
// interleaved with that parse as the baseline. On JSON, vscode-json-languageservice's doComplete and
// doHover at the same place against the same structural schema (bench/mcpdescSchema.ts) beside it, on
// its own parse (its server caches it per version as ours caches the check).
import { parseTree } from 'jsonc-parser';
import { parseDocument } from 'yaml';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { checkDocument, type CheckResult } from '../server/src/checker';
import { keyNodeOf, memberOf, propertyOf } from '../server/src/checker/syntax/tree';
import { fileSymbols, schemaCompletionAt } from '../server/src/checker/navigation';
import { answerNavigation, type NavigationRequest } from '../server/src/lsp/navigationHandlers';
import { benchText } from './benchTexts';
import { generateMcpdesc } from './generate';
import { MCPDESC_JSON_SCHEMA } from './mcpdescSchema';
import { interleave, summarize, type Contender } from './measure';
import { markdownTable } from './report';
import type { TargetResult } from './report';

export interface NavigationRow {
  document: string;
  bytes: number;
  parseMs: number;
  completionMs: number;
  hoverMs: number;
  completionItems: number;
  linksMs: number;
  links: number;
  symbolsMs: number;
  symbols: number;
  jsonLsCompletionMs?: number;
  jsonLsHoverMs?: number;
}

const jsonLs = getLanguageService({});
jsonLs.configure({
  validate: false,
  schemas: [{ uri: String(MCPDESC_JSON_SCHEMA.$id), fileMatch: ['*.json'], schema: MCPDESC_JSON_SCHEMA }],
});

/** The `inputSchema` key of the root's tool in the middle of `tools` (a sampling step's `tools` is not one): two characters into it. */
function cursorIn(checked: CheckResult): number {
  const tools = memberOf(checked.roots[0], 'tools');
  const middle = tools?.type === 'array' ? tools.items[Math.floor(tools.items.length / 2)] : undefined;
  const key = keyNodeOf(propertyOf(middle, 'inputSchema'));
  if (!key) throw new Error('no inputSchema in the middle tool');
  return key.offset + 2;
}

async function measureDocument(label: string, text: string, format: 'json' | 'yaml', quick: boolean): Promise<NavigationRow> {
  const checked = checkDocument(text, { format });
  const offset = cursorIn(checked);
  const items = schemaCompletionAt(checked, offset)?.length ?? 0;
  const textDocument = { uri: `file:///bench/navigation.mcpdesc.${format}` };
  const params = { textDocument, position: checked.lines.positionAt(offset) };
  const completion: NavigationRequest = { feature: 'completion', params, labelDetails: true, snippets: true };
  const hover: NavigationRequest = { feature: 'hover', params };
  const links: NavigationRequest = { feature: 'documentLink', params: { textDocument } };
  const contenders: Contender[] = [
    { name: 'parse', run: () => (format === 'json' ? parseTree(text) : parseDocument(text)) },
    { name: 'completion', run: () => answerNavigation(completion, checked) },
    { name: 'hover', run: () => answerNavigation(hover, checked) },
    { name: 'links', run: () => answerNavigation(links, checked) },
    { name: 'symbols', run: () => fileSymbols(checked) },
  ];
  if (format === 'json') {
    const document = TextDocument.create('file:///bench/navigation.mcpdesc.json', 'json', 1, text);
    const parsed = jsonLs.parseJSONDocument(document);
    const position = document.positionAt(offset);
    contenders.push(
      { name: 'jsonLs completion', run: () => jsonLs.doComplete(document, position, parsed) },
      { name: 'jsonLs hover', run: () => jsonLs.doHover(document, position, parsed) },
    );
  }
  const big = text.length > 1_000_000;
  const times = await interleave(contenders, {
    rounds: quick ? 5 : 15,
    batch: big ? 1 : 5,
    collectGarbage: big,
  });
  const median = (name: string) => summarize(times.get(name)!.wall).median;
  const row: NavigationRow = {
    document: label,
    bytes: text.length,
    parseMs: median('parse'),
    completionMs: median('completion'),
    hoverMs: median('hover'),
    completionItems: items,
    linksMs: median('links'),
    links: (answerNavigation(links, checked) as unknown[]).length,
    symbolsMs: median('symbols'),
    symbols: fileSymbols(checked).length,
  };
  if (format === 'json') {
    row.jsonLsCompletionMs = median('jsonLs completion');
    row.jsonLsHoverMs = median('jsonLs hover');
  }
  return row;
}

export async function benchNavigation(seed: number, quick: boolean, log: (message: string) => void): Promise<NavigationRow[]> {
  const rows: NavigationRow[] = [];
  for (const format of ['json', 'yaml'] as const) {
    const { text } = generateMcpdesc(seed, 265_000, { format, shape: 'spec-like' });
    log(`navigation: 265 KB ${format}`);
    rows.push(await measureDocument(`265 KB ${format.toUpperCase()} (spec-like)`, text, format, quick));
  }
  for (const name of ['10 MB JSON', '7.5 MB YAML'] as const) {
    log(`navigation: ${name}`);
    const { text, format } = benchText(seed, name);
    rows.push(await measureDocument(name, text, format, quick));
  }
  return rows;
}

const ms = (value: number) => value.toFixed(3);
const ratio = (value: number, base: number) => `${(value / base).toFixed(4)}×`;

export function renderNavigation(rows: readonly NavigationRow[]): string {
  return markdownTable(
    [
      'document',
      'parse (baseline) ms',
      'completion ms',
      'completion / parse',
      'hover ms',
      'hover / parse',
      'items',
      'json-ls completion / parse',
      'json-ls hover / parse',
      'document links ms (count)',
      'links / parse',
      'file symbols ms (count)',
      'symbols / parse',
    ],
    rows.map((row) => [
      row.document,
      ms(row.parseMs),
      ms(row.completionMs),
      ratio(row.completionMs, row.parseMs),
      ms(row.hoverMs),
      ratio(row.hoverMs, row.parseMs),
      String(row.completionItems),
      row.jsonLsCompletionMs === undefined ? '—' : ratio(row.jsonLsCompletionMs, row.parseMs),
      row.jsonLsHoverMs === undefined ? '—' : ratio(row.jsonLsHoverMs, row.parseMs),
      `${ms(row.linksMs)} (${row.links})`,
      ratio(row.linksMs, row.parseMs),
      `${ms(row.symbolsMs)} (${row.symbols})`,
      ratio(row.symbolsMs, row.parseMs),
    ]),
    1,
  );
}

export function navigationTargets(rows: readonly NavigationRow[]): TargetResult[] {
  return rows.flatMap((row) => [requestTarget(row), wholeDocumentTarget(row)]);
}

/**
 * Document links and a file's symbols walk the whole document, once per edit (links) or per check
 * of a closed file (symbols): at most a tenth of the library's parse of the same text, which the
 * check that comes before them costs several times over.
 */
function wholeDocumentTarget(row: NavigationRow): TargetResult {
  const worst = Math.max(row.linksMs, row.symbolsMs);
  return {
    target: `document links and file symbols ≤ 0.1× the parse on the ${row.document}`,
    status: worst <= 0.1 * row.parseMs ? 'pass' : 'miss',
    measured: ratio(worst, row.parseMs),
  };
}

function requestTarget(row: NavigationRow): TargetResult {
  const small = row.bytes < 1_000_000;
  const worst = Math.max(row.completionMs, row.hoverMs);
  const pass = small ? worst <= 50 : worst <= 0.05 * row.parseMs;
  return {
    target: small
      ? `completion and hover ≤ 50 ms on the ${row.document}`
      : `completion and hover ≤ 0.05× the parse on the ${row.document}`,
    status: pass ? 'pass' : 'miss',
    measured: small ? `${ms(worst)} ms` : ratio(worst, row.parseMs),
  };
}

async function main(): Promise<void> {
  const seedArg = process.argv.find((arg) => arg.startsWith('--seed='));
  const rows = await benchNavigation(
    seedArg ? Number(seedArg.slice('--seed='.length)) : 20260601,
    process.argv.includes('--quick'),
    (message) => process.stderr.write(`${message}\n`),
  );
  console.log(renderNavigation(rows));
  console.log(
    markdownTable(
      ['target', 'result', 'measured'],
      navigationTargets(rows).map((t) => [t.target, t.status, t.measured]),
      3,
    ),
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
