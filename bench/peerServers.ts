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
// Every shape of shapes.ts on the 1 MB and 10 MB JSON and the 1 MB YAML documents; the 7.5 MB YAML
// one (minutes with yaml-language-server) in the base shape, in a full run only.
//
// Part of `npm run bench` (run.ts). Alone:
// node out/bench/peerServers.js [--quick] [--seed=N] [--big-yaml] [--only=1mbjson|10mbjson|1mbyaml|7.5mbyaml] [--shapes=a,b] [--ours-only]
// (after npm run build)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SETTINGS, SETTINGS_SECTION } from '../shared/src/settings';
import { checkDocument } from '../server/src/checker';
import { benchText, shapedLabel, shapesFor, toggleOffset } from './benchTexts';
import { parseShapes, type ShapeName } from './shapes';
import { LspClient } from './lspClient';
import { MCPDESC_JSON_SCHEMA } from './mcpdescSchema';
import { peakRssMB, resetPeakRss, sleep, summarize } from './measure';
import { fmtRatio, markdownTable, type TargetResult } from './report';

type Format = 'json' | 'yaml';

interface PeerDocument {
  label: string;
  shape: ShapeName;
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
const OURS = 'mcpdesc-lsp';

function requirePath(specifier: string): string {
  return require.resolve(specifier);
}

function ourServer(serverPath: string): ServerUnderTest {
  return {
    name: OURS,
    script: serverPath,
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
  await client.request(
    'initialize',
    {
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
    },
    60_000,
  );
  client.notify('initialized', {});
  if (server.pushed) client.notify('workspace/didChangeConfiguration', { settings: server.pushed });
  await sleep(500);
  return client;
}

/**
 * The next publish for `uri`, of `version` when the server says which version it checked (ours
 * does; the peers publish only the newest version's diagnostics and say none).
 */
function nextPublish(
  client: LspClient,
  uri: string,
  version: number | undefined,
  timeoutMs: number,
): Promise<{ at: number; count: number }> {
  const matches = (params: { uri: string; version?: number }) =>
    params.uri === uri && (version === undefined || params.version === undefined || params.version === version);
  return client
    .waitFor(
      (n) => n.method === 'textDocument/publishDiagnostics' && matches(n.params as { uri: string; version?: number }),
      timeoutMs,
      `diagnostics for ${uri}`,
    )
    .then((n) => ({ at: n.at, count: (n.params as { diagnostics?: unknown[] }).diagnostics?.length ?? 0 }));
}

/** Where toggleOffset puts the one-character edit, as a position. */
function togglePosition(text: string, format: Format): { line: number; character: number } {
  const offset = toggleOffset(
    text,
    format,
    checkDocument(text, { format }).diagnostics.map((d) => d.data.offset),
  );
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
      document: shapedLabel(`${document.label} ${document.format.toUpperCase()}`, document.shape),
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

function documentsFor(seed: number, bigYaml: boolean, shapes: readonly ShapeName[]): PeerDocument[] {
  const documents: PeerDocument[] = [];
  for (const name of ['1 MB JSON', '10 MB JSON', '1 MB YAML'] as const) {
    for (const shape of shapesFor(name, shapes)) {
      const { text, format } = benchText(seed, name, shape);
      documents.push({ label: name.replace(/ (JSON|YAML)$/, ''), shape, format, text });
    }
  }
  if (bigYaml && shapes.includes('base')) {
    documents.push({ label: '7.5 MB', shape: 'base', format: 'yaml', text: benchText(seed, '7.5 MB YAML').text });
  }
  return documents;
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
      const versus = (value: number | undefined, own: number | undefined) =>
        isOurs || !ours ? '' : ` (ours ${ratio(own, value)})`;
      lines.push(
        `| ${document} | ${row.server} (${delays[row.server] ?? '?'}) | ${ms(row.openMedianMs)}${versus(row.openMedianMs, ours?.openMedianMs)} | ` +
          `${ms(row.editP50Ms)} / ${ms(row.editP95Ms)}${versus(row.editP50Ms, ours?.editP50Ms)} | ` +
          `${row.peakRssMB ?? '?'} MB${versus(row.peakRssMB, ours?.peakRssMB)} | ${row.countBroken} / ${row.countFixed} |`,
      );
    }
  }
  return lines.join('\n');
}

export interface PeerOptions {
  /** Our server (a copy of dist/server.js). */
  serverPath: string;
  seed: number;
  quick: boolean;
  /** Add the 7.5 MB YAML document (minutes: yaml-language-server takes seconds per edit there). */
  bigYaml: boolean;
  /** One document only: 1mbjson, 10mbjson, 1mbyaml or 7.5mbyaml (in each shape). */
  only?: string;
  /** Default: the base shape only. */
  shapes?: readonly ShapeName[];
  oursOnly?: boolean;
  log: (message: string) => void;
}

export interface PeerResult {
  rows: PeerRow[];
  /** How long each server waits after a change before validating. */
  delays: Record<string, string>;
  versions: Record<string, string>;
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(fs.readFileSync(requirePath(`${name}/package.json`), 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

export async function benchPeers(options: PeerOptions): Promise<PeerResult> {
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-peers-'));
  const schemaFile = path.join(scratchDir, 'mcpdesc.schema.json');
  fs.writeFileSync(schemaFile, JSON.stringify(MCPDESC_JSON_SCHEMA));
  const ours = ourServer(options.serverPath);
  const peers: Record<Format, ServerUnderTest> = { json: jsonLanguageServer(), yaml: yamlLanguageServer(schemaFile) };
  const delays = Object.fromEntries([ours, peers.json, peers.yaml].map((server) => [server.name, server.validationDelay]));
  const versions = { [peers.json.name]: packageVersion(peers.json.name), [peers.yaml.name]: packageVersion(peers.yaml.name) };
  const rows: PeerRow[] = [];
  try {
    for (const document of documentsFor(options.seed, options.bigYaml, options.shapes ?? ['base'])) {
      if (options.only && `${document.label} ${document.format}`.replace(/\s+/g, '').toLowerCase() !== options.only.toLowerCase())
        continue;
      for (const server of options.oursOnly ? [ours] : [ours, peers[document.format]]) {
        options.log(`  ${server.name}: ${shapedLabel(`${document.label} ${document.format}`, document.shape)} …`);
        const row = await session(server, document, scratchDir, options.quick);
        options.log(
          `    open ${ms(row.openMedianMs)}, edit p50 ${ms(row.editP50Ms)}, peak ${row.peakRssMB ?? '?'} MB, diagnostics ${row.countBroken}/${row.countFixed}`,
        );
        rows.push(row);
      }
    }
  } finally {
    fs.rmSync(scratchDir, { recursive: true, force: true });
  }
  return { rows, delays, versions };
}

export function renderPeers(result: PeerResult): string {
  const versions = Object.entries(result.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  return [
    `Side by side with the servers users would pick instead (${versions}), over stdio, each validating against bench/mcpdescSchema.ts; ours over theirs in parentheses (below 1× is better); the validation delay each server waits after a change is in its latencies`,
    peerTable(result.rows, result.delays),
  ].join('\n');
}

/** Issue 17: better than the peer on every row (open, edit p50, peak RSS), each server's edit toggling its diagnostics. */
export function peerTargets(result: PeerResult): TargetResult[] {
  const targets: TargetResult[] = [];
  for (const document of [...new Set(result.rows.map((row) => row.document))]) {
    const ours = result.rows.find((row) => row.document === document && row.server === OURS);
    const peer = result.rows.find((row) => row.document === document && row.server !== OURS);
    if (!ours || !peer) continue;
    const measures: Array<[string, number | undefined, number | undefined]> = [
      ['open', ours.openMedianMs, peer.openMedianMs],
      ['edit p50', ours.editP50Ms, peer.editP50Ms],
      ['peak RSS', ours.peakRssMB, peer.peakRssMB],
    ];
    for (const [measure, own, theirs] of measures) {
      const toggled = ours.countBroken !== ours.countFixed && peer.countBroken !== peer.countFixed;
      const target = `${measure} better than ${peer.server} (${document})`;
      targets.push(
        own === undefined || theirs === undefined
          ? { target, status: 'n/a', measured: 'peak RSS unavailable (no /proc)' }
          : {
              target,
              status: own < theirs && toggled ? 'pass' : 'miss',
              measured: `${fmtRatio(own / theirs)}${toggled ? '' : ' (an edit did not toggle the diagnostics)'}`,
            },
      );
    }
  }
  return targets;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const seedArg = args.find((arg) => arg.startsWith('--seed='));
  const result = await benchPeers({
    serverPath: path.join(path.resolve(__dirname, '..', '..'), 'dist', 'server.js'),
    seed: seedArg ? Number(seedArg.slice(7)) : 20260601,
    quick: args.includes('--quick'),
    bigYaml: args.includes('--big-yaml'),
    only: args.find((arg) => arg.startsWith('--only='))?.slice(7),
    shapes: parseShapes(args.find((arg) => arg.startsWith('--shapes='))?.slice('--shapes='.length)),
    oursOnly: args.includes('--ours-only'),
    log: (message) => process.stderr.write(`${message}\n`),
  });
  console.log(renderPeers(result));
  console.log(
    markdownTable(
      ['target', 'result', 'measured'],
      peerTargets(result).map((t) => [t.target, t.status, t.measured]),
      3,
    ),
  );
  console.log(JSON.stringify(result.rows));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
