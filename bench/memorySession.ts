// The server's memory on one big document alone (issue 17): a fresh server per document, which
// opens it (three times; two in a quick run), takes 50 one-character edits inside one tool (10 in a
// quick run) and a burst of 10, as `npm run bench`'s server session does; its peak RSS (VmHWM) over
// the session, and the latencies for reference. The 10 MB JSON document and the 7.5 MB YAML one, in
// every shape of shapes.ts that has their format (issue 26); beside the base shape, a shape's session
// is a quick one (two opens, 10 edits): the peak comes with the open and the first re-checks.
//
// Part of `npm run bench` (run.ts); alone: node out/bench/memorySession.js [--quick] [--seed=N] [--shapes=a,b] (after npm run build)
import * as os from 'node:os';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { checkDocument } from '../server/src/checker';
import { benchText, shapedLabel, shapesFor, type BenchTextName } from './benchTexts';
import { parseShapes, type ShapeName } from './shapes';
import { fmtMs, markdownTable, type TargetResult } from './report';
import { benchDocuments } from './serverBench';

/** Each session's document and the peak RSS issue 17 allows it. */
export const MEMORY_SESSIONS: ReadonlyArray<{ name: BenchTextName; limitMB: number }> = [
  { name: '10 MB JSON', limitMB: 300 },
  { name: '7.5 MB YAML', limitMB: 350 },
];

export interface MemorySessionRow {
  /** The document, with its shape unless base. */
  document: string;
  limitMB: number;
  peakRssMB?: number;
  openMs?: number;
  editP50Ms?: number;
  editP95Ms?: number;
  burstFinalMs?: number;
  opens: number;
  edits: number;
}

export interface MemorySessionOptions {
  serverPath: string;
  repoRoot: string;
  seed: number;
  quick: boolean;
  /** Default: the base shape only. */
  shapes?: readonly ShapeName[];
  log: (message: string) => void;
}

export async function benchMemorySessions(options: MemorySessionOptions): Promise<MemorySessionRow[]> {
  const sessions = MEMORY_SESSIONS.flatMap(({ name, limitMB }) =>
    shapesFor(name, options.shapes ?? ['base']).map((shape) => ({ name, limitMB, shape })),
  );
  const rows: MemorySessionRow[] = [];
  for (const { name, limitMB, shape } of sessions) {
    const { text, format } = benchText(options.seed, name, shape);
    const label = shapedLabel(name, shape);
    const diagnosticOffsets = checkDocument(text, { format }).diagnostics.map((d) => d.data.offset);
    const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-memory-'));
    options.log(`  session on the ${label} document alone …`);
    try {
      const result = await benchDocuments({
        serverPath: options.serverPath,
        repoRoot: options.repoRoot,
        scratchDir,
        documents: [{ label, text, format, diagnosticOffsets }],
        quick: options.quick || shape !== 'base',
        log: (message) => options.log(`  ${message}`),
      });
      rows.push({
        document: label,
        limitMB,
        peakRssMB: result.peakRssMB,
        openMs: result.open[0]?.medianMs,
        editP50Ms: result.edit[0]?.p50Ms,
        editP95Ms: result.edit[0]?.p95Ms,
        burstFinalMs: result.burst[0]?.finalAfterLastEditMs,
        opens: result.open[0]?.samplesMs.length ?? 0,
        edits: result.edit[0]?.edits ?? 0,
      });
    } finally {
      fs.rmSync(scratchDir, { recursive: true, force: true });
    }
  }
  return rows;
}

export function renderMemorySessions(rows: MemorySessionRow[]): string {
  return [
    'One big document per fresh server: opens, one-character edits inside one tool, a burst of 10; peak RSS (VmHWM) over the session',
    markdownTable(
      ['document', 'peak RSS (limit)', 'open (median)', 'edit p50 / p95', 'burst: final after last edit', 'opens / edits'],
      rows.map((row) => [
        row.document,
        `${row.peakRssMB === undefined ? '–' : `${row.peakRssMB.toFixed(0)} MB`} (${row.limitMB} MB)`,
        fmtMs(row.openMs),
        `${fmtMs(row.editP50Ms)} / ${fmtMs(row.editP95Ms)}`,
        fmtMs(row.burstFinalMs),
        `${row.opens} / ${row.edits}`,
      ]),
    ),
  ].join('\n');
}

export function memoryTargets(rows: MemorySessionRow[]): TargetResult[] {
  return rows.map((row) => {
    const target = `peak RSS ≤ ${row.limitMB} MB (${row.document} session)`;
    return row.peakRssMB === undefined
      ? { target, status: 'n/a', measured: 'no VmHWM (not Linux?)' }
      : { target, status: row.peakRssMB <= row.limitMB ? 'pass' : 'miss', measured: `${row.peakRssMB.toFixed(0)} MB` };
  });
}

async function main(): Promise<void> {
  const seedArg = process.argv.find((arg) => arg.startsWith('--seed='));
  const repoRoot = path.resolve(__dirname, '..', '..');
  const rows = await benchMemorySessions({
    serverPath: path.join(repoRoot, 'dist', 'server.js'),
    repoRoot,
    seed: seedArg ? Number(seedArg.slice(7)) : 20260601,
    quick: process.argv.includes('--quick'),
    shapes: parseShapes(process.argv.find((arg) => arg.startsWith('--shapes='))?.slice('--shapes='.length)),
    log: (message) => process.stderr.write(`${message}\n`),
  });
  console.log(renderMemorySessions(rows));
  console.log(
    markdownTable(
      ['target', 'result', 'measured'],
      memoryTargets(rows).map((t) => [t.target, t.status, t.measured]),
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
