// The editor's first diagnostics of a document the size of the largest real server description
// (~265 KB, the generator's spec-like content, JSON and YAML; issue 34 item 5): a fresh server per
// sample (the built dist/server.js over stdio), one didOpen, and the time until the first
// publishDiagnostics of it, with every rule on (the default settings) and with the elicitation
// rules only (the preset `mcpdesc:elicitation`, the baseline), interleaved in the same rounds. A
// fresh process is what a user meets when they open the file: its start-up work (binding the
// precompiled validators, compiling the document's schemas) is part of what they wait for.
// Target: every rule on ≤ 1.5× the baseline. Also the server process's CPU at that moment.
//
//   node out/bench/firstDiagnosticsBench.js [--quick] [--seed=N]   (MCPDESC_BENCH_SERVER=path/to/server.js)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SETTINGS, type McpdescSettings } from '../shared/src/settings';
import { ELICITATION_PRESET, PRESETS } from '../shared/src/rules';
import { generateDocument } from './generate';
import { processCpuMs, sleep, summarize } from './measure';
import type { TargetResult } from './report';
import { startServer } from './serverBench';

const LIMIT = 1.5;
const BASELINE = 'elicitation rules only (mcpdesc:elicitation, baseline)';
const EVERY_RULE = 'every rule on (the default)';

interface Setup {
  name: string;
  settings: McpdescSettings;
}

const SETUPS: Setup[] = [
  { name: BASELINE, settings: { ...DEFAULT_SETTINGS, rules: { ...PRESETS[ELICITATION_PRESET] } } },
  { name: EVERY_RULE, settings: DEFAULT_SETTINGS },
];

export interface FirstDiagnosticsRow {
  document: string;
  bytes: number;
  setup: string;
  medianMs: number;
  /** The server's CPU from its start to the first diagnostics (start-up included), median. */
  cpuMedianMs: number;
  /** Both against the baseline on the same document. */
  ratio: number;
  cpuRatio: number;
  diagnostics: number;
}

export interface FirstDiagnosticsResult {
  rounds: number;
  rows: FirstDiagnosticsRow[];
}

interface Sample {
  ms: number;
  cpuMs: number;
  diagnostics: number;
}

/** One fresh server, one open: from didOpen to its first diagnostics. */
async function firstDiagnostics(serverPath: string, file: string, text: string, setup: Setup): Promise<Sample> {
  const { client, tracker } = await startServer(serverPath, null, undefined, {}, setup.settings);
  try {
    // The server settles (its configuration request answered) before the clock starts.
    await sleep(300);
    const uri = pathToFileURL(file).href;
    const languageId = file.endsWith('.yaml') ? 'yaml' : 'json';
    const sent = performance.now();
    const published = tracker.waitFor(uri, 1, 120_000);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    const publish = await published;
    return { ms: publish.at - sent, cpuMs: processCpuMs(client.pid) ?? NaN, diagnostics: publish.count };
  } finally {
    await client.stop();
  }
}

export async function benchFirstDiagnostics(options: {
  serverPath: string;
  dataDir: string;
  seed: number;
  quick: boolean;
  log: (message: string) => void;
}): Promise<FirstDiagnosticsResult> {
  const dir = path.join(options.dataDir, 'first-diagnostics');
  fs.mkdirSync(dir, { recursive: true });
  const documents = (['json', 'yaml'] as const).map((format) => {
    const text = generateDocument(options.seed, 265_000, { shape: 'spec-like', format });
    // Never written for the server to read: the open document's text is what it checks.
    return { name: `real-sized.mcpdesc.${format}`, file: path.join(dir, `real-sized.mcpdesc.${format}`), text };
  });
  const rounds = options.quick ? 3 : 7;
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < rounds; round++) {
    options.log(`  round ${round + 1} of ${rounds} …`);
    // Rotated each round, so that no setup always follows the same one.
    const order = SETUPS.map((_, index) => SETUPS[(index + round) % SETUPS.length]);
    for (const document of documents) {
      for (const setup of order) {
        const key = `${document.name}\u0000${setup.name}`;
        samples.set(key, [
          ...(samples.get(key) ?? []),
          await firstDiagnostics(options.serverPath, document.file, document.text, setup),
        ]);
      }
    }
  }
  const rows: FirstDiagnosticsRow[] = [];
  for (const document of documents) {
    const median = (setup: string, of: (sample: Sample) => number) =>
      summarize(samples.get(`${document.name}\u0000${setup}`)!.map(of)).median;
    for (const setup of SETUPS) {
      rows.push({
        document: document.name,
        bytes: Buffer.byteLength(document.text),
        setup: setup.name,
        medianMs: median(setup.name, (sample) => sample.ms),
        cpuMedianMs: median(setup.name, (sample) => sample.cpuMs),
        ratio: median(setup.name, (sample) => sample.ms) / median(BASELINE, (sample) => sample.ms),
        cpuRatio: median(setup.name, (sample) => sample.cpuMs) / median(BASELINE, (sample) => sample.cpuMs),
        diagnostics: samples.get(`${document.name}\u0000${setup.name}`)![0].diagnostics,
      });
    }
  }
  return { rounds, rows };
}

export function renderFirstDiagnostics(result: FirstDiagnosticsResult): string {
  const lines = [
    `A fresh built server per sample, one didOpen, until its first diagnostics; medians of ${result.rounds} rounds, ratios against the elicitation-only server on the same document.`,
    '',
    '| document | size | rules | first diagnostics | × baseline | server CPU by then | × baseline (CPU) | diagnostics |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of result.rows)
    lines.push(
      `| ${row.document} | ${(row.bytes / 1024).toFixed(0)} KB | ${row.setup} | ${row.medianMs.toFixed(0)} ms | ${row.ratio.toFixed(2)}× | ${row.cpuMedianMs.toFixed(0)} ms | ${row.cpuRatio.toFixed(2)}× | ${row.diagnostics} |`,
    );
  return lines.join('\n');
}

export function firstDiagnosticsTargets(result: FirstDiagnosticsResult): TargetResult[] {
  return result.rows
    .filter((row) => row.setup === EVERY_RULE)
    .map((row) => ({
      target: `first diagnostics with every rule on ≤ ${LIMIT}× the elicitation rules only (${row.document}, fresh server)`,
      status: row.ratio <= LIMIT ? 'pass' : 'miss',
      measured: `${row.ratio.toFixed(2)}× (server CPU ${row.cpuRatio.toFixed(2)}×)`,
    }));
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const seedArg = process.argv.find((arg) => arg.startsWith('--seed='));
  const serverPath = process.env.MCPDESC_BENCH_SERVER ?? path.join(__dirname, '..', '..', 'dist', 'server.js');
  void benchFirstDiagnostics({
    serverPath,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-first-diagnostics-')),
    seed: seedArg ? Number(seedArg.slice('--seed='.length)) : 20260601,
    quick,
    log: (message) => process.stderr.write(`${message}\n`),
  }).then((result) => {
    process.stdout.write(`${renderFirstDiagnostics(result)}\n`);
    for (const target of firstDiagnosticsTargets(result)) process.stdout.write(`${JSON.stringify(target)}\n`);
  });
}
