// The full check of the 10 MB JSON and 7.5 MB YAML documents (and the parse alone), by this build
// beside other builds of the checker (`--compare=LABEL=path/to/out`, e.g. a copy of `out/` from
// before a change), in one process, interleaved round by round with the order rotated each round
// and a forced GC before each sample: the ratios between builds come from the same run.
//
//   node --expose-gc out/bench/treeCompare.js [--rounds=N] [--seed=N] [--shape=base] --compare=before=/tmp/x/out
import * as path from 'node:path';
import { benchText, type BenchTextName } from './benchTexts';
import { summarize } from './measure';
import type { ShapeName } from './shapes';

interface Build {
  label: string;
  check: (text: string, options: { format: 'json' | 'yaml' }) => unknown;
}

function loadBuild(label: string, outDir: string): Build {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const checker = require(path.resolve(outDir, 'server/src/checker/index.js')) as { checkDocument: Build['check'] };
  return { label, check: checker.checkDocument };
}

const collectGarbage = (globalThis as { gc?: () => void }).gc;

function main(): void {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const rounds = Number(value('rounds') ?? 7);
  const seed = Number(value('seed') ?? 20260601);
  const shape = (value('shape') ?? 'base') as ShapeName;
  const builds: Build[] = [loadBuild('this build', path.resolve(__dirname, '..'))];
  for (const spec of args.filter((a) => a.startsWith('--compare='))) {
    const [label, dir] = spec.slice('--compare='.length).split(/=(.*)/s);
    builds.push(loadBuild(label, dir));
  }
  const names: BenchTextName[] = ['10 MB JSON', '7.5 MB YAML'];
  const contenders = names.flatMap((name) => {
    const { text, format } = benchText(seed, name, shape);
    return builds.map((build) => ({ name, build, run: () => build.check(text, { format }) }));
  });
  for (const c of contenders) c.run();
  const samples = new Map(contenders.map((c) => [c, [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]);
    for (const c of order) {
      collectGarbage?.();
      const start = performance.now();
      c.run();
      samples.get(c)!.push(performance.now() - start);
    }
    process.stderr.write(`round ${round + 1}/${rounds}\n`);
  }
  console.log(`| document (${shape}) | build | median ms | p25 | p75 | ratio to first build |`);
  console.log(`|---|---|---:|---:|---:|---:|`);
  for (const name of names) {
    const ofName = contenders.filter((c) => c.name === name);
    const first = summarize(samples.get(ofName[0])!).median;
    for (const c of ofName) {
      const s = summarize(samples.get(c)!);
      console.log(
        `| ${name} | ${c.build.label} | ${s.median.toFixed(0)} | ${s.p25.toFixed(0)} | ${s.p75.toFixed(0)} | ${(s.median / first).toFixed(3)} |`,
      );
    }
  }
}

main();
