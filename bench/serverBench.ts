// Phase 3: the real built server (dist/server.js) over stdio, as an editor drives it: open latency,
// edit latency, a burst of edits, and a workspace scan with typing during it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SETTINGS, SETTINGS_SECTION, type McpdescSettings } from '../shared/src/settings';
import { ELICITATION_RULE_ID } from '../shared/src/rules';
import { type IncomingNotification, LspClient } from './lspClient';
import { summarizeCpuProfile, type ProfileSummary } from './cpuProfile';
import { peakRssMB, processCpuMs, resetPeakRss, sleep, summarize, type Summary } from './measure';
import { expectedDocuments, type WorkspaceManifest } from './workspace';
import { toggleChange, togglePoint, type TogglePoint } from './togglePoint';

export interface ServerDocument {
  label: string;
  text: string;
  /** Default json. */
  format?: 'json' | 'yaml';
  /** Offsets of the document's diagnostics (from the checker), so the edits go where nothing else is wrong. */
  diagnosticOffsets?: number[];
}

interface Publish {
  uri: string;
  /** The file path the URI names (decoded), for comparing URIs however a server encodes them. */
  filePath: string;
  version: number | undefined;
  count: number;
  /** Diagnostics of the rule the generator seeds violations of (the other rule finds what it finds). */
  seededRuleCount: number;
  at: number;
}

/** Follows every publishDiagnostics of one server. */
class DiagnosticsTracker {
  readonly all: Publish[] = [];

  constructor(private readonly client: LspClient) {
    client.onNotification((n) => {
      if (n.method === 'textDocument/publishDiagnostics') this.all.push(toPublish(n));
    });
  }

  /** Resolves with the first publish for `uri` at `version` (or any version, if the server sends none). */
  waitFor(uri: string, version: number, timeoutMs: number): Promise<Publish> {
    const filePath = uriToPath(uri);
    return this.client
      .waitFor(
        (n: IncomingNotification) => {
          if (n.method !== 'textDocument/publishDiagnostics') return false;
          const params = n.params as { uri: string; version?: number };
          return uriToPath(params.uri) === filePath && (params.version === undefined || params.version === version);
        },
        timeoutMs,
        `diagnostics for ${path.basename(filePath)} v${version}`,
      )
      .then(toPublish);
  }
}

function toPublish(n: IncomingNotification): Publish {
  const params = n.params as { uri: string; version?: number; diagnostics?: Array<{ code?: unknown }> };
  const diagnostics = params.diagnostics ?? [];
  const seededRuleCount = diagnostics.filter((diagnostic) => diagnostic.code === ELICITATION_RULE_ID).length;
  return {
    uri: params.uri,
    filePath: uriToPath(params.uri),
    version: params.version,
    count: diagnostics.length,
    seededRuleCount,
    at: n.at,
  };
}

