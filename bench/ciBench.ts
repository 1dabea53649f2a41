// CI at organisation scale (issue 36): the built CLI on a git repository of 2,000 documents sized
// like the ones people publish (half of them 4-20 KB, most others 22-60 KB shaped like the format's
// public examples, JSON and YAML, one in twenty 100-300 KB like the largest real server description),
// each run a fresh process as a CI job starts it:
//
//   cold                      the whole repository, no cache (what a job does today): the baseline
//   cold --cache              the same, filling the cache (a job's first run)
//   warm --cache              nothing changed since: target under 10% of cold
//   warm --cache, every file touched   the same content with new times (a fresh checkout with the
//                             cache restored, as CI has it): every file read and hashed
//   warm --cache, 5 changed   five documents edited since the cache was filled
//   --changed-since, 5 changed  the same five edits, against HEAD, no cache (a pull request)
//
// In rounds (1 quick, 3 full), each round the five in that order, medians; every figure a ratio to
// the cold run's median of the same session. Each run's report (JSON) is compared: the warm runs
// report what the cold one did, the changed-since run exactly the five documents' problems.
//
//   node out/bench/ciBench.js [--quick] [--seed=N]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchDataDir } from './dataDir';
import { generateMcpdesc } from './generate';
import { machineInfo, summarize, type MachineInfo } from './measure';
import { deriveSeed, Random } from './random';
import type { TargetResult } from './report';

export const CI_REPOSITORY_FILES = 2000;
export const CHANGED_FILES = 5;
export const WARM_TARGET = 'warm --cache ≤ 0.10× cold (2,000 documents)';
const WARM_LIMIT = 0.1;
/** Bumped when the repository's generator changes, so a kept one is made again. */
const REPOSITORY_VERSION = 1;

export const RUNS = [
  'cold',
  'cold --cache',
  'warm --cache',
  'warm --cache, every file touched',
  `warm --cache, ${CHANGED_FILES} changed`,
  `--changed-since, ${CHANGED_FILES} changed`,
] as const;
type RunName = (typeof RUNS)[number];

export interface CiBenchRow {
  run: RunName;
  samples: number;
  medianMs: number;
  ratioToCold: number;
  /** The process's CPU time (its worker threads' included): a second opinion on a loaded machine. */
  cpuMedianMs: number;
  cpuRatioToCold: number;
  /** Problems reported (the last round's). */
  problems: number;
}

export interface CiBenchResult {
  files: number;
  totalBytes: number;
  problems: number;
  rows: CiBenchRow[];
  /** The warm runs reported what the cold one did; the changed-since run the five documents' problems, no more. */
  consistent: boolean;
  inconsistencies: string[];
  machine: MachineInfo;
}

interface RepositoryFile {
  path: string;
  bytes: number;
}

/** The repository (made once per seed and kept in the benchmark's data folder), committed on `main`. */
export function ensureCiRepository(
  dataDir: string,
  seed: number,
  log: (message: string) => void,
): { root: string; files: RepositoryFile[] } {
  const root = path.join(dataDir, `ci-repository-${seed}-v${REPOSITORY_VERSION}`);
  const manifestPath = path.join(root, '.git', 'mcpdesc-bench-files');
  if (fs.existsSync(manifestPath)) return { root, files: JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as RepositoryFile[] };
  log(`  generating a repository of ${CI_REPOSITORY_FILES} documents …`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const random = new Random(deriveSeed(seed, 36));
  const files: RepositoryFile[] = [];
  for (let index = 0; index < CI_REPOSITORY_FILES; index++) {
    const pick = random.next();
    const documentSeed = deriveSeed(seed, 100_000 + index);
    const logUniform = (min: number, max: number): number => Math.round(min * Math.exp(random.next() * Math.log(max / min)));
    const yaml = random.next() < 0.25;
    const generated =
      pick < 0.5
        ? generateMcpdesc(documentSeed, logUniform(4_000, 20_000), { format: yaml ? 'yaml' : 'json' })
        : pick < 0.95
          ? generateMcpdesc(documentSeed, logUniform(22_000, 60_000), { shape: 'spec-like', format: yaml ? 'yaml' : 'json' })
          : generateMcpdesc(documentSeed, logUniform(100_000, 300_000), { shape: 'spec-like', format: 'json' });
    const relative = `teams/team-${String(index % 40).padStart(2, '0')}/server-${String(index).padStart(4, '0')}.mcpdesc.${yaml && pick < 0.95 ? 'yaml' : 'json'}`;
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), generated.text);
    files.push({ path: relative, bytes: Buffer.byteLength(generated.text) });
  }
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'the repository');
  fs.writeFileSync(manifestPath, JSON.stringify(files));
  return { root, files };
}

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Bench',
      GIT_AUTHOR_EMAIL: 'bench@example.com',
      GIT_COMMITTER_NAME: 'Bench',
      GIT_COMMITTER_EMAIL: 'bench@example.com',
    },
  });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

