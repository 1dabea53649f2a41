// Side by side with the servers users would pick instead, on the same documents over stdio:
// vscode-json-languageserver (JSON, validating against the benchmark's mcpdesc JSON Schema) and
// yaml-language-server (YAML, the same schema), against our dist/server.js. One driver for all of
// them: open latency (didOpen → first publishDiagnostics), edit latency (a one-character edit that
// makes or fixes an invalid `action` → the next publish), peak RSS (VmHWM, reset per document).
//
// Both peers wait before validating (vscode-json-languageserver 300 ms, yaml-language-server
// 200 ms after the last change; ours 25–150 ms depending on how long its last check took): that is
// what their users wait too, so it is in the latencies; the report prints the delays next to them.
//
// Usage: node out/bench/peerServers.js [--quick] [--seed=N] [--big-yaml] [--only=1mbjson|10mbjson|1mbyaml|7.5mbyaml] [--ours-only]
// (after npm run build)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SETTINGS, SETTINGS_SECTION } from '../shared/src/settings';
import { checkDocument } from '../server/src/checker';
import { generateMcpdesc } from './generate';
import { LspClient } from './lspClient';
import { MCPDESC_JSON_SCHEMA } from './mcpdescSchema';
import { peakRssMB, resetPeakRss, sleep, summarize } from './measure';

type Format = 'json' | 'yaml';

interface PeerDocument {
  label: string;
  format: Format;
  text: string;
}

interface ServerUnderTest {
  name: string;
  script: string;
  /** Milliseconds the server waits after a change before it validates. */
  validationDelay: string;
  /** The answer to workspace/configuration for one section. */
  section: (name: string | undefined) => unknown;
  /** Sent as didChangeConfiguration after `initialized` (servers that are pushed settings). */
  pushed?: unknown;
}

export interface PeerRow {
  server: string;
  document: string;
  bytes: number;
  openMedianMs: number;
  editP50Ms: number;
  editP95Ms: number;
  peakRssMB: number | undefined;
  /** Diagnostics published with the violation made, and with it fixed (they must differ). */
  countBroken: number;
  countFixed: number;
}

const OPEN_TIMEOUT_MS = 300_000;

function requirePath(specifier: string): string {
  return require.resolve(specifier);
}

function ourServer(repoRoot: string): ServerUnderTest {
  return {
    name: 'mcpdesc-lsp',
    script: path.join(repoRoot, 'dist', 'server.js'),
    validationDelay: '25–150 ms',
    section: (name) => (name === SETTINGS_SECTION ? DEFAULT_SETTINGS : null),
  };
}

function jsonLanguageServer(): ServerUnderTest {
  return {
    name: 'vscode-json-languageserver',
    script: requirePath('vscode-json-languageserver/out/node/jsonServerMain'),
    validationDelay: '300 ms',
    section: () => null,
    pushed: { json: { schemas: [{ fileMatch: ['*.mcpdesc.json'], schema: MCPDESC_JSON_SCHEMA }] } },
  };
}

function yamlLanguageServer(schemaFile: string): ServerUnderTest {
  const yaml = {
    validate: true,
    hover: false,
    completion: false,
    format: { enable: false },
    schemaStore: { enable: false },
    kubernetesCRDStore: { enable: false },
    schemas: { [pathToFileURL(schemaFile).href]: '*.mcpdesc.yaml' },
  };
  return {
    name: 'yaml-language-server',
    script: requirePath('yaml-language-server/out/server/src/server.js'),
    validationDelay: '200 ms',
    section: (name) => (name === 'yaml' ? yaml : null),
    pushed: { yaml },
  };
}

async function start(server: ServerUnderTest, rootDir: string): Promise<LspClient> {
  const client = new LspClient(server.script, ['--stdio']);
  client.onRequest('workspace/configuration', (params) => {
    const items = (params as { items?: Array<{ section?: string }> }).items ?? [];
    return items.map((item) => server.section(item.section) ?? null);
  });
  client.onRequest('workspace/workspaceFolders', () => [{ uri: pathToFileURL(rootDir).href, name: 'bench' }]);
  await client.request('initialize', {
    processId: process.pid,
    clientInfo: { name: 'mcpdesc-bench' },
    rootUri: pathToFileURL(rootDir).href,
    workspaceFolders: [{ uri: pathToFileURL(rootDir).href, name: 'bench' }],
    initializationOptions: { provideFormatter: false, handledSchemaProtocols: ['file'] },
    capabilities: {
      textDocument: {
        synchronization: { dynamicRegistration: false, didSave: true },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
      },
      workspace: { configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true } },
    },
  }, 60_000);
  client.notify('initialized', {});
  if (server.pushed) client.notify('workspace/didChangeConfiguration', { settings: server.pushed });
  await sleep(500);
  return client;
}