function uriToPath(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

function fileUri(filePath: string): string {
  return pathToFileURL(filePath).href;
}

/** `env`: set for the server (MCPDESC_CHECK_WORKERS, …); `settings`: what the client answers for the extension's section. */
export async function startServer(
  serverPath: string,
  folders: string[] | null,
  profileDir?: string,
  env: Record<string, string> = {},
  settings: McpdescSettings = DEFAULT_SETTINGS,
): Promise<{ client: LspClient; tracker: DiagnosticsTracker; startedAt: number; initializedAt: number }> {
  const startedAt = performance.now();
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const client = new LspClient(serverPath, ['--stdio'], profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [], env);
  const tracker = new DiagnosticsTracker(client);
  const workspaceFolders = folders?.map((folder) => ({ uri: fileUri(folder), name: path.basename(folder) })) ?? null;
  client.onRequest('workspace/configuration', (params) => {
    const items = (params as { items?: Array<{ section?: string }> }).items ?? [];
    return items.map(
      (item) =>
        (item.section === SETTINGS_SECTION ? settings : item.section?.startsWith(`${SETTINGS_SECTION}.`) ? undefined : null) ??
        null,
    );
  });
  client.onRequest('workspace/workspaceFolders', () => workspaceFolders);
  await client.request('initialize', {
    processId: process.pid,
    clientInfo: { name: 'mcpdesc-bench' },
    rootUri: workspaceFolders?.[0]?.uri ?? null,
    workspaceFolders,
    capabilities: {
      textDocument: {
        synchronization: { dynamicRegistration: false, didSave: true },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
        codeAction: {
          codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
          isPreferredSupport: true,
        },
      },
      workspace: {
        configuration: true,
        workspaceFolders: true,
        didChangeWatchedFiles: { dynamicRegistration: true },
        didChangeConfiguration: { dynamicRegistration: true },
        workspaceEdit: { documentChanges: true },
      },
      window: { workDoneProgress: true },
    },
  });
  client.notify('initialized', {});
  return { client, tracker, startedAt, initializedAt: performance.now() };
}

// ---------------------------------------------------------------------------------------------
// Open, edit and burst on single documents

export interface OpenLatency {
  label: string;
  bytes: number;
  samplesMs: number[];
  medianMs: number;
}

export interface EditLatency {
  label: string;
  edits: number;
  p50Ms: number;
  p95Ms: number;
  /** Diagnostics counts seen: with the violation made, and with it fixed. */
  countsBroken: number[];
  countsFixed: number[];
}

export interface BurstResult {
  label: string;
  edits: number;
  spacingMs: number;
  /** From sending the last edit to the final version's diagnostics. */
  finalAfterLastEditMs: number;
  finalAfterFirstEditMs: number;
  /** Publishes of intermediate versions during the burst (a throttling server may publish some while the burst goes on). */
  intermediatePublishes: number;
  /**
   * Publishes of older versions that arrived after the last edit had been sent: checks of outdated
   * text the server ran after the burst instead of dropping them (a queue). One may be in flight.
   */
  stalePublishes: number;
  /** Publishes of older versions that arrived after the final version's (out of order). */
  publishesAfterFinal: number;
  publishedVersions: number[];
  finalCountAsExpected: boolean;
}

export interface DocumentSessionResult {
  open: OpenLatency[];
  edit: EditLatency[];
  burst: BurstResult[];
  /** Peak RSS of the whole session (all documents). */
  peakRssMB?: number;
  /** Peak RSS while each document was opened, edited and closed (VmHWM reset before each). */
  peakRssByDocumentMB: Record<string, number>;
  /** With --profile-server: where the server's time went over the session (timings are then inflated). */
  profile?: ProfileSummary;
}

export interface DocumentSessionOptions {
  serverPath: string;
  /** Run the server under --cpu-prof, writing the profile here. */
  profileDir?: string;
  /** For naming files in the profile summary. */
  repoRoot: string;
  /** Where the (never written) files of the open documents are said to live. */
  scratchDir: string;
  documents: ServerDocument[];
  quick: boolean;
  log: (message: string) => void;
}

export async function benchDocuments(options: DocumentSessionOptions): Promise<DocumentSessionResult> {
  const { client, tracker } = await startServer(options.serverPath, null, options.profileDir);
  const result: DocumentSessionResult = { open: [], edit: [], burst: [], peakRssByDocumentMB: {} };
  const profilesBefore = profilesIn(options.profileDir);
  try {
    for (const document of options.documents) {
      await sleep(200);
      const canResetRss = resetPeakRss(client.pid);
      const bytes = Buffer.byteLength(document.text);
      const big = bytes > 3_000_000;
      const format = document.format ?? 'json';
      const extension = format === 'yaml' ? 'yaml' : 'json';
      const openRuns = options.quick ? (big ? 2 : 3) : big ? 3 : bytes > 200_000 ? 5 : 10;
      const samples: number[] = [];
      for (let run = 0; run < openRuns; run++) {
        const uri = fileUri(path.join(options.scratchDir, `open-${slug(document.label)}-${run}.mcpdesc.${extension}`));
        const sent = performance.now();
        const published = tracker.waitFor(uri, 1, 120_000);
        client.notify('textDocument/didOpen', { textDocument: { uri, languageId: format, version: 1, text: document.text } });
        samples.push((await published).at - sent);
        client.notify('textDocument/didClose', { textDocument: { uri } });
        await sleep(50);
      }
      result.open.push({ label: document.label, bytes, samplesMs: samples, medianMs: summarize(samples).median });
      options.log(`  open ${document.label}: median ${summarize(samples).median.toFixed(1)} ms over ${openRuns}`);

      // One open document takes the edits and then the burst.
      const uri = fileUri(path.join(options.scratchDir, `edit-${slug(document.label)}.mcpdesc.${extension}`));
      const point = togglePoint(document.text, document.diagnosticOffsets, format);
      let version = 1;
      const opened = tracker.waitFor(uri, 1, 120_000);
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: format, version, text: document.text } });
      await opened;
      let broken = false;
      const editCount = options.quick ? 10 : 50;
      const latencies: number[] = [];
      const countsBroken: number[] = [];
      const countsFixed: number[] = [];
      for (let i = 0; i < editCount; i++) {
        version++;
        broken = !broken;
        const published = tracker.waitFor(uri, version, 120_000);
        const sent = performance.now();
        client.notify('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [toggleChange(point, broken)],
        });
        const publish = await published;
        latencies.push(publish.at - sent);
        (broken ? countsBroken : countsFixed).push(publish.count);
        await sleep(10);
      }
      const editSummary = summarize(latencies);
      result.edit.push({
        label: document.label,
        edits: editCount,
        p50Ms: editSummary.median,
        p95Ms: editSummary.p95,
        countsBroken: [...new Set(countsBroken)],
        countsFixed: [...new Set(countsFixed)],
      });
      options.log(`  edit ${document.label}: p50 ${editSummary.median.toFixed(1)} ms, p95 ${editSummary.p95.toFixed(1)} ms`);

      const burst = await runBurst(client, tracker, uri, point, version, broken, countsBroken[0], countsFixed[0], document.label);
      version = burst.lastVersion;
      result.burst.push(burst.result);
      options.log(
        `  burst ${document.label}: final ${burst.result.finalAfterLastEditMs.toFixed(1)} ms after the last edit, ${burst.result.stalePublishes} stale publish(es)`,
      );
      client.notify('textDocument/didClose', { textDocument: { uri } });
      await sleep(100);
      const peak = peakRssMB(client.pid);
      if (canResetRss && peak !== undefined) result.peakRssByDocumentMB[document.label] = peak;
    }
    if (!Object.keys(result.peakRssByDocumentMB).length) result.peakRssMB = peakRssMB(client.pid);
    else result.peakRssMB = Math.max(...Object.values(result.peakRssByDocumentMB));
  } finally {
    await client.stop();
  }
  result.profile = collectServerProfile(options.profileDir, profilesBefore, options.repoRoot);
  return result;
}

