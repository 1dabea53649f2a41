// The full check of the 10 MB JSON and 7.5 MB YAML documents, an edit inside one tool of each (the
// incremental re-check, and the tree read after it, so the owed moves are made), and the heap the
// parsed tree keeps, by this build beside other builds of the checker (`--compare=LABEL=path/to/out`,
// e.g. a copy of `out/` from before a change), in one process, interleaved round by round with the
// order rotated each round and a forced GC before each sample: the ratios between builds come from
// the same run.
//
//   node --expose-gc out/bench/treeCompare.js [--rounds=N] [--seed=N] [--shape=base] [--only=edit] --compare=before=/tmp/x/out
//
// With `--processes`, each sample is a process of its own (one build loaded, the document read from
// a file, a warm-up then a few timed runs), the processes of all builds interleaved round by round:
// no build's heap or hidden classes in another's way, and each process's peak RSS is reported too.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { benchText, type BenchTextName } from './benchTexts';
import { summarize } from './measure';
import type { ShapeName } from './shapes';

type Format = 'json' | 'yaml';

interface Incremental {
  update(text: string, change: { offset: number; length: number; newLength: number }): { roots: unknown[] };
  lastUpdateWasIncremental: boolean;
}

interface Build {
  label: string;
  check: (text: string, options: { format: Format }) => unknown;
  incremental: new (text: string, options: { format: Format }) => Incremental;
  parse: Record<Format, (text: string) => unknown>;
}

function loadBuild(label: string, outDir: string): Build {
  const load = (file: string): unknown => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path.resolve(outDir, file));
  };
  const checker = load('server/src/checker/index.js') as {
    checkDocument: Build['check'];
    IncrementalDocument: Build['incremental'];
  };
  const json = load('server/src/checker/syntax/json/jsonDocument.js') as { parseJsonDocument: (text: string) => unknown };
  const yaml = load('server/src/checker/syntax/yamlSyntax.js') as { parseYamlForCheck: (text: string) => unknown };
  return {
    label,
    check: checker.checkDocument,
    incremental: checker.IncrementalDocument,
    parse: { json: json.parseJsonDocument, yaml: yaml.parseYamlForCheck },
  };
}

/** An offset inside the text of a tool's description in the middle of the document: an edit there stays in one tool. */
function editOffset(text: string, format: Format): number {
  const marker = format === 'json' ? '"description": "' : 'description: ';
  const at = text.indexOf(marker, text.length >> 1);
  if (at < 0) throw new Error('no description to edit');
  return at + marker.length + 1;
}

const collectGarbage = (globalThis as { gc?: () => void }).gc;

/** Holds what retainedMB measures while it is measured (read by nothing: it only keeps it alive). */
export let kept: unknown;

/** MB of heap that `make`'s result keeps (after full collections). */
function retainedMB(make: () => unknown): number {
  collectGarbage?.();
  const before = process.memoryUsage().heapUsed;
  kept = make();
  collectGarbage?.();
  const after = process.memoryUsage().heapUsed;
  kept = undefined;
  return (after - before) / 1024 / 1024;
}

type Task = 'full check' | 'edit in one tool';
const TASKS: readonly Task[] = ['full check', 'edit in one tool'];