/**
 * The next publish for `uri`, of `version` when the server says which version it checked (ours
 * does; the peers publish only the newest version's diagnostics and say none).
 */
function nextPublish(client: LspClient, uri: string, version: number | undefined, timeoutMs: number): Promise<{ at: number; count: number }> {
  const matches = (params: { uri: string; version?: number }) =>
    params.uri === uri && (version === undefined || params.version === undefined || params.version === version);
  return client
    .waitFor((n) => n.method === 'textDocument/publishDiagnostics' && matches(n.params as { uri: string; version?: number }), timeoutMs, `diagnostics for ${uri}`)
    .then((n) => ({ at: n.at, count: (n.params as { diagnostics?: unknown[] }).diagnostics?.length ?? 0 }));
}

/** Characters between the edit and any diagnostic of the document, so that the edit adds one and removes none. */
const CLEARANCE = 4000;

/**
 * Where one inserted character turns an accepted response's action into an invalid one: right after
 * `accept`, from the middle of the document on, away from its other problems (see CLEARANCE).
 */
function togglePosition(text: string, format: Format): { line: number; character: number } {
  const needle = format === 'json' ? '"action": "accept' : 'action: accept';
  const problems = checkDocument(text, { format }).diagnostics.map((d) => d.data.offset);
  const isClear = (at: number) => problems.every((offset) => Math.abs(offset - at) > CLEARANCE);
  let index = -1;
  for (let at = text.indexOf(needle, Math.floor(text.length / 2)); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (isClear(at)) { index = at; break; }
  }
  if (index === -1) index = text.indexOf(needle);
  if (index === -1) throw new Error('document has no accepted elicitation response to edit');
  const offset = index + needle.length;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < lineStart; i = text.indexOf('\n', i + 1)) line++;
  return { line, character: offset - lineStart };
}

async function session(server: ServerUnderTest, document: PeerDocument, scratchDir: string, quick: boolean): Promise<PeerRow> {
  const client = await start(server, scratchDir);
  try {
    const canReset = resetPeakRss(client.pid);
    const bytes = Buffer.byteLength(document.text);
    const big = bytes > 3_000_000;
    const opens = quick || big ? 2 : 3;
    const edits = quick || big ? 6 : 20;
    const languageId = document.format;
    const extension = document.format === 'json' ? 'json' : 'yaml';
    const openSamples: number[] = [];
    for (let run = 0; run < opens; run++) {
      const uri = pathToFileURL(path.join(scratchDir, `open-${run}.mcpdesc.${extension}`)).href;
      const published = nextPublish(client, uri, 1, OPEN_TIMEOUT_MS);
      const sent = performance.now();
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text: document.text } });
      openSamples.push((await published).at - sent);
      const cleared = nextPublish(client, uri, undefined, 5_000).catch(() => undefined);
      client.notify('textDocument/didClose', { textDocument: { uri } });
      await cleared;
      await sleep(100);
    }
    const uri = pathToFileURL(path.join(scratchDir, `edit.mcpdesc.${extension}`)).href;
    const opened = nextPublish(client, uri, 1, OPEN_TIMEOUT_MS);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text: document.text } });
    await opened;
    const position = togglePosition(document.text, document.format);
    const latencies: number[] = [];
    const counts = { broken: -1, fixed: -1 };
    for (let i = 0; i < edits; i++) {
      const broken = i % 2 === 0;
      const change = broken
        ? { range: { start: position, end: position }, text: 'x' }
        : { range: { start: position, end: { line: position.line, character: position.character + 1 } }, text: '' };
      const published = nextPublish(client, uri, i + 2, OPEN_TIMEOUT_MS);
      const sent = performance.now();
      client.notify('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [change] });
      const publish = await published;
      latencies.push(publish.at - sent);
      counts[broken ? 'broken' : 'fixed'] = publish.count;
      await sleep(50);
    }
    const editSummary = summarize(latencies);
    return {
      server: server.name,
      document: `${document.label} ${document.format.toUpperCase()}`,
      bytes,
      openMedianMs: summarize(openSamples).median,
      editP50Ms: editSummary.median,
      editP95Ms: editSummary.p95,
      peakRssMB: canReset ? peakRssMB(client.pid) : undefined,
      countBroken: counts.broken,
      countFixed: counts.fixed,
    };
  } finally {
    await client.stop();
  }
}

