// `npm run bench`: generates the inputs, times the checker against its baselines, drives the built
// server over stdio, prints the tables and writes last-run.json and last-run.md (the report, as
// pasted into the README) into the data directory (bench/dataDir.ts).
//
//   node out/bench/run.js [--quick] [--seed=N] [--no-build] [--skip-checker] [--skip-server] [--skip-scan] [--profile-server]
//                         [--skip-edits] [--skip-big-file-scan] [--skip-memory] [--skip-peers] [--shapes=a,b|all]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchChecker, type BenchDocument, CHECK, type CheckerBenchResult } from './checkerBench';
import { checkDocument } from '../server/src/checker';
import { compareWithFloor } from './cpuProfile';
import { generateMcpdesc } from './generate';
import { machineInfo, summarize } from './measure';
import { judgeTargets, renderReport, type RunResult } from './report';
import { benchDocuments, benchScan, type ScanResult } from './serverBench';
import { readAndParse, readAndParseInFreshProcess } from './scanFloor';
import type { ScanFloor } from './report';
import { ensureWorkspace } from './workspace';
import { benchDataDir } from './dataDir';
import { defaultWorkerCount } from '../server/src/host/workerPool';
import { BENCH_SECTIONS, type SectionReport } from './sections';
import { benchText, shapedLabel, shapesFor, type BenchTextName } from './benchTexts';
import { parseShapes, SHAPE_NAMES, type ShapeName } from './shapes';