async function runBurst(
  client: LspClient,
  tracker: DiagnosticsTracker,
  uri: string,
  point: TogglePoint,
  startVersion: number,
  startBroken: boolean,
  countBroken: number | undefined,
  countFixed: number | undefined,
  label: string,
): Promise<{ result: BurstResult; lastVersion: number }> {
  const edits = 10;
  const spacingMs = 30;
  const filePath = uriToPath(uri);
  const sentAt = new Map<number, number>();
  let version = startVersion;
  let broken = startBroken;
  const seenFrom = tracker.all.length;
  const finalVersion = startVersion + edits;
  const finalPublished = tracker.waitFor(uri, finalVersion, 120_000);
  const firstSent = performance.now();
  for (let i = 0; i < edits; i++) {
    const due = firstSent + i * spacingMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    version++;
    broken = !broken;
    sentAt.set(version, performance.now());
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [toggleChange(point, broken)] });
  }
  const lastSent = sentAt.get(finalVersion)!;
  const final = await finalPublished;
  // Anything still on its way (a stale check finishing late) shows up in this grace period.
  await sleep(Math.max(300, final.at - lastSent));
  const during = tracker.all.slice(seenFrom).filter((p) => p.filePath === filePath);
  const intermediate = during.filter((p) => p.version !== undefined && p.version > startVersion && p.version < finalVersion);
  const stale = intermediate.filter((p) => p.at > lastSent);
  const afterFinal = intermediate.filter((p) => p.at > final.at);
  const expectedCount = broken ? countBroken : countFixed;
  return {
    lastVersion: version,
    result: {
      label,
      edits,
      spacingMs,
      finalAfterLastEditMs: final.at - lastSent,
      finalAfterFirstEditMs: final.at - firstSent,
      intermediatePublishes: intermediate.length,
      stalePublishes: stale.length,
      publishesAfterFinal: afterFinal.length,
      publishedVersions: during.map((p) => p.version ?? -1),
      finalCountAsExpected: expectedCount === undefined || final.count === expectedCount,
    },
  };
}

function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

