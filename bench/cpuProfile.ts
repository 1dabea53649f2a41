// Where the checker's time goes: runs checkDocument on one document in a child process, with the
// V8 sampling profiler on for the warm checks only (the first check compiles schemas and code, a
// cost paid once per server), then sums the profile's self time per function and per file, and
// subtracts a profile of parseTree on the same text: what is left is what the check adds to the
// floor. The benchmark calls it for every size where the checker misses a target; it also runs alone:
//   node out/bench/cpuProfile.js $TMPDIR/mcpdesc-bench/docs/bench-1mb.mcpdesc.json [iterations]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import * as path from 'node:path';
import { benchDataDir } from './dataDir';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface HotSpot {
  /** function (file:line), the file relative to the repository. */
  name: string;
  selfMs: number;
  /** Share of all sampled time, in percent. */
  percent: number;
}

export interface ProfileSummary {
  profilePath: string;
  totalMs: number;
  byFunction: HotSpot[];
  byFile: HotSpot[];
}

/** What one operation spends per function, in ms (for comparing the check with the floor). */
export interface PerOperation {
  iterations: number;
  byFunctionMs: Record<string, number>;
  byFileMs: Record<string, number>;
}

export interface ProfileComparison {
  check: ProfileSummary;
  floor: ProfileSummary;
  /** Where the check spends more than parseTree does, per operation, largest first. */
  extraByFunction: Array<{ name: string; extraMs: number }>;
  extraByFile: Array<{ name: string; extraMs: number }>;
  checkMsPerOperation: number;
  floorMsPerOperation: number;
}

export function summarizeCpuProfile(profilePath: string, repoRoot: string, top = 15): ProfileSummary {
  return summarizeWithTotals(profilePath, repoRoot, top).summary;
}