/** One task of one build in this process (a `--processes` sample): its median time and the peak RSS. */
function childMain(value: (name: string) => string | undefined): void {
  const build = loadBuild('child', value('build')!);
  const format = value('format') as Format;
  const text = fs.readFileSync(value('text')!, 'utf8');
  const task = value('task') as Task;
  const samples = Number(value('samples') ?? 5);
  let run: () => void;
  if (task === 'full check') {
    run = () => void build.check(text, { format });
  } else {
    const offset = editOffset(text, format);
    const edited = `${text.slice(0, offset)}x${text.slice(offset)}`;
    const incremental = new build.incremental(text, { format });
    let isEdited = false;
    run = () => {
      isEdited = !isEdited;
      const result = isEdited
        ? incremental.update(edited, { offset, length: 0, newLength: 1 })
        : incremental.update(text, { offset, length: 1, newLength: 0 });
      if (!incremental.lastUpdateWasIncremental) throw new Error('the edit was not incremental');
      void result.roots;
    };
  }
  run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    collectGarbage?.();
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  process.stdout.write(JSON.stringify({ ms: summarize(times).median, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
}

/** Every build's tasks, each sample a process of its own (see the top of the file). */
function processesMain(builds: readonly { label: string; dir: string }[], rounds: number, seed: number, shape: ShapeName): void {
  const names: BenchTextName[] = ['10 MB JSON', '7.5 MB YAML'];
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-compare-'));
  const files = new Map(
    names.map((name) => {
      const { text, format } = benchText(seed, name, shape);
      const file = path.join(directory, `${name.replace(/\W+/g, '-')}.${format}`);
      fs.writeFileSync(file, text);
      return [name, { file, format }] as const;
    }),
  );
  const contenders = names.flatMap((name) => TASKS.flatMap((task) => builds.map((build) => ({ name, task, build }))));
  const results = new Map(contenders.map((c) => [c, { ms: [] as number[], rss: [] as number[] }]));
  for (let round = 0; round < rounds; round++) {
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]);
    for (const c of order) {
      const { file, format } = files.get(c.name)!;
      const samples = c.task === 'full check' ? (format === 'json' ? 5 : 3) : 15;
      const child = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          __filename,
          '--child',
          `--build=${c.build.dir}`,
          `--text=${file}`,
          `--format=${format}`,
          `--task=${c.task}`,
          `--samples=${samples}`,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      if (child.status !== 0) throw new Error(`${c.build.label}, ${c.name}, ${c.task}: ${child.stderr}`);
      const { ms, maxRssMB } = JSON.parse(child.stdout) as { ms: number; maxRssMB: number };
      results.get(c)!.ms.push(ms);
      results.get(c)!.rss.push(maxRssMB);
    }
    process.stderr.write(`round ${round + 1}/${rounds}\n`);
  }
  fs.rmSync(directory, { recursive: true, force: true });
  console.log(
    `| document (${shape}), one process per sample | build | median ms | ratio to first build | peak RSS MB | ratio to first build |`,
  );
  console.log(`|---|---|---:|---:|---:|---:|`);
  for (const name of names) {
    for (const task of TASKS) {
      const ofTask = contenders.filter((c) => c.name === name && c.task === task);
      const firstMs = summarize(results.get(ofTask[0])!.ms).median;
      const firstRss = summarize(results.get(ofTask[0])!.rss).median;
      for (const c of ofTask) {
        const ms = summarize(results.get(c)!.ms).median;
        const rss = summarize(results.get(c)!.rss).median;
        console.log(
          `| ${name}, ${task} | ${c.build.label} | ${ms.toFixed(ms < 10 ? 2 : 0)} | ${(ms / firstMs).toFixed(3)} | ${rss.toFixed(0)} | ${(rss / firstRss).toFixed(3)} |`,
        );
      }
    }
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const rounds = Number(value('rounds') ?? 7);
  const seed = Number(value('seed') ?? 20260601);
  const shape = (value('shape') ?? 'base') as ShapeName;
  if (args.includes('--child')) return childMain(value);
  const buildDirs = [{ label: 'this build', dir: path.resolve(__dirname, '..') }];
  for (const spec of args.filter((a) => a.startsWith('--compare='))) {
    const [label, dir] = spec.slice('--compare='.length).split(/=(.*)/s);
    buildDirs.push({ label, dir });
  }
  if (args.includes('--processes')) return processesMain(buildDirs, rounds, seed, shape);
  const builds = buildDirs.map(({ label, dir }) => loadBuild(label, dir));
  const names: BenchTextName[] = ['10 MB JSON', '7.5 MB YAML'];
  const contenders = names.flatMap((name) => {
    const { text, format } = benchText(seed, name, shape);
    const offset = editOffset(text, format);
    const edited = `${text.slice(0, offset)}x${text.slice(offset)}`;
    return builds.flatMap((build) => {
      const incremental = new build.incremental(text, { format });
      let isEdited = false;
      const edit = (): void => {
        isEdited = !isEdited;
        const result = isEdited
          ? incremental.update(edited, { offset, length: 0, newLength: 1 })
          : incremental.update(text, { offset, length: 1, newLength: 0 });
        if (!incremental.lastUpdateWasIncremental) throw new Error(`${build.label}: the edit in ${name} was not incremental`);
        void result.roots;
      };
      return [
        { name: `${name}, full check`, build, run: () => build.check(text, { format }) },
        { name: `${name}, edit in one tool`, build, run: edit },
      ];
    });
  });
  // `--only=edit`: the contenders whose name holds the text (the others are not even warmed up).
  const only = value('only');
  if (only !== undefined) contenders.splice(0, contenders.length, ...contenders.filter((c) => c.name.includes(only)));
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
  for (const name of new Set(contenders.map((c) => c.name))) {
    const ofName = contenders.filter((c) => c.name === name);
    const first = summarize(samples.get(ofName[0])!).median;
    for (const c of ofName) {
      const s = summarize(samples.get(c)!);
      const digits = s.median < 10 ? 2 : 0;
      console.log(
        `| ${name} | ${c.build.label} | ${s.median.toFixed(digits)} | ${s.p25.toFixed(digits)} | ${s.p75.toFixed(digits)} | ${(s.median / first).toFixed(3)} |`,
      );
    }
  }
  if (only !== undefined) return;
  console.log('');
  console.log(`| document (${shape}) | build | heap the parsed tree keeps, MB (median of 3) | ratio to first build |`);
  console.log(`|---|---|---:|---:|`);
  for (const name of names) {
    const { text, format } = benchText(seed, name, shape);
    const retained = builds.map((build) => summarize([0, 1, 2].map(() => retainedMB(() => build.parse[format](text)))).median);
    builds.forEach((build, index) => {
      console.log(`| ${name} | ${build.label} | ${retained[index].toFixed(1)} | ${(retained[index] / retained[0]).toFixed(3)} |`);
    });
  }
}

main();