// ---------------------------------------------------------------------------------------------
// Workspace scan

export interface ScanResult {
  /** Why no scan was measured (server does not scan workspaces, timed out, …). */
  skipped?: string;
  files: number;
  bytes: number;
  expectedDocuments: number;
  publishedDocuments: number;
  /** From `initialized` to the last expected document's first diagnostics. */
  scanMs?: number;
  /** From spawning the process (includes startup and initialize). */
  scanFromSpawnMs?: number;
  /** From `initialized` to the end of the server's workDoneProgress, if it reported one. */
  progressEndMs?: number;
  progressReports: number;
  /** Documents whose diagnostics count differs from the violations seeded into them. */
  countMismatches: number;
  /** Non-mcpdesc JSON, or files under node_modules, that got diagnostics. */
  unexpectedPublishes: number;
  peakRssMB?: number;
  /** The server's CPU time from initialized to the last document's diagnostics (a second opinion on a loaded machine). */
  scanCpuMs?: number;
  typing?: TypingResult;
  /** With --profile-server: where the scanning server's time went (timings are then inflated). */
  profile?: ProfileSummary;
}

export interface TypingResult {
  duringScan: Summary;
  idle: Summary;
  /** Median during the scan over median idle. */
  ratio: number;
}

export interface ScanOptions {
  serverPath: string;
  dir: string;
  manifest: WorkspaceManifest;
  quick: boolean;
  /** With a document to type into during the scan (and then idle). */
  typingDocument?: ServerDocument;
  scratchDir: string;
  log: (message: string) => void;
  /** Run the server under --cpu-prof, writing the profile here. */
  profileDir?: string;
  repoRoot: string;
  /** Set for the server (MCPDESC_CHECK_WORKERS, …). */
  env?: Record<string, string>;
}

/** The profile a server run under --cpu-prof left in `dir`, summarized (the newest one not in `before`). */
function collectServerProfile(dir: string | undefined, before: Set<string>, repoRoot: string): ProfileSummary | undefined {
  if (!dir) return undefined;
  const written = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && !before.has(f))
    .sort((a, b) => fs.statSync(path.join(dir, b)).mtimeMs - fs.statSync(path.join(dir, a)).mtimeMs);
  return written[0] ? summarizeCpuProfile(path.join(dir, written[0]), repoRoot, 20) : undefined;
}

function profilesIn(dir: string | undefined): Set<string> {
  return new Set(dir && fs.existsSync(dir) ? fs.readdirSync(dir) : []);
}

