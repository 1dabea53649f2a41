// What the whole-document rules cost a CLI run (issue 34, "fast and eval-free"): the built CLI as a
// fresh process per run, on a small document (asked for 4 KB: the generator's smallest spec-like
// one, 26 KB) and on documents of ~265 KB like the largest
// real server description (the generator's spec-like content, JSON and YAML), with the elicitation
// rules only (`--elicitation-only`, the baseline) and with every rule on (the default, no flag). Targets: ≤ 1.3× the baseline on
// the small document, ≤ 1.5× on the 265 KB ones. And start-up: the CPU a fresh process spends to
// have the format schema's validators, compiled by ajv at run time (as before the build compiled
// them) and from the build's precompiled module, each a ratio to the baseline run on the small
// document. MCPDESC_BENCH_CLI_BEFORE=path/to/cli.js adds another build's CLI (a copy of dist/ from
// before a change) to the same rounds, interleaved.
//
//   node out/bench/cliStartupBench.js [--quick] [--seed=N]   (MCPDESC_BENCH_CLI=path/to/cli.js: a copy of dist/ to measure)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateDocument } from './generate';
import { summarize } from './measure';
import type { TargetResult } from './report';

interface Document {
  name: string;
  file: string;
  bytes: number;
  /** The target for every rule on, as a ratio to the baseline. */
  limit: number;
}

interface Contender {
  name: string;
  cli: string;
  args: string[];
}

export interface CliRow {
  document: string;
  bytes: number;
  contender: string;
  cpuMedianMs: number;
  wallMedianMs: number;
  /** Both against the baseline contender (this build, elicitation rules only) on the same document. */
  cpuRatio: number;
  wallRatio: number;
  problems: number;
}

export interface StartupRow {
  way: string;
  cpuMedianMs: number;
  /** Against the baseline CLI run on the small document. */
  ratioToBaselineRun: number;
}

export interface CliStartupResult {
  rounds: number;
  rows: CliRow[];
  startup: StartupRow[];
  limits: Record<string, number>;
}

const BASELINE = 'elicitation rules only (--elicitation-only, baseline)';
const EVERY_RULE = 'every rule on (the default)';

/** A preloaded hook: the process's CPU time (workers included) written where it exits. */
function cpuHook(dir: string): { hook: string; file: string } {
  const file = path.join(dir, 'cpu.json');
  const hook = path.join(dir, 'cpu-hook.js');
  fs.writeFileSync(
    hook,
    `if (require('node:worker_threads').isMainThread) process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(file)}, JSON.stringify(process.cpuUsage())));\n`,
  );
  return { hook, file };
}

