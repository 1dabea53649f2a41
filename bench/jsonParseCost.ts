// What the JSON reader costs, in time and in memory allocated, on the scan workspace's documents and
// on the 10 MB JSON document: the production parse (`parseJsonDocument`) and the whole check
// (`checkDocument`) of this build, beside jsonc-parser's `parseTree`, and beside the same calls of
// other builds (`--compare=LABEL=path/to/out`, e.g. a copy of `out/` from before a change), all in
// this one process and interleaved round by round, so that the figures of every build come from the
// same run. Allocation is what V8's collector saw (v8.GCProfiler): the sum over collections of the
// heap used before each less what the previous one left, plus the growth since the last.
//
//   node --expose-gc out/bench/jsonParseCost.js [--rounds=N] [--seed=N] [--compare=before=/tmp/x/out]
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { parseTree } from 'jsonc-parser';
import { benchDataDir } from './dataDir';
import { benchText } from './benchTexts';
import { summarize } from './measure';
import { ensureWorkspace } from './workspace';

interface Build {
  label: string;
  parse: (text: string) => unknown;
  check: (text: string, options: { format: 'json' | 'jsonc' }) => unknown;
}

interface Work {
  name: string;
  texts: { text: string; format: 'json' | 'jsonc' }[];
}

function loadBuild(label: string, outDir: string): Build {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const checker = require(path.resolve(outDir, 'server/src/checker/index.js')) as { checkDocument: Build['check'] };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const parse = require(path.resolve(outDir, 'server/src/checker/syntax/json/jsonDocument.js')) as {
    parseJsonDocument: Build['parse'];
  };
  return { label, parse: parse.parseJsonDocument, check: checker.checkDocument };
}

interface GcStatistics {
  statistics: { beforeGC: { heapStatistics: { usedHeapSize: number } }; afterGC: { heapStatistics: { usedHeapSize: number } } }[];
}

/** Wall time and bytes allocated by `run`. */
function measure(run: () => void): { ms: number; allocatedMB: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const startUsed = v8.getHeapStatistics().used_heap_size;
  const profiler = new v8.GCProfiler();
  profiler.start();
  const start = performance.now();
  run();
  const ms = performance.now() - start;
  const endUsed = v8.getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop() as unknown as GcStatistics;
  let allocated = 0;
  let previous = startUsed;
  for (const gc of statistics) {
    allocated += gc.beforeGC.heapStatistics.usedHeapSize - previous;
    previous = gc.afterGC.heapStatistics.usedHeapSize;
  }
  allocated += endUsed - previous;
  return { ms, allocatedMB: allocated / 1024 / 1024 };
}

function main(): void {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const rounds = Number(value('rounds') ?? 5);
  const seed = Number(value('seed') ?? 20260601);
  const builds: Build[] = [loadBuild('this build', path.resolve(__dirname, '..'))];
  for (const spec of args.filter((a) => a.startsWith('--compare='))) {
    const [label, dir] = spec.slice('--compare='.length).split(/=(.*)/s);
    builds.push(loadBuild(label, dir));
  }

  const workspaceDir = path.join(benchDataDir(), `workspace-${seed}`);
  const manifest = ensureWorkspace(workspaceDir, seed);
  const workspace: Work = {
    name: `workspace (${manifest.files.filter((f) => f.kind !== 'other-json' && !f.ignored).length} documents)`,
    texts: manifest.files
      .filter((f) => f.kind !== 'other-json' && !f.ignored)
      .map((f) => ({
        text: fs.readFileSync(path.join(workspaceDir, f.path), 'utf8'),
        format: f.path.endsWith('.jsonc') ? 'jsonc' : 'json',
      })),
  };
  const big: Work = { name: '10 MB JSON', texts: [{ text: benchText(seed, '10 MB JSON').text, format: 'json' }] };

  const contenders: { label: string; work: Work; run: () => void }[] = [];
  for (const work of [workspace, big]) {
    contenders.push({
      label: 'parseTree',
      work,
      run: () => work.texts.forEach((t) => parseTree(t.text, [], { allowTrailingComma: true })),
    });
    for (const build of builds) {
      contenders.push({ label: `${build.label}: parse`, work, run: () => work.texts.forEach((t) => build.parse(t.text)) });
      contenders.push({
        label: `${build.label}: check`,
        work,
        run: () => work.texts.forEach((t) => build.check(t.text, { format: t.format })),
      });
    }
  }
  // Warm-up: each contender once, untimed.
  for (const c of contenders) c.run();
  const samples = new Map<(typeof contenders)[number], { ms: number[]; mb: number[] }>(
    contenders.map((c) => [c, { ms: [], mb: [] }]),
  );
  for (let round = 0; round < rounds; round++) {
    // Rotated each round, so that no contender always follows the same one.
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]);
    for (const c of order) {
      const { ms, allocatedMB } = measure(c.run);
      samples.get(c)!.ms.push(ms);
      samples.get(c)!.mb.push(allocatedMB);
    }
    process.stderr.write(`round ${round + 1}/${rounds}\n`);
  }
  console.log(`| document | contender | median ms | allocated MB (median) |`);
  console.log(`|---|---|---:|---:|`);
  for (const c of contenders) {
    const s = samples.get(c)!;
    console.log(`| ${c.work.name} | ${c.label} | ${summarize(s.ms).median.toFixed(1)} | ${summarize(s.mb).median.toFixed(0)} |`);
  }
}

main();