interface JsonProblem {
  file: string;
  code: string;
  violation: string;
  message: string;
}

/** Edits that change no finding's kind: a comment line (YAML) or an extension member (JSON) first. */
function touch(filePath: string): void {
  const text = fs.readFileSync(filePath, 'utf8');
  fs.writeFileSync(filePath, filePath.endsWith('.yaml') ? `# touched\n${text}` : text.replace(/^\{/, '{\n  "x-touched": true,'));
}

export async function benchCi(options: {
  cliPath: string;
  dataDir?: string;
  seed: number;
  quick: boolean;
  log: (message: string) => void;
}): Promise<CiBenchResult> {
  const dataDir = options.dataDir ?? benchDataDir();
  const { root, files } = ensureCiRepository(dataDir, options.seed, options.log);
  const cache = path.join(dataDir, 'ci-cache', 'lint-cache');
  const report = path.join(dataDir, 'ci-cache', 'report.json');
  fs.mkdirSync(path.dirname(cache), { recursive: true });
  // Five documents spread over the repository.
  const changed = Array.from(
    { length: CHANGED_FILES },
    (_, index) => files[Math.floor(((index + 0.5) * files.length) / CHANGED_FILES)].path,
  );

  // The CLI's own CPU time, its workers' included: written by a preloaded hook when its process exits.
  const cpuFile = path.join(dataDir, 'ci-cache', 'cpu.json');
  const cpuHook = path.join(dataDir, 'ci-cache', 'cpu-hook.js');
  fs.writeFileSync(
    cpuHook,
    `if (require('node:worker_threads').isMainThread) process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, JSON.stringify(process.cpuUsage())));\n`,
  );
  const lint = (...args: string[]): { ms: number; cpuMs: number; problems: JsonProblem[] } => {
    fs.rmSync(report, { force: true });
    fs.rmSync(cpuFile, { force: true });
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--require', cpuHook, options.cliPath, '--format', 'json', '-o', report, ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    const ms = performance.now() - started;
    if (run.status !== 0 && run.status !== 1)
      throw new Error(`mcpdesc-lint ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
    const cpu = JSON.parse(fs.readFileSync(cpuFile, 'utf8')) as { user: number; system: number };
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, problems: JSON.parse(fs.readFileSync(report, 'utf8')) as JsonProblem[] };
  };
  const key = (problems: readonly JsonProblem[]): string =>
    JSON.stringify(problems.map((p) => [p.file, p.code, p.violation, p.message]));

  const rounds = options.quick ? 1 : 3;
  const times = new Map<RunName, number[]>(RUNS.map((run) => [run, []]));
  const cpuTimes = new Map<RunName, number[]>(RUNS.map((run) => [run, []]));
  const lastProblems = new Map<RunName, JsonProblem[]>();
  const inconsistencies: string[] = [];
  for (let round = 0; round < rounds; round++) {
    options.log(`  round ${round + 1} of ${rounds} …`);
    git(root, 'checkout', '-q', '--', '.');
    fs.rmSync(cache, { force: true });
    const record = (run: RunName, result: { ms: number; cpuMs: number; problems: JsonProblem[] }): JsonProblem[] => {
      times.get(run)!.push(result.ms);
      cpuTimes.get(run)!.push(result.cpuMs);
      lastProblems.set(run, result.problems);
      return result.problems;
    };
    const cold = record('cold', lint());
    const coldCache = record('cold --cache', lint('--cache', '--cache-location', cache));
    const warm = record('warm --cache', lint('--cache', '--cache-location', cache));
    if (key(coldCache) !== key(cold)) inconsistencies.push(`round ${round + 1}: cold --cache reported other problems than cold`);
    if (key(warm) !== key(cold)) inconsistencies.push(`round ${round + 1}: warm --cache reported other problems than cold`);
    // New times, the same bytes: the stamps the cache knows are all stale.
    const now = new Date();
    for (const file of files) fs.utimesSync(path.join(root, file.path), now, now);
    const touched = record('warm --cache, every file touched', lint('--cache', '--cache-location', cache));
    if (key(touched) !== key(cold))
      inconsistencies.push(`round ${round + 1}: warm --cache after touching reported other problems than cold`);
    // A checkout's index knows its files' times; touched, git would hash every file again to diff them.
    git(root, 'update-index', '-q', '--refresh');
    for (const file of changed) touch(path.join(root, file));
    const coldAfter = lint();
    const warmChanged = record(`warm --cache, ${CHANGED_FILES} changed`, lint('--cache', '--cache-location', cache));
    const since = record(`--changed-since, ${CHANGED_FILES} changed`, lint('--changed-since', 'HEAD'));
    if (key(warmChanged) !== key(coldAfter.problems))
      inconsistencies.push(`round ${round + 1}: warm --cache after the edits reported other problems than a cold run`);
    const expected = coldAfter.problems.filter((problem) => changed.includes(problem.file));
    if (key(since) !== key(expected))
      inconsistencies.push(`round ${round + 1}: --changed-since reported other problems than the edited documents have`);
  }
  git(root, 'checkout', '-q', '--', '.');

  const coldMedian = summarize(times.get('cold')!).median;
  const coldCpuMedian = summarize(cpuTimes.get('cold')!).median;
  const rows: CiBenchRow[] = RUNS.map((run) => {
    const summary = summarize(times.get(run)!);
    const cpu = summarize(cpuTimes.get(run)!).median;
    return {
      run,
      samples: summary.samples,
      medianMs: summary.median,
      ratioToCold: summary.median / coldMedian,
      cpuMedianMs: cpu,
      cpuRatioToCold: cpu / coldCpuMedian,
      problems: lastProblems.get(run)?.length ?? 0,
    };
  });
  return {
    files: files.length,
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    problems: lastProblems.get('cold')?.length ?? 0,
    rows,
    consistent: inconsistencies.length === 0,
    inconsistencies,
    machine: machineInfo(),
  };
}

export function renderCiBench(result: CiBenchResult): string {
  const lines = [
    `${result.files.toLocaleString('en-US')} documents, ${(result.totalBytes / (1024 * 1024)).toFixed(1)} MB, in a git repository; ${result.problems} problems; the built CLI (\`--format json -o FILE\`, default jobs: ${result.machine.cores} cores), a fresh process per run (its CPU time with its worker threads', not git's); ${CHANGED_FILES} documents edited for the last two rows; load average ${result.machine.loadAverage.join(', ')}`,
    '',
    '| run | samples | median ms | × cold | CPU ms | CPU × cold | problems reported |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.rows.map(
      (row) =>
        `| ${row.run} | ${row.samples} | ${row.medianMs.toFixed(0)} | ${row.ratioToCold.toFixed(3)} | ${row.cpuMedianMs.toFixed(0)} | ${row.cpuRatioToCold.toFixed(3)} | ${row.problems} |`,
    ),
    '',
    result.consistent
      ? "The warm runs reported exactly what the cold runs did; `--changed-since` exactly the edited documents' problems."
      : `Inconsistent: ${result.inconsistencies.join('; ')}`,
  ];
  return lines.join('\n');
}

export function ciTargets(result: CiBenchResult): TargetResult[] {
  const warm = result.rows.find((row) => row.run === 'warm --cache')!;
  return [
    {
      target: WARM_TARGET,
      status: !result.consistent ? 'miss' : warm.ratioToCold <= WARM_LIMIT ? 'pass' : 'miss',
      measured: `${warm.ratioToCold.toFixed(3)}× (${warm.medianMs.toFixed(0)} ms against ${(warm.medianMs / warm.ratioToCold).toFixed(0)} ms; CPU ${warm.cpuRatioToCold.toFixed(3)}×)${result.consistent ? '' : '; results inconsistent'}`,
    },
  ];
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const seedArgument = process.argv.find((arg) => arg.startsWith('--seed='));
  const repoRoot = path.resolve(__dirname, '..', '..');
  void benchCi({
    cliPath: path.join(repoRoot, 'dist', 'cli.js'),
    seed: seedArgument ? Number(seedArgument.slice('--seed='.length)) : 20260601,
    quick,
    log: (message) => process.stderr.write(`${message}\n`),
  }).then((result) => {
    process.stdout.write(
      `${renderCiBench(result)}\n\n${ciTargets(result)
        .map((t) => `${t.status}: ${t.target}: ${t.measured}`)
        .join('\n')}\n`,
    );
  });
}
