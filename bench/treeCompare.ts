// The full check of the 10 MB JSON and 7.5 MB YAML documents, an edit inside one tool of each (the
// incremental re-check, and the tree read after it, so the owed moves are made), and the heap the
// parsed tree keeps, by this build beside other builds of the checker (`--compare=LABEL=path/to/out`,
// e.g. a copy of `out/` from before a change), in one process, interleaved round by round with the
// order rotated each round and a forced GC before each sample: the ratios between builds come from
// the same run.
//
//   node --expose-gc out/bench/treeCompare.js [--rounds=N] [--seed=N] [--shape=base] [--only=edit] --compare=before=/tmp/x/out
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