export async function benchScan(options: ScanOptions): Promise<ScanResult> {
  const expected = expectedDocuments(options.manifest);
  const expectedByPath = new Map(expected.map((f) => [path.join(options.dir, f.path), f]));
  const otherPaths = new Set(
    options.manifest.files
      .filter((f) => !expectedByPath.has(path.join(options.dir, f.path)))
      .map((f) => path.join(options.dir, f.path)),
  );
  const result: ScanResult = {
    files: options.manifest.files.length,
    bytes: options.manifest.totalBytes,
    expectedDocuments: expected.length,
    publishedDocuments: 0,
    progressReports: 0,
    countMismatches: 0,
    unexpectedPublishes: 0,
  };
  const profilesBefore = profilesIn(options.profileDir);
  const { client, tracker, startedAt, initializedAt } = await startServer(
    options.serverPath,
    [options.dir],
    options.profileDir,
    options.env,
  );
  const cpuAtInitialized = processCpuMs(client.pid);
  let cpuAtLast: number | undefined;
  const firstPublish = new Map<string, Publish>();
  let lastExpectedAt = 0;
  let progressEndAt: number | undefined;
  let scanDone = false;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  client.onNotification((n) => {
    if (n.method === '$/progress') {
      const value = (n.params as { value?: { kind?: string } }).value;
      if (value?.kind === 'report') result.progressReports++;
      if (value?.kind === 'end') progressEndAt = n.at;
      return;
    }
    if (n.method !== 'textDocument/publishDiagnostics') return;
    const publish = toPublish(n);
    if (otherPaths.has(publish.filePath) && publish.count > 0) result.unexpectedPublishes++;
    if (!expectedByPath.has(publish.filePath) || firstPublish.has(publish.filePath)) return;
    firstPublish.set(publish.filePath, publish);
    lastExpectedAt = publish.at;
    if (firstPublish.size === expected.length) {
      cpuAtLast = processCpuMs(client.pid);
      scanDone = true;
      resolveDone();
    }
  });

  const typingLatencies: number[] = [];
  const typing = options.typingDocument
    ? startTyping(client, tracker, options.typingDocument, options.scratchDir, () => scanDone, typingLatencies)
    : undefined;

  const noScanAfterMs = 20_000;
  const maxScanMs = options.quick ? 180_000 : 300_000;
  let loggedHundreds = 0;
  try {
    for (;;) {
      const waited = performance.now() - initializedAt;
      if (scanDone) break;
      if (firstPublish.size === 0 && waited > noScanAfterMs) {
        result.skipped = `no diagnostics for any workspace file ${noScanAfterMs / 1000} s after initialized: the server does not scan workspaces yet (issue 4)`;
        break;
      }
      if (waited > maxScanMs) {
        result.skipped = `scan incomplete after ${maxScanMs / 1000} s: ${firstPublish.size}/${expected.length} documents got diagnostics`;
        break;
      }
      await Promise.race([done, sleep(200)]);
      const hundreds = Math.floor(firstPublish.size / 100);
      if (hundreds > loggedHundreds) {
        loggedHundreds = hundreds;
        options.log(`  scan: ${firstPublish.size}/${expected.length}`);
      }
    }
    scanDone = true;
    result.publishedDocuments = firstPublish.size;
    if (!result.skipped) {
      result.scanMs = lastExpectedAt - initializedAt;
      if (cpuAtInitialized !== undefined && cpuAtLast !== undefined) result.scanCpuMs = cpuAtLast - cpuAtInitialized;
      result.scanFromSpawnMs = lastExpectedAt - startedAt;
      if (progressEndAt !== undefined) result.progressEndMs = progressEndAt - initializedAt;
    }
    // Later publishes may refine a file (an open document, a re-check); judge each file by its last.
    const lastPublish = new Map<string, Publish>();
    for (const publish of tracker.all) lastPublish.set(publish.filePath, publish);
    for (const [filePath, file] of expectedByPath) {
      const publish = lastPublish.get(filePath);
      if (publish && publish.seededRuleCount !== file.seeded) result.countMismatches++;
    }
    if (typing) await typing.stopDuring;
    if (typing && !result.skipped) {
      const idleLatencies = await typing.typeIdle(options.quick ? 15 : 30);
      const duringScan = summarize(typingLatencies);
      const idle = summarize(idleLatencies);
      result.typing = { duringScan, idle, ratio: duringScan.median / idle.median };
    }
    result.peakRssMB = peakRssMB(client.pid);
  } finally {
    await client.stop();
  }
  result.profile = collectServerProfile(options.profileDir, profilesBefore, options.repoRoot);
  return result;
}

interface Typing {
  /** Resolves when the typing loop noticed the scan ended. */
  stopDuring: Promise<void>;
  typeIdle(edits: number): Promise<number[]>;
}

/** Types into an open document (outside the workspace) until the scan is done: edit, wait for its diagnostics, pause, repeat. */
function startTyping(
  client: LspClient,
  tracker: DiagnosticsTracker,
  document: ServerDocument,
  scratchDir: string,
  scanDone: () => boolean,
  latencies: number[],
): Typing {
  const uri = fileUri(path.join(scratchDir, `typing-${slug(document.label)}.mcpdesc.json`));
  const point = togglePoint(document.text, document.diagnosticOffsets);
  let version = 1;
  let broken = false;
  const edit = async (): Promise<number> => {
    version++;
    broken = !broken;
    const published = tracker.waitFor(uri, version, 120_000);
    const sent = performance.now();
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [toggleChange(point, broken)] });
    return (await published).at - sent;
  };
  const stopDuring = (async () => {
    const opened = tracker.waitFor(uri, 1, 120_000);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text: document.text } });
    await opened;
    while (!scanDone()) {
      const latency = await edit();
      // An edit that finished after the scan did is not "during the scan".
      if (!scanDone()) latencies.push(latency);
      await sleep(30);
    }
  })();
  return {
    stopDuring,
    typeIdle: async (edits) => {
      await sleep(500);
      const idle: number[] = [];
      for (let i = 0; i < edits; i++) {
        idle.push(await edit());
        await sleep(30);
      }
      return idle;
    },
  };
}