function documentsFor(seed: number, bigYaml: boolean): PeerDocument[] {
  // The seeds of run.ts's documents of these sizes (it adds 1000 per size), so the texts are the same.
  const sizes: Array<{ label: string; bytes: number; format: Format; seed: number }> = [
    { label: '1 MB', bytes: 1024 * 1024, format: 'json', seed: seed + 1000 },
    { label: '10 MB', bytes: 10 * 1024 * 1024, format: 'json', seed: seed + 2000 },
    { label: '1 MB', bytes: 1024 * 1024, format: 'yaml', seed: seed + 3000 },
  ];
  if (bigYaml) sizes.push({ label: '7.5 MB', bytes: 7.5 * 1024 * 1024, format: 'yaml', seed: seed + 2000 });
  return sizes.map(({ label, bytes, format, seed: documentSeed }) => ({ label, format, text: generateMcpdesc(documentSeed, bytes, { format }).text }));
}

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

function ratio(ours: number | undefined, theirs: number | undefined): string {
  return ours === undefined || theirs === undefined || theirs === 0 ? '?' : `${(ours / theirs).toFixed(2)}×`;
}

/** The table: each peer's row, and ours as a ratio to it (below 1× is better). */
export function peerTable(rows: PeerRow[], delays: Record<string, string>): string {
  const lines = [
    '| document | server (validation delay) | open | edit p50 / p95 | peak RSS | diagnostics broken / fixed |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const document of [...new Set(rows.map((row) => row.document))]) {
    const ours = rows.find((row) => row.document === document && row.server === 'mcpdesc-lsp');
    for (const row of rows.filter((r) => r.document === document)) {
      const isOurs = row === ours;
      const versus = (value: number | undefined, own: number | undefined) => (isOurs || !ours ? '' : ` (ours ${ratio(own, value)})`);
      lines.push(
        `| ${document} | ${row.server} (${delays[row.server] ?? '?'}) | ${ms(row.openMedianMs)}${versus(row.openMedianMs, ours?.openMedianMs)} | ` +
          `${ms(row.editP50Ms)} / ${ms(row.editP95Ms)}${versus(row.editP50Ms, ours?.editP50Ms)} | ` +
          `${row.peakRssMB ?? '?'} MB${versus(row.peakRssMB, ours?.peakRssMB)} | ${row.countBroken} / ${row.countFixed} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const seedArg = args.find((arg) => arg.startsWith('--seed='));
  const seed = seedArg ? Number(seedArg.slice(7)) : 20260601;
  const repoRoot = path.resolve(__dirname, '..', '..');
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-peers-'));
  const schemaFile = path.join(scratchDir, 'mcpdesc.schema.json');
  fs.writeFileSync(schemaFile, JSON.stringify(MCPDESC_JSON_SCHEMA));
  const ours = ourServer(repoRoot);
  const peers: Record<Format, ServerUnderTest> = { json: jsonLanguageServer(), yaml: yamlLanguageServer(schemaFile) };
  const delays = Object.fromEntries([ours, peers.json, peers.yaml].map((server) => [server.name, server.validationDelay]));
  const rows: PeerRow[] = [];
  try {
    const only = args.find((arg) => arg.startsWith('--only='))?.slice(7);
    for (const document of documentsFor(seed, args.includes('--big-yaml'))) {
      if (only && `${document.label} ${document.format}`.replace(/\s+/g, '').toLowerCase() !== only.toLowerCase()) continue;
      for (const server of args.includes('--ours-only') ? [ours] : [ours, peers[document.format]]) {
        process.stderr.write(`${server.name}: ${document.label} ${document.format} …\n`);
        const row = await session(server, document, scratchDir, quick);
        process.stderr.write(`  open ${ms(row.openMedianMs)}, edit p50 ${ms(row.editP50Ms)}, peak ${row.peakRssMB ?? '?'} MB, diagnostics ${row.countBroken}/${row.countFixed}\n`);
        rows.push(row);
      }
    }
  } finally {
    fs.rmSync(scratchDir, { recursive: true, force: true });
  }
  console.log(peerTable(rows, delays));
  console.log(JSON.stringify(rows));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
