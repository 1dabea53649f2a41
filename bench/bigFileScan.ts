// Typing in a 20 KB open document while the workspace scan checks a 10 MB JSON and a 7.5 MB YAML
// closed file (issue 17). Each round starts a fresh server on the workspace, opens the document
// 300 ms later and types (edit → its diagnostics → 30 ms pause) until both big files have their
// diagnostics, then types on idle. The same is done by a server whose workspace holds no big file
// (the control): a fresh server's first keystrokes are slow anyway (cold code, the debounce learnt
// from the open's whole check), so the control says how much of the first keystroke is the scan's.
// Every figure is a ratio to a baseline of the same server: its idle latency.
//
// Issue 26: the same in each other shape of shapes.ts (the big files rendered in it, or in the base
// shape for the format a shape lacks), with the configuration users get only, in fewer rounds (1;
// 2 in a full run).
//
// Part of `npm run bench` (run.ts); alone: node out/bench/bigFileScan.js [--quick] [--only=WORD] [--shapes=a,b] [--compare=…]
// (after npm run build: it drives dist/server.js).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateDocument } from './generate';
import { parseShapes, shapeHasFormat, type ShapeName } from './shapes';
import { machineInfo, peakRssMB, sleep, summarize, type Summary } from './measure';
import { fmtMs, fmtRatio, markdownTable, type TargetResult } from './report';
import { startServer } from './serverBench';
import { toggleChange, togglePoint } from './togglePoint';

/** One way to run the server: which build, with which environment, on which workspace. */
export interface BigFileScanConfiguration {
  label: string;
  serverPath: string;
  /** Set for the server (MCPDESC_CHECK_WORKERS, MCPDESC_BACKGROUND_NICENESS, …). */
  env?: Record<string, string>;
  /** The control: the same typing in a workspace without the big files. */
  control?: boolean;
  /** The configuration users get: the targets are judged on it. */
  judged?: boolean;
}

export interface BigFileScanRow {
  label: string;
  /** The shape of the big closed files (shapes.ts). */
  shape: ShapeName;
  control: boolean;
  judged: boolean;
  rounds: number;
  /** didOpen to its diagnostics (median of the rounds). */
  openMs: number;
  /** The first keystroke's latency in each round, and their median. */
  firstMs: number[];
  firstMedianMs: number;
  /** Every keystroke during the scan (all rounds), and every idle one. */
  during: Summary;
  idle: Summary;
  /** initialized → both big files' diagnostics (median of the rounds). */
  scanMs: number | undefined;
  peakRssMB?: number;
}

export interface BigFileScanResult {
  rows: BigFileScanRow[];
}

export interface BigFileScanOptions {
  configurations: BigFileScanConfiguration[];
  quick: boolean;
  /** Default: the base shape only (every configuration); other shapes run the judged configuration. */
  shapes?: readonly ShapeName[];
  log: (message: string) => void;
}

/** What `npm run bench` compares: the control, the default, the same with every thread but the main one at nice 10, and the main thread alone (before issue 17). */
export function standardConfigurations(serverPath: string): BigFileScanConfiguration[] {
  return [
    { label: 'control: no big files in the workspace', serverPath, control: true },
    { label: 'workers (default: V8 helpers at nice 10)', serverPath, judged: true },
    { label: 'workers at nice 10 as well', serverPath, env: { MCPDESC_BACKGROUND_NICENESS: '10' } },
    { label: 'the main thread (before issue 17)', serverPath, env: { MCPDESC_CHECK_WORKERS: '0' } },
  ];
}

/** Keystrokes the control types in place of "during the scan" (about as many as a scan lasts). */
const CONTROL_EDITS = 40;
const IDLE_EDITS = 30;

interface Round {
  open: number;
  first: number;
  during: number[];
  idle: number[];
  scanMs: number | undefined;
  peakRssMB?: number;
}