interface Options {
  quick: boolean;
  seed: number;
  build: boolean;
  checker: boolean;
  server: boolean;
  scan: boolean;
  profileServer: boolean;
  /** Names of the sections (sections.ts) left out with --skip-NAME. */
  skippedSections: Set<string>;
  /** The document shapes measured besides or instead of the base one (shapes.ts; --shapes=). */
  shapes: ShapeName[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    quick: false,
    seed: 20260601,
    build: true,
    checker: true,
    server: true,
    scan: true,
    profileServer: false,
    skippedSections: new Set(),
    shapes: [...SHAPE_NAMES],
  };
  const sectionFlags = new Map(BENCH_SECTIONS.map((section) => [`--skip-${section.name}`, section.name]));
  for (const arg of argv) {
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--skip-checker') options.checker = false;
    else if (arg === '--skip-server') options.server = false;
    else if (arg === '--skip-scan') options.scan = false;
    else if (arg === '--profile-server') options.profileServer = true;
    else if (sectionFlags.has(arg)) options.skippedSections.add(sectionFlags.get(arg)!);
    else if (arg.startsWith('--only=') && BENCH_SECTIONS.some((section) => section.name === arg.slice('--only='.length))) {
      // One section alone: no checker, server session, scan or other section, and no shaped documents to generate.
      const only = arg.slice('--only='.length);
      options.checker = options.server = options.scan = false;
      for (const section of BENCH_SECTIONS) if (section.name !== only) options.skippedSections.add(section.name);
      options.shapes = [];
    } else if (arg.startsWith('--seed=') && Number.isInteger(Number(arg.slice(7)))) options.seed = Number(arg.slice(7));
    else if (arg.startsWith('--shapes=')) {
      try {
        options.shapes = parseShapes(arg.slice('--shapes='.length));
      } catch (error) {
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(2);
      }
    } else {
      console.error(
        `unknown argument: ${arg}\nusage: node out/bench/run.js [--quick] [--seed=N] [--no-build] [--skip-checker] [--skip-server] [--skip-scan] [--profile-server] [--shapes=${SHAPE_NAMES.join(',')}|all] [--only=${BENCH_SECTIONS.map((section) => section.name).join('|')}] ${[...sectionFlags.keys()].map((flag) => `[${flag}]`).join(' ')}`,
      );
      process.exit(2);
    }
  }
  return options;
}

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'bench'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root above ${start}`);
  }
}

const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

/** The benchmark documents (also written to the data directory's docs/ for the profiler and for trying the CLI on). */
function benchDocumentsFor(seed: number, dataDir: string): Array<BenchDocument & { file: string }> {
  const sizes: Array<{ label: string; bytes: number; format: 'json' | 'yaml' }> = [
    { label: '20 KB', bytes: 20 * 1024, format: 'json' },
    { label: '1 MB', bytes: 1024 * 1024, format: 'json' },
    { label: '10 MB', bytes: 10 * 1024 * 1024, format: 'json' },
    { label: '1 MB', bytes: 1024 * 1024, format: 'yaml' },
    { label: '7.5 MB', bytes: 7.5 * 1024 * 1024, format: 'yaml' },
  ];
  const docsDir = path.join(dataDir, 'docs');
  fs.mkdirSync(docsDir, { recursive: true });
  return sizes.map(({ label, bytes, format }, index) => {
    // Small sizes are a few tools: take the first seed that lands within 15% of the size with at least one violation.
    const fits = (d: ReturnType<typeof generateMcpdesc>): boolean =>
      Math.abs(d.stats.bytes - bytes) <= bytes * 0.15 && Object.values(d.stats.seeded).some((n) => n > 0);
    let generated = generateMcpdesc(seed + index * 1000, bytes, { format });
    for (let next = 1; next < 200 && !fits(generated); next++) {
      generated = generateMcpdesc(seed + index * 1000 + next, bytes, { format });
    }
    const file = path.join(
      docsDir,
      `bench-${label.replace(/\s+/g, '').toLowerCase()}.mcpdesc.${format === 'yaml' ? 'yaml' : 'json'}`,
    );
    fs.writeFileSync(file, generated.text);
    return { label, format, text: generated.text, stats: generated.stats, file };
  });
}

/** The big documents' sizes in every other shape (issue 26), as the sections use them (benchTexts.ts). */
const SHAPED_SIZES: ReadonlyArray<{ name: BenchTextName; label: string }> = [
  { name: '1 MB JSON', label: '1 MB' },
  { name: '10 MB JSON', label: '10 MB' },
  { name: '1 MB YAML', label: '1 MB' },
  { name: '7.5 MB YAML', label: '7.5 MB' },
];

function shapedDocumentsFor(
  seed: number,
  dataDir: string,
  shapes: readonly ShapeName[],
): Array<BenchDocument & { file: string }> {
  const docsDir = path.join(dataDir, 'docs');
  fs.mkdirSync(docsDir, { recursive: true });
  return SHAPED_SIZES.flatMap(({ name, label }) =>
    shapesFor(name, shapes)
      .filter((shape) => shape !== 'base')
      .map((shape) => {
        const { text, format, stats } = benchText(seed, name, shape);
        const file = path.join(docsDir, `bench-${label.replace(/\s+/g, '').toLowerCase()}-${shape}.mcpdesc.${format}`);
        fs.writeFileSync(file, text);
        return { label: shapedLabel(label, shape), format, text, stats, file };
      }),
  );
}

/** Where the checker reports problems (so the benchmark's edits can avoid them); none if it is unavailable. */
function diagnosticOffsets(text: string): number[] {
  try {
    return checkDocument(text).diagnostics.map((d) => d.data.offset);
  } catch {
    return [];
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const machine = machineInfo();
  const repoRoot = findRepoRoot(__dirname);
  const dataDir = benchDataDir();
  fs.mkdirSync(dataDir, { recursive: true });
  const notes: string[] = [];
  if (!(globalThis as { gc?: unknown }).gc)
    notes.push('run without --expose-gc: on big documents, garbage from one contender may be collected during the next');

  log(`generating documents (seed ${options.seed}) …`);
  const baseDocuments = options.shapes.includes('base') ? benchDocumentsFor(options.seed, dataDir) : [];
  const documents = [...baseDocuments, ...shapedDocumentsFor(options.seed, dataDir, options.shapes)];
  if (!options.shapes.includes('base') && options.shapes.length > 0)
    notes.push(`--shapes=${options.shapes.join(',')}: the server session and the workspace scan (base shape only) are left out`);

  const checker: CheckerBenchResult[] = [];
  const profiles: RunResult['profiles'] = [];
  if (options.checker) {
    log('checker vs baselines …');
    for (const document of documents) {
      const row = await benchChecker(document, options.quick, log);
      checker.push(row);
      const check = row.contenders[CHECK];
      log(
        `  ${document.label} ${document.format}: ${check ? `check ${check.median.toFixed(2)} ms = ${check.ratioToFloor.toFixed(2)}× the floor` : `checker unavailable: ${row.checkerUnavailable}`}`,
      );
    }
    if (checker.some((r) => r.checkerUnavailable))
      notes.push(`checkDocument unavailable: ${checker.find((r) => r.checkerUnavailable)!.checkerUnavailable}`);
    // Where the time goes wherever the checker misses a target.
    for (const row of checker) {
      const check = row.contenders[CHECK];
      if (!check || row.format !== 'json') continue;
      if (check.ratioToFloor <= 1.3 && (check.ratioToJsonLs ?? 0) < 1) continue;
      const document = documents.find((d) => d.label === row.label && d.format === row.format)!;
      // About 3 s of warm checks (1.5 s in a quick run), at least a few; then as many parseTrees.
      const budgetMs = options.quick ? 1500 : 3000;
      const iterations = Math.max(options.quick ? 2 : 3, Math.min(2000, Math.round(budgetMs / Math.max(check.median, 0.5))));
      log(`  profiling checkDocument and parseTree on ${row.label} (${iterations} of each) …`);
      try {
        profiles.push({
          label: row.label,
          comparison: compareWithFloor(repoRoot, document.file, iterations, path.join(dataDir, 'profiles')),
        });
      } catch (error) {
        notes.push(`profiling ${row.label} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  const sections = BENCH_SECTIONS.filter((section) => !options.skippedSections.has(section.name));
  const builtServer = path.join(repoRoot, 'dist', 'server.js');
  if (!options.shapes.includes('base')) {
    options.server = false;
    options.scan = false;
  }
  let serverReady = options.server || options.scan || sections.some((section) => section.needsServer);
  if (serverReady && options.build) {
    log('building (npm run build) …');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) {
      notes.push(`build failed, server not measured: ${(build.stderr || build.stdout).trim().split('\n').slice(0, 3).join(' ')}`);
      serverReady = false;
    }
  }
  if (serverReady && !fs.existsSync(builtServer)) {
    notes.push('dist/server.js does not exist: server not measured');
    serverReady = false;
  }
  // Others may rebuild dist/ while the benchmark runs: measure (and profile) a copy of this build.
  const serverPath = path.join(dataDir, 'server-under-test', 'server.js');
  if (serverReady) {
    fs.mkdirSync(path.dirname(serverPath), { recursive: true });
    // The worker threads' script too: the server looks for it next to itself.
    for (const name of ['server.js', 'checkWorker.js']) {
      const built = path.join(path.dirname(builtServer), name);
      const copy = path.join(path.dirname(serverPath), name);
      if (fs.existsSync(built)) fs.copyFileSync(built, copy);
      if (fs.existsSync(`${built}.map`)) fs.copyFileSync(`${built}.map`, `${copy}.map`);
    }
  }

  const scratchDir = path.join(dataDir, 'open');
  let server: RunResult['server'];
  if (serverReady && options.server) {
    log('server: open, edit, burst …');
    try {
      server = await benchDocuments({
        serverPath,
        scratchDir,
        quick: options.quick,
        log,
        repoRoot,
        profileDir: options.profileServer ? path.join(dataDir, 'profiles') : undefined,
        documents: baseDocuments
          .filter((d) => d.format === 'json')
          .map((d) => ({ label: d.label, text: d.text, diagnosticOffsets: diagnosticOffsets(d.text) })),
      });
      if (options.profileServer) notes.push('--profile-server: the server ran under --cpu-prof, so its latencies are inflated');
    } catch (error) {
      notes.push(`server document benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  let scan: RunResult['scan'];
  if (serverReady && options.scan) {
    const workspaceDir = path.join(dataDir, `workspace-${options.seed}`);
    log(`workspace: ensuring 1,000 files in ${workspaceDir} …`);
    const manifest = ensureWorkspace(workspaceDir, options.seed);
    log(`  ${manifest.files.length} files, ${(manifest.totalBytes / 1024 / 1024).toFixed(1)} MB; read+parse floor and scans …`);
    // Floor and scan alternate round by round (F S F S …), so both meet the same machine; the
    // ratio is of the medians, with the median of per-round ratios as a second opinion.
    const floorRuns: number[] = [];
    const floorCpuRuns: number[] = [];
    const warmFloorRuns: number[] = [];
    const scanRounds: ScanResult[] = [];
    // Beside the default scan, the same with 1 and with 2 workers (issue 17: faster with more cores).
    const defaultWorkers = defaultWorkerCount(true);
    const workerCounts = [1, 2].filter((workers) => workers !== defaultWorkers);
    const roundsByWorkers = new Map<number, ScanResult[]>(workerCounts.map((workers) => [workers, []]));
    const rounds = options.quick ? 3 : 5;
    try {
      for (let round = 0; round < rounds; round++) {
        const floor = readAndParseInFreshProcess(workspaceDir);
        floorRuns.push(floor.wallMs);
        floorCpuRuns.push(floor.cpuMs);
        warmFloorRuns.push(readAndParse(workspaceDir, manifest).wallMs);
        log(`  scan ${round + 1}/${rounds} …`);
        const result = await benchScan({
          serverPath,
          dir: workspaceDir,
          manifest,
          quick: options.quick,
          scratchDir,
          log,
          repoRoot,
          // One profiled scan is enough to see where the time goes, and profiling slows it down.
          profileDir: options.profileServer && round === 0 ? path.join(dataDir, 'profiles') : undefined,
        });
        scanRounds.push(result);
        if (result.skipped) break;
        for (const workers of workerCounts) {
          log(`  scan ${round + 1}/${rounds} with ${workers} worker(s) …`);
          roundsByWorkers.get(workers)!.push(
            await benchScan({
              serverPath,
              dir: workspaceDir,
              manifest,
              quick: options.quick,
              scratchDir,
              log,
              repoRoot,
              env: { MCPDESC_CHECK_WORKERS: String(workers) },
            }),
          );
        }
      }
      const scanOnly = medianScan(scanRounds);
      const byWorkers = [defaultWorkers, ...workerCounts]
        .sort((a, b) => a - b)
        .map((workers) => {
          const results = workers === defaultWorkers ? scanRounds : roundsByWorkers.get(workers)!;
          return {
            workers,
            isDefault: workers === defaultWorkers,
            scanMs: results.map((r) => r.scanMs),
            medianMs: results.length ? medianScan(results).scanMs : undefined,
          };
        });
      const floorResult: ScanFloor = {
        medianMs: summarize(floorRuns).median,
        runs: floorRuns,
        cpuRuns: floorCpuRuns,
        warmMedianMs: summarize(warmFloorRuns).median,
        warmRuns: warmFloorRuns,
      };
      let withTyping: ScanResult | undefined;
      if (!scanOnly.skipped) {
        log('  scan with typing …');
        const typingDocument = documents.find((d) => d.label === '20 KB' && d.format === 'json')!;
        withTyping = await benchScan({
          serverPath,
          dir: workspaceDir,
          manifest,
          quick: options.quick,
          scratchDir,
          log,
          repoRoot,
          typingDocument: {
            label: typingDocument.label,
            text: typingDocument.text,
            diagnosticOffsets: diagnosticOffsets(typingDocument.text),
          },
        });
      } else {
        notes.push(`workspace scan: ${scanOnly.skipped}`);
      }
      scan = {
        floor: floorResult,
        scanOnly,
        scanRounds: scanRounds.map((r, i) => ({
          scanMs: r.scanMs,
          floorMs: floorRuns[i],
          scanCpuMs: r.scanCpuMs,
          floorCpuMs: floorCpuRuns[i],
          peakRssMB: r.peakRssMB,
        })),
        withTyping,
        byWorkers,
      };
    } catch (error) {
      notes.push(`workspace benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // The parts of issue 17 and later (sections.ts), each its own table and targets.
  const sectionReports: SectionReport[] = [];
  for (const section of sections) {
    if (section.needsServer && !serverReady) {
      notes.push(`${section.name}: not measured (no server)`);
      continue;
    }
    log(`${section.title} …`);
    try {
      sectionReports.push(
        await section.run({
          serverPath,
          repoRoot,
          seed: options.seed,
          quick: options.quick,
          dataDir,
          log,
          shapes: options.shapes,
        }),
      );
    } catch (error) {
      notes.push(`${section.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  machine.loadAverageAtEnd = machineInfo().loadAverage;
  const partial: Omit<RunResult, 'targets'> = {
    startedAt: new Date(started).toISOString(),
    durationS: (Date.now() - started) / 1000,
    mode: options.quick ? 'quick' : 'full',
    seed: options.seed,
    shapes: options.shapes,
    machine,
    notes,
    checker,
    profiles,
    server,
    scan,
    sections: sectionReports,
  };
  const run: RunResult = { ...partial, targets: judgeTargets(partial) };
  fs.writeFileSync(path.join(dataDir, 'last-run.json'), JSON.stringify(run, null, 2) + '\n');
  const report = renderReport(run);
  fs.writeFileSync(path.join(dataDir, 'last-run.md'), report + '\n');
  console.log(report);
  log(`\nwritten: ${path.join(dataDir, 'last-run.json')} and last-run.md beside it`);
}

/** The round with the median scan time (its details are reported), with the highest peak RSS of all rounds. */
function medianScan(rounds: ScanResult[]): ScanResult {
  const finished = rounds.filter((r) => r.scanMs !== undefined).sort((a, b) => a.scanMs! - b.scanMs!);
  if (finished.length === 0) return rounds[rounds.length - 1];
  const median = finished[Math.floor((finished.length - 1) / 2)];
  const peaks = rounds.map((r) => r.peakRssMB).filter((mb): mb is number => mb !== undefined);
  const profile = rounds.find((r) => r.profile)?.profile;
  return { ...median, peakRssMB: peaks.length ? Math.max(...peaks) : undefined, profile };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
