// `node out/bench/bigFileScan.js [--workers=0,1,2]`: typing in a 20 KB open document while the
// workspace scan checks a 10 MB JSON and a 7.5 MB YAML file, against the same document's idle
// latency, with the closed files checked on 0 worker threads (the main thread, as before issue 17)
// and on 1 and 2. Every figure is a ratio to a baseline of the same run (the idle latency of the
// same server). Also: how long the scan of the two big files took, and the server's peak RSS.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateDocument } from './generate';
import { machineInfo, peakRssMB, summarize, type Summary } from './measure';
import { startServer, toggleChange, togglePoint } from './serverBench';

interface Run {
  workers: number;
  /** didOpen to its diagnostics. */
  open: number;
  first: number;
  during: Summary;
  idle: Summary;
  scanMs: number;
  peakRssMB?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(serverPath: string, folder: string, typingPath: string, typingText: string, workers: number): Promise<Run> {
  process.env.MCPDESC_CHECK_WORKERS = String(workers);
  const { client, tracker, initializedAt } = await startServer(serverPath, [folder]);
  const bigFiles = new Set(fs.readdirSync(folder).map((name) => path.join(folder, name)));
  const checked = new Set<string>();
  let scanEnd = 0;
  client.onNotification((n) => {
    if (n.method !== 'textDocument/publishDiagnostics') return;
    const uri = (n.params as { uri: string }).uri;
    const filePath = decodeURIComponent(new URL(uri).pathname);
    if (bigFiles.has(filePath) && !checked.has(filePath)) {
      checked.add(filePath);
      if (checked.size === bigFiles.size) scanEnd = n.at;
    }
  });
  const uri = `file://${typingPath}`;
  const point = togglePoint(typingText);
  let version = 1;
  let broken = false;
  const edit = async (): Promise<number> => {
    version++;
    broken = !broken;
    const published = tracker.waitFor(uri, version, 300_000);
    const sent = performance.now();
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [toggleChange(point, broken)] });
    return (await published).at - sent;
  };
  try {
    // Opened as soon as the scan has started on the big files.
    await sleep(300);
    const opened = tracker.waitFor(uri, 1, 300_000);
    const openSent = performance.now();
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text: typingText } });
    const open = (await opened).at - openSent;
    const during: number[] = [];
    while (scanEnd === 0) {
      const latency = await edit();
      if (scanEnd === 0) during.push(latency);
      await sleep(30);
    }
    await sleep(500);
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) {
      idle.push(await edit());
      await sleep(30);
    }
    return { workers, open, first: during[0] ?? NaN, during: summarize(during), idle: summarize(idle), scanMs: scanEnd - initializedAt, peakRssMB: peakRssMB(client.pid) };
  } finally {
    await client.stop();
  }
}

async function main(): Promise<void> {
  const workersArgument = process.argv.find((argument) => argument.startsWith('--workers='));
  const workerCounts = (workersArgument?.slice('--workers='.length) ?? '0,1,2').split(',').map(Number);
  const repoRoot = path.resolve(__dirname, '..', '..');
  const serverPath = path.join(repoRoot, 'dist', 'server.js');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-bigscan-'));
  const folder = path.join(scratch, 'workspace');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'big2.mcpdesc.json'), generateDocument(101, 10 * 1024 * 1024));
  fs.writeFileSync(path.join(folder, 'big.mcpdesc.yaml'), generateDocument(102, 7.5 * 1024 * 1024, { format: 'yaml' }));
  const typingText = generateDocument(103, 20 * 1024);
  const typingPath = path.join(scratch, 'typing.mcpdesc.json');
  fs.writeFileSync(typingPath, typingText);
  const machine = machineInfo();
  console.log(JSON.stringify(machine));
  console.log('| closed files checked on | open → diagnostics | first keystroke (× idle p50) | p50 during scan (× idle) | p95 during scan (× idle p95) | idle p50 / p95 | scan of the big files | peak RSS |');
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|');
  try {
    for (const workers of workerCounts) {
      const run = await measure(serverPath, folder, typingPath, typingText, workers);
      const ms = (value: number): string => `${value.toFixed(1)} ms`;
      const where = workers === 0 ? 'the main thread (before)' : `${workers} worker${workers === 1 ? '' : 's'}`;
      console.log(
        `| ${where} | ${ms(run.open)} | ${ms(run.first)} (${(run.first / run.idle.median).toFixed(2)}×) | ${ms(run.during.median)} (${(run.during.median / run.idle.median).toFixed(2)}×, ${run.during.samples} edits) | ` +
          `${ms(run.during.p95)} (${(run.during.p95 / run.idle.p95).toFixed(2)}×) | ${ms(run.idle.median)} / ${ms(run.idle.p95)} | ${(run.scanMs / 1000).toFixed(2)} s | ${run.peakRssMB ?? '?'} MB |`,
      );
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