async function round(
  configuration: BigFileScanConfiguration,
  folder: string,
  typingPath: string,
  typingText: string,
): Promise<Round> {
  const { client, tracker, initializedAt } = await startServer(configuration.serverPath, [folder], undefined, configuration.env);
  const bigFiles = new Set(fs.readdirSync(folder).map((name) => path.join(folder, name)));
  const checked = new Set<string>();
  let scanEnd = bigFiles.size === 0 ? -1 : 0;
  client.onNotification((n) => {
    if (n.method !== 'textDocument/publishDiagnostics') return;
    const filePath = decodeURIComponent(new URL((n.params as { uri: string }).uri).pathname);
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
    // Opened once the scan has started on the big files.
    await sleep(300);
    const opened = tracker.waitFor(uri, 1, 300_000);
    const openSent = performance.now();
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text: typingText } });
    const open = (await opened).at - openSent;
    const during: number[] = [];
    const scanning = (): boolean => (scanEnd === -1 ? during.length < CONTROL_EDITS : scanEnd === 0);
    while (scanning()) {
      const latency = await edit();
      // An edit whose diagnostics came after the scan's end was not typed during it.
      if (scanEnd <= 0) during.push(latency);
      await sleep(30);
    }
    await sleep(500);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_EDITS; i++) {
      idle.push(await edit());
      await sleep(30);
    }
    return {
      open,
      first: during[0] ?? NaN,
      during,
      idle,
      scanMs: scanEnd > 0 ? scanEnd - initializedAt : undefined,
      peakRssMB: peakRssMB(client.pid),
    };
  } finally {
    await client.stop();
  }
}

/** The two big closed files, the typing document and an empty folder for the control, in `scratch`. */
function writeWorkspace(
  scratch: string,
  shape: ShapeName,
): { folder: string; emptyFolder: string; typingPath: string; typingText: string } {
  const folder = path.join(scratch, `workspace-${shape}`);
  const emptyFolder = path.join(scratch, 'empty');
  fs.mkdirSync(folder, { recursive: true });
  fs.mkdirSync(emptyFolder, { recursive: true });
  const shapeFor = (format: 'json' | 'yaml'): ShapeName => (shapeHasFormat(shape, format) ? shape : 'base');
  fs.writeFileSync(path.join(folder, 'big2.mcpdesc.json'), generateDocument(101, 10 * 1024 * 1024, { shape: shapeFor('json') }));
  fs.writeFileSync(
    path.join(folder, 'big.mcpdesc.yaml'),
    generateDocument(102, 7.5 * 1024 * 1024, { format: 'yaml', shape: shapeFor('yaml') }),
  );
  const typingText = generateDocument(103, 20 * 1024);
  const typingPath = path.join(scratch, 'typing.mcpdesc.json');
  fs.writeFileSync(typingPath, typingText);
  return { folder, emptyFolder, typingPath, typingText };
}