function runCli(contender: Contender, document: string, cpu: { hook: string; file: string }) {
  fs.rmSync(cpu.file, { force: true });
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ['--require', cpu.hook, contender.cli, '--format', 'json', ...contender.args, document],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const wallMs = performance.now() - started;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${contender.cli} exited ${run.status}: ${run.stderr}`);
  const usage = JSON.parse(fs.readFileSync(cpu.file, 'utf8')) as { user: number; system: number };
  return { wallMs, cpuMs: (usage.user + usage.system) / 1000, problems: (JSON.parse(run.stdout) as unknown[]).length };
}

/** The CPU a fresh process spends preparing the format schema's validators one way (its start-up, not its checks). */
function startupCpuMs(way: 'runtime' | 'precompiled', outDir: string): number {
  const script = `
const before = process.cpuUsage();
const { formatSchemaAjv, formatSchemaRuntime, FORMAT_SCHEMA_PARTS } = require(${JSON.stringify(path.join(outDir, 'server/src/checker/schema/formatSchemaAjv.js'))});
let validators;
if (${JSON.stringify(way)} === 'runtime') {
  const ajv = formatSchemaAjv(formatSchemaRuntime());
  validators = [ajv.getSchema(FORMAT_SCHEMA_PARTS.root), ajv.getSchema(FORMAT_SCHEMA_PARTS.tool)];
} else {
  const { formatSchemaValidators } = require(${JSON.stringify(path.join(outDir, 'build/generated/formatSchemaValidators.js'))});
  validators = Object.values(formatSchemaValidators(formatSchemaRuntime()));
}
if (validators.length !== 2 || validators.some((v) => typeof v !== 'function')) throw new Error('no validators');
const used = process.cpuUsage(before);
process.stdout.write(String((used.user + used.system) / 1000));
`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`start-up (${way}) failed: ${run.stderr}`);
  return Number(run.stdout);
}

function documents(dir: string, seed: number): Document[] {
  const write = (name: string, text: string, limit: number): Document => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return { name, file, bytes: Buffer.byteLength(text), limit };
  };
  return [
    write('small.mcpdesc.json', generateDocument(seed, 4_000, { shape: 'spec-like' }), 1.3),
    write('real-sized.mcpdesc.json', generateDocument(seed, 265_000, { shape: 'spec-like' }), 1.5),
    write('real-sized.mcpdesc.yaml', generateDocument(seed, 265_000, { shape: 'spec-like', format: 'yaml' }), 1.5),
  ];
}

export async function benchCliStartup(options: {
  cliPath: string;
  outDir: string;
  dataDir: string;
  seed: number;
  quick: boolean;
  log: (message: string) => void;
}): Promise<CliStartupResult> {
  const dir = path.join(options.dataDir, 'cli-startup');
  fs.mkdirSync(dir, { recursive: true });
  const cpu = cpuHook(dir);
  const docs = documents(dir, options.seed);
  const contenders: Contender[] = [
    { name: BASELINE, cli: options.cliPath, args: ['--elicitation-only'] },
    { name: EVERY_RULE, cli: options.cliPath, args: [] },
  ];
  const before = process.env.MCPDESC_BENCH_CLI_BEFORE;
  if (before)
    contenders.push({ name: `${EVERY_RULE}, the build of MCPDESC_BENCH_CLI_BEFORE`, cli: before, args: ['--official'] });
  const rounds = options.quick ? 3 : 7;
  const samples = new Map<string, { cpu: number[]; wall: number[]; problems: number }>();
  const startup = new Map<string, number[]>([
    ['runtime', []],
    ['precompiled', []],
  ]);
  for (let round = 0; round < rounds; round++) {
    options.log(`  round ${round + 1} of ${rounds} …`);
    // Rotated each round, so that no contender always follows the same one.
    const order = contenders.map((_, index) => contenders[(index + round) % contenders.length]);
    for (const document of docs) {
      for (const contender of order) {
        const key = `${document.name}\u0000${contender.name}`;
        const run = runCli(contender, document.file, cpu);
        const entry = samples.get(key) ?? { cpu: [], wall: [], problems: run.problems };
        entry.cpu.push(run.cpuMs);
        entry.wall.push(run.wallMs);
        samples.set(key, entry);
      }
    }
    for (const way of round % 2 === 0 ? (['runtime', 'precompiled'] as const) : (['precompiled', 'runtime'] as const))
      startup.get(way)!.push(startupCpuMs(way, options.outDir));
  }
  const median = (values: number[]) => summarize(values).median;
  const rows: CliRow[] = [];
  for (const document of docs) {
    const base = samples.get(`${document.name}\u0000${BASELINE}`)!;
    for (const contender of contenders) {
      const entry = samples.get(`${document.name}\u0000${contender.name}`)!;
      rows.push({
        document: document.name,
        bytes: document.bytes,
        contender: contender.name,
        cpuMedianMs: median(entry.cpu),
        wallMedianMs: median(entry.wall),
        cpuRatio: median(entry.cpu) / median(base.cpu),
        wallRatio: median(entry.wall) / median(base.wall),
        problems: entry.problems,
      });
    }
  }
  const smallBaseline = median(samples.get(`${docs[0].name}\u0000${BASELINE}`)!.cpu);
  const startupRows: StartupRow[] = [...startup].map(([way, values]) => ({
    way: way === 'runtime' ? 'compiled by ajv at start-up (before)' : 'precompiled at build time (now)',
    cpuMedianMs: median(values),
    ratioToBaselineRun: median(values) / smallBaseline,
  }));
  return { rounds, rows, startup: startupRows, limits: Object.fromEntries(docs.map((doc) => [doc.name, doc.limit])) };
}

export function renderCliStartup(result: CliStartupResult): string {
  const lines = [
    `The built CLI, a fresh process per run, medians of ${result.rounds} rounds; ratios against the elicitation-only run of this build on the same document.`,
    '',
    '| document | size | run | CPU | × baseline (CPU) | wall | × baseline (wall) | problems |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of result.rows)
    lines.push(
      `| ${row.document} | ${(row.bytes / 1024).toFixed(0)} KB | ${row.contender} | ${row.cpuMedianMs.toFixed(0)} ms | ${row.cpuRatio.toFixed(2)}× | ${row.wallMedianMs.toFixed(0)} ms | ${row.wallRatio.toFixed(2)}× | ${row.problems} |`,
    );
  lines.push(
    '',
    "Start-up: the CPU a fresh process spends to have the format schema's validators (after loading Node), as a ratio to the elicitation-only CLI run on the small document:",
    '',
    '| validators | CPU | × the small baseline run |',
    '| --- | ---: | ---: |',
  );
  for (const row of result.startup)
    lines.push(`| ${row.way} | ${row.cpuMedianMs.toFixed(0)} ms | ${row.ratioToBaselineRun.toFixed(2)}× |`);
  return lines.join('\n');
}

export function cliStartupTargets(result: CliStartupResult): TargetResult[] {
  return result.rows
    .filter((row) => row.contender === EVERY_RULE)
    .map((row) => {
      const limit = result.limits[row.document];
      return {
        target: `CLI with every rule on ≤ ${limit}× the elicitation-only run (${row.document}, CPU)`,
        status: row.cpuRatio <= limit ? 'pass' : 'miss',
        measured: `${row.cpuRatio.toFixed(2)}× (wall ${row.wallRatio.toFixed(2)}×)`,
      };
    });
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const seedArg = process.argv.find((arg) => arg.startsWith('--seed='));
  const repoRoot = path.resolve(__dirname, '..', '..');
  const cliPath = process.env.MCPDESC_BENCH_CLI ?? path.join(repoRoot, 'dist', 'cli.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-cli-startup-'));
  void benchCliStartup({
    cliPath,
    outDir: path.resolve(__dirname, '..'),
    dataDir,
    seed: seedArg ? Number(seedArg.slice('--seed='.length)) : 20260601,
    quick,
    log: (message) => process.stderr.write(`${message}\n`),
  }).then((result) => {
    process.stdout.write(`${renderCliStartup(result)}\n`);
    for (const target of cliStartupTargets(result)) process.stdout.write(`${JSON.stringify(target)}\n`);
  });
}