function summarizeWithTotals(
  profilePath: string,
  repoRoot: string,
  top: number,
): { summary: ProfileSummary; functions: Map<string, number>; files: Map<string, number> } {
  const profile = JSON.parse(fs.readFileSync(profilePath, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMicros = new Map<number, number>();
  // timeDeltas[i] is the time since the previous sample; the first one counts from the profiler's
  // start and lands on whatever was on the stack then (the inspector call that started it): skip it.
  profile.samples.forEach((id, i) => {
    if (i > 0) selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  const bundles = new Map<string, BundleIndex | undefined>();
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    let file = frame.url ? relativeFile(frame.url, repoRoot) : `(${frame.functionName || 'native'})`;
    let where = `${file}:${frame.lineNumber + 1}`;
    if (frame.url.endsWith('.js')) {
      if (!bundles.has(frame.url)) bundles.set(frame.url, indexBundle(frame.url));
      const source = bundles.get(frame.url)?.sourceAt(frame.lineNumber);
      if (source) {
        file = source.file;
        where = `${source.file}, bundle line ${frame.lineNumber + 1}`;
      }
    }
    const fn = `${frame.functionName || '(anonymous)'}${frame.url ? ` (${where})` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + micros);
    files.set(file, (files.get(file) ?? 0) + micros);
  }
  const rank = (entries: Map<string, number>): HotSpot[] =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({
        name,
        selfMs: Math.round(micros / 100) / 10,
        percent: Math.round((micros / total) * 1000) / 10,
      }));
  return {
    summary: { profilePath, totalMs: Math.round(total / 1000), byFunction: rank(functions), byFile: rank(files) },
    functions,
    files,
  };
}

/** esbuild's unminified bundles mark each inlined module with a `// path/to/source.ts` line. */
interface BundleIndex {
  sourceAt(zeroBasedLine: number): { file: string } | undefined;
}

function indexBundle(url: string): BundleIndex | undefined {
  let text: string;
  try {
    text = fs.readFileSync(url.startsWith('file://') ? new URL(url) : url, 'utf8');
  } catch {
    return undefined;
  }
  const starts: number[] = [];
  const names: string[] = [];
  const marker = /^\/\/ ((?:server|shared|client|bench|node_modules)\/\S+\.[cm]?[jt]s)$/;
  text.split('\n').forEach((line, i) => {
    const match = marker.exec(line);
    if (match) {
      starts.push(i);
      names.push(match[1]!);
    }
  });
  if (starts.length === 0) return undefined;
  return {
    sourceAt(zeroBasedLine) {
      let lo = 0;
      let hi = starts.length - 1;
      if (zeroBasedLine < starts[0]!) return undefined;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= zeroBasedLine) lo = mid;
        else hi = mid - 1;
      }
      return { file: names[lo]! };
    },
  };
}

function relativeFile(url: string, repoRoot: string): string {
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  return file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file.replace(/^.*node_modules\//, 'node_modules/');
}

type Subject = 'check' | 'parseTree';

function profileRun(repoRoot: string, documentPath: string, iterations: number, outDir: string, subject: Subject): string {
  fs.mkdirSync(outDir, { recursive: true });
  const profilePath = path.join(
    outDir,
    `${path.basename(documentPath).replace(/\W+/g, '-')}-${subject}-${Date.now()}.cpuprofile`,
  );
  const run = spawnSync(process.execPath, [__filename, '--child', documentPath, String(iterations), profilePath, subject], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`profiling run failed: ${run.stderr || run.stdout}`);
  return profilePath;
}

/** Profiles `iterations` warm checks of the document at `documentPath` in a child process. */
export function profileChecker(repoRoot: string, documentPath: string, iterations: number, outDir: string): ProfileSummary {
  return summarizeCpuProfile(profileRun(repoRoot, documentPath, iterations, outDir, 'check'), repoRoot);
}

/** Profiles the check and parseTree on the same document, and where the check spends more per operation. */
export function compareWithFloor(repoRoot: string, documentPath: string, iterations: number, outDir: string): ProfileComparison {
  const check = summarizeWithTotals(profileRun(repoRoot, documentPath, iterations, outDir, 'check'), repoRoot, 15);
  const floor = summarizeWithTotals(profileRun(repoRoot, documentPath, iterations, outDir, 'parseTree'), repoRoot, 15);
  const extra = (a: Map<string, number>, b: Map<string, number>): Array<{ name: string; extraMs: number }> => {
    const names = new Set([...a.keys(), ...b.keys()]);
    return [...names]
      .map((name) => ({ name, extraMs: Math.round(((a.get(name) ?? 0) - (b.get(name) ?? 0)) / iterations / 10) / 100 }))
      .filter((e) => e.extraMs > 0)
      .sort((x, y) => y.extraMs - x.extraMs)
      .slice(0, 12);
  };
  const perOperation = (totals: Map<string, number>): number =>
    Math.round([...totals.values()].reduce((x, y) => x + y, 0) / iterations / 10) / 100;
  return {
    check: check.summary,
    floor: floor.summary,
    extraByFunction: extra(check.functions, floor.functions),
    extraByFile: extra(check.files, floor.files),
    checkMsPerOperation: perOperation(check.functions),
    floorMsPerOperation: perOperation(floor.functions),
  };
}

async function runChecks(documentPath: string, iterations: number, profilePath: string, subject: Subject): Promise<void> {
  // Loaded here, not at the top: the parent only reads profiles.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { checkDocument } = require('../server/src/checker') as typeof import('../server/src/checker');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parseTree } = require('jsonc-parser') as typeof import('jsonc-parser');
  const text = fs.readFileSync(documentPath, 'utf8');
  const format = /\.ya?ml$/.test(documentPath) ? 'yaml' : 'json';
  const operation = subject === 'check' ? () => checkDocument(text, { format }) : () => parseTree(text);
  for (let i = 0; i < 2; i++) operation();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  for (let i = 0; i < iterations; i++) operation();
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(profilePath, JSON.stringify(profile));
  session.disconnect();
}

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    runChecks(args[1]!, Number(args[2] ?? 10), args[3]!, args[4] === 'parseTree' ? 'parseTree' : 'check').catch(
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  } else if (args[0]) {
    const repoRoot = findRepoRoot(__dirname);
    const comparison = compareWithFloor(
      repoRoot,
      path.resolve(args[0]),
      Number(args[1] ?? 10),
      path.join(benchDataDir(), 'profiles'),
    );
    const summary = comparison.check;
    console.log(`profile: ${summary.profilePath} (${summary.totalMs} ms sampled)`);
    console.log(
      `per operation: check ${comparison.checkMsPerOperation} ms, parseTree ${comparison.floorMsPerOperation} ms; the check's extra by function:`,
    );
    for (const e of comparison.extraByFunction) console.log(`  +${e.extraMs.toFixed(2).padStart(8)} ms  ${e.name}`);
    console.log('self time by function:');
    for (const h of summary.byFunction)
      console.log(`  ${h.percent.toFixed(1).padStart(5)}%  ${h.selfMs.toFixed(1).padStart(8)} ms  ${h.name}`);
    console.log('self time by file:');
    for (const h of summary.byFile)
      console.log(`  ${h.percent.toFixed(1).padStart(5)}%  ${h.selfMs.toFixed(1).padStart(8)} ms  ${h.name}`);
  } else {
    console.error('usage: node out/bench/cpuProfile.js <document> [iterations]');
    process.exitCode = 2;
  }
}