export async function benchBigFileScan(options: BigFileScanOptions): Promise<BigFileScanResult> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-bigscan-'));
  try {
    const rows: BigFileScanRow[] = [];
    for (const shape of options.shapes ?? ['base']) {
      const configurations = shape === 'base' ? options.configurations : options.configurations.filter((c) => c.judged);
      const rounds = options.quick ? 1 : shape === 'base' ? 3 : 2;
      const { folder, emptyFolder, typingPath, typingText } = writeWorkspace(scratch, shape);
      const byConfiguration = configurations.map(() => [] as Round[]);
      // Round by round, every configuration once, so all of them meet the same machine.
      for (let r = 0; r < rounds; r++) {
        for (const [index, configuration] of configurations.entries()) {
          options.log(`  big-file scan (${shape}) ${r + 1}/${rounds}: ${configuration.label} …`);
          byConfiguration[index]!.push(
            await round(configuration, configuration.control ? emptyFolder : folder, typingPath, typingText),
          );
        }
      }
      fs.rmSync(folder, { recursive: true, force: true });
      rows.push(
        ...configurations.map((configuration, index) => {
          const runs = byConfiguration[index]!;
          const scans = runs.flatMap((run) => (run.scanMs === undefined ? [] : [run.scanMs]));
          const peaks = runs.flatMap((run) => (run.peakRssMB === undefined ? [] : [run.peakRssMB]));
          const firsts = runs.map((run) => run.first);
          return {
            label: configuration.label,
            shape,
            control: configuration.control === true,
            judged: configuration.judged === true,
            rounds: runs.length,
            openMs: summarize(runs.map((run) => run.open)).median,
            firstMs: firsts,
            firstMedianMs: summarize(firsts).median,
            during: summarize(runs.flatMap((run) => run.during)),
            idle: summarize(runs.flatMap((run) => run.idle)),
            scanMs: scans.length ? summarize(scans).median : undefined,
            peakRssMB: peaks.length ? Math.max(...peaks) : undefined,
          };
        }),
      );
    }
    return { rows };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function renderBigFileScan(result: BigFileScanResult): string {
  const rows = result.rows.map((row) => [
    row.shape === 'base' ? row.label : `${row.label}, ${row.shape} (${row.rounds} round${row.rounds === 1 ? '' : 's'})`,
    fmtMs(row.openMs),
    `${fmtMs(row.firstMedianMs)} (${fmtRatio(row.firstMedianMs / row.idle.median)})`,
    `${fmtMs(row.during.median)} (${fmtRatio(row.during.median / row.idle.median)}, ${row.during.samples} edits)`,
    `${fmtMs(row.during.p95)} (${fmtRatio(row.during.p95 / row.idle.p95)})`,
    `${fmtMs(row.idle.median)} / ${fmtMs(row.idle.p95)}`,
    row.scanMs === undefined ? '–' : fmtMs(row.scanMs),
    row.peakRssMB === undefined ? '–' : `${row.peakRssMB.toFixed(0)} MB`,
  ]);
  const header = [
    'closed files checked on',
    'open → diagnostics',
    'first keystroke (× idle p50)',
    'p50 during the scan (× idle p50)',
    'p95 during the scan (× idle p95)',
    'idle p50 / p95',
    'scan of the two files',
    'peak RSS',
  ];
  const rounds = result.rows[0]?.rounds ?? 0;
  return [
    `Typing in a 20 KB open document while the scan checks a 10 MB JSON and a 7.5 MB YAML closed file (${rounds} round${rounds === 1 ? '' : 's'}; first keystroke: median of the rounds' first; the control types ${CONTROL_EDITS} edits in a workspace without them; rows with a shape: the big files in that shape, or in the base shape for the format it lacks)`,
    markdownTable(header, rows),
  ].join('\n');
}

/** The issue-17 targets, judged on the configuration users get, in each shape (issue 26). */
export function bigFileScanTargets(result: BigFileScanResult): TargetResult[] {
  const shapes = [...new Set(result.rows.map((row) => row.shape))];
  if (shapes.length === 0) shapes.push('base');
  return shapes.flatMap((shape) => shapeTargets(result, shape));
}

function shapeTargets(result: BigFileScanResult, shape: ShapeName): TargetResult[] {
  const where = shape === 'base' ? '' : ` (${shape})`;
  const row = result.rows.find((r) => r.judged && r.shape === shape);
  if (!row || row.scanMs === undefined) {
    const measured = row ? 'the scan did not finish' : 'not measured';
    return [
      { target: `first keystroke during the big-file scan ≤ 1.3× idle${where}`, status: 'n/a', measured },
      { target: `p95 keystroke during the big-file scan ≤ 1.3× idle${where}`, status: 'n/a', measured },
    ];
  }
  const first = row.firstMedianMs / row.idle.median;
  const p95 = row.during.p95 / row.idle.p95;
  const control = result.rows.find((r) => r.control);
  const controlNote = control ? `; control without the big files ${fmtRatio(control.firstMedianMs / control.idle.median)}` : '';
  return [
    {
      target: `first keystroke during the big-file scan ≤ 1.3× idle${where}`,
      status: first <= 1.3 ? 'pass' : 'miss',
      measured: `${fmtRatio(first)} (${fmtMs(row.firstMedianMs)} vs p50 ${fmtMs(row.idle.median)}${controlNote})`,
    },
    {
      target: `p95 keystroke during the big-file scan ≤ 1.3× idle${where}`,
      status: p95 <= 1.3 ? 'pass' : 'miss',
      measured: `${fmtRatio(p95)} (${fmtMs(row.during.p95)} vs ${fmtMs(row.idle.p95)}, ${row.during.samples} edits)`,
    },
  ];
}

// Alone: [--quick] [--only=WORD] (the configurations whose label has WORD) [--compare=LABEL=path/to/server.js …] (another build, e.g. before a change, as one more row)
async function main(): Promise<void> {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const configurations = standardConfigurations(path.join(repoRoot, 'dist', 'server.js')).filter(
    (c) => !only || c.label.includes(only),
  );
  for (const argument of process.argv.slice(2).filter((a) => a.startsWith('--compare='))) {
    const [label, serverPath] = argument.slice('--compare='.length).split('=');
    if (!label || !serverPath) throw new Error(`--compare=LABEL=path/to/server.js, not ${argument}`);
    configurations.push({ label, serverPath: path.resolve(serverPath) });
  }
  console.log(JSON.stringify(machineInfo()));
  const shapes = parseShapes(process.argv.find((a) => a.startsWith('--shapes='))?.slice('--shapes='.length) ?? 'base');
  const result = await benchBigFileScan({
    configurations,
    quick: process.argv.includes('--quick'),
    shapes,
    log: (message) => process.stderr.write(`${message}\n`),
  });
  console.log(renderBigFileScan(result));
  console.log(
    markdownTable(
      ['target', 'result', 'measured'],
      bigFileScanTargets(result).map((t) => [t.target, t.status, t.measured]),
      3,
    ),
  );
  console.log(JSON.stringify(machineInfo().loadAverage));
}

if (require.main === module) {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
