// Hostile documents beside a small one, as a browser build's server meets them (issue 32): each
// hostile document's check was a single step a browser cannot interrupt (no watchdog there). Built
// by generators, never stored. The scenario runs against any LspSession, so the same code drives
// the bundle in a Node worker thread (hostileDocuments.test.ts) and in a page of a real Chromium
// (test-e2e/webWorker.ts): the hostile documents are opened, then the small one; what each got, and
// in which order, is observed. No Node module here.
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { LspSession } from './lspSession';

/** The whole-document rules on, as the official preset turns them on: the hostile steps are theirs. */
export const DOCUMENT_RULES_ON = { rules: { 'mcpdesc.document.schema': 'on', 'mcpdesc.document.semantics': 'on' } };

function toolDocument(tool: Record<string, unknown>): string {
  return JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name: 'hostile', version: '1.0.0' },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'stdio', command: 'hostile' }],
    tools: [tool],
  });
}

/** A tool input of `count` distinct objects against `uniqueItems` (709 KB at 60,000): ajv compares every pair. */
export function uniqueItemsDocument(count = 60_000): string {
  return toolDocument({
    name: 'many',
    inputSchema: { type: 'object', properties: { xs: { type: 'array', uniqueItems: true } } },
    interactionExamples: {
      big: { input: { xs: Array.from({ length: count }, (_, index) => ({ a: index })) }, result: { content: [] } },
    },
  });
}

/** A lookahead pattern on 36 characters: the native engine backtracks 2^35 ways. */
export function lookaheadDocument(): string {
  return toolDocument({
    name: 'look',
    inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)(a|a)*$' } } },
    interactionExamples: { one: { input: { s: `${'a'.repeat(35)}b` }, result: { content: [] } } },
  });
}

export const HOSTILE_DOCUMENTS: ReadonlyArray<{ name: string; build: () => string }> = [
  { name: 'unique-items', build: () => uniqueItemsDocument() },
  { name: 'lookahead', build: () => lookaheadDocument() },
];

export interface HostileObservations {
  /** The small document's diagnostics. */
  small: Diagnostic[];
  /** How many outline entries the small document's outline request got (asked right after it opened). */
  outline: number;
  /** Per hostile document, what it got. */
  hostile: Array<{ name: string; diagnostics: Diagnostic[]; ms: number }>;
  /** From the small document's didOpen to its diagnostics, and to its outline (for the report; never asserted). */
  smallMs: number;
  outlineMs: number;
  /** The server's log lines. */
  log: string[];
}

/**
 * Opens the hostile documents under `folder` (`prefix` names this run's), then the small one, and
 * observes what each gets, with how long it took (measured, for a report).
 */
export async function hostileBesideSmall(
  session: LspSession,
  folder: string,
  smallText: string,
  documents: ReadonlyArray<{ name: string; build: () => string }> = HOSTILE_DOCUMENTS,
  prefix = 'hostile',
): Promise<HostileObservations> {
  const hostileUris = documents.map(({ name }) => `${folder}/${prefix}/${name}.mcpdesc.json`);
  const opened: number[] = [];
  for (const [index, { build }] of documents.entries()) {
    const text = build();
    opened.push(performance.now());
    await session.open(hostileUris[index], 'json', text);
  }
  const smallUri = `${folder}/${prefix}/small.mcpdesc.json`;
  const smallOpened = performance.now();
  await session.open(smallUri, 'json', smallText);
  let outlineMs = 0;
  const outline = session
    .request<unknown[] | null>('textDocument/documentSymbol', { textDocument: { uri: smallUri } })
    .then((answer) => {
      outlineMs = performance.now() - smallOpened;
      return answer;
    });
  const small = await session.diagnostics(smallUri);
  const smallMs = performance.now() - smallOpened;
  const hostile: HostileObservations['hostile'] = [];
  for (const [index, { name }] of documents.entries()) {
    const diagnostics = await session.diagnostics(hostileUris[index]);
    hostile.push({ name, diagnostics, ms: publishedAt(session, hostileUris[index]) - opened[index] });
  }
  return { small, outline: (await outline)?.length ?? 0, hostile, smallMs, outlineMs, log: [...session.logMessages] };
}

/** When the session received the last publish for `uri` (performance.now()), or now. */
function publishedAt(session: LspSession, uri: string): number {
  return session.publishedAt.get(uri) ?? performance.now();
}

/** The notice of a check the server ended (lsp/unfinishedCheck.ts), as a test recognizes it. */
export function isUnfinishedNotice(diagnostic: Diagnostic): boolean {
  return (
    diagnostic.code === 'mcpdesc.checker' &&
    (diagnostic.data as { violation?: unknown } | undefined)?.violation === 'skipped' &&
    String(diagnostic.message).startsWith("This document's check did not finish")
  );
}

/**
 * What a hostile document may end with: the one notice that its check did not finish, or its own
 * bounded result (a checker that bounds the step itself), never nothing. Returns what is wrong, if anything.
 */
export function hostileOutcomeProblem(final: Diagnostic[]): string | undefined {
  if (final.some(isUnfinishedNotice)) return final.length === 1 ? undefined : 'the notice and other diagnostics';
  return final.length > 0 ? undefined : 'no diagnostic at all (a hostile document is no clean one)';
}
