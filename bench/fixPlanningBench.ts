// Fix planning on every benchmark shape (issue 36, item 6): what the CLI costs on a document beside
// the library's own parse of it, and what fix-all costs beside one full check, on the benchmark's
// documents (1 MB and 10 MB JSON, 1 MB and 7.5 MB YAML) in each shape of shapes.ts. The CLI counts
// what --fix would fix (DocumentCheck.preferredFixCount), so planning every fix of a document is
// part of every plain run; fix-all plans and checks round after round.
//
// Contenders, interleaved in one process round by round (measure.ts):
// - the library's parse: jsonc-parser `parseTree` (JSON), `yaml` `parseDocument` (YAML);
// - one full check (`checkDocument`, as the server and fix-all make it);
// - the CLI's lint of the document as a file (`lintCandidate`: read, check, anchor, count the fixable);
// - fix-all as the server's `source.fixAll` code action runs it (from the cached check);
// - the CLI's --fix without the write (`fixDocument`, then the count on the check it ends with).
// Targets: the CLI's lint ≤ 1.5× the parse; both fix-alls ≤ 2× one check.
//
//   node --expose-gc out/bench/fixPlanningBench.js [--quick] [--seed=N] [--shapes=a,b] [--only=1mbjson|10mbjson|1mbyaml|7.5mbyaml]
import { shippedDocsBaseUri } from '../shared/src/shippedDocs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { parseDocument as parseYamlDocument } from 'yaml';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeActionParams } from 'vscode-languageserver/node';
import { checkDocument } from '../server/src/checker';
import { checkOptionsFor } from '../server/src/host';
import { fixDocument } from '../server/src/host/fixDocument';
import { lintCandidate, type LintSettings } from '../server/src/host/lintFile';
import { fixAllAction } from '../server/src/lsp/codeActions';
import type { CachedCheck } from '../server/src/lsp/openDocument';
import { DEFAULT_SETTINGS } from '../shared/src/settings';
import { benchText, shapedLabel, shapesFor, type BenchTextName } from './benchTexts';
import { benchDataDir } from './dataDir';
import { interleave, machineInfo, summarize, type MachineInfo } from './measure';
import type { TargetResult } from './report';
import { parseShapes, type ShapeName } from './shapes';

export const PARSE = 'library parse';
export const CHECK = 'checkDocument (one full check)';
export const CLI_LINT = 'CLI lint (lintCandidate: check + fixable count)';
export const CODE_ACTION = 'source.fixAll code action';
export const CLI_FIX = 'CLI --fix (fixDocument + fixable count)';
const CLI_LIMIT = 1.5;
const FIX_ALL_LIMIT = 2;

const NAMES: readonly BenchTextName[] = ['1 MB JSON', '10 MB JSON', '1 MB YAML', '7.5 MB YAML'];
const ONLY: Record<string, BenchTextName> = {
  '1mbjson': '1 MB JSON',
  '10mbjson': '10 MB JSON',
  '1mbyaml': '1 MB YAML',
  '7.5mbyaml': '7.5 MB YAML',
};

export interface FixPlanningRow {
  document: string;
  format: 'json' | 'yaml';
  bytes: number;
  problems: number;
  fixable: number;
  /** Fixes fix-all applied. */
  applied: number;
  contender: string;
  samples: number;
  medianMs: number;
  cpuMedianMs: number;
  /** Median over the baseline's median (the parse for the CLI's lint, the check for the fix-alls; the parse's and the check's own rows: over the parse). */
  ratio: number;
  /** The median of round-by-round ratios, and the CPU ratio: second opinions on a loaded machine. */
  pairedRatio: number;
  cpuRatio: number;
}

export interface FixPlanningResult {
  rows: FixPlanningRow[];
  machine: MachineInfo;
  quick: boolean;
}

export interface FixPlanningOptions {
  seed?: number;
  quick?: boolean;
  shapes?: readonly ShapeName[];
  only?: BenchTextName[];
  onProgress?: (message: string) => void;
}

/** The server's side of a codeAction request for source.fixAll on an open document it has checked. */
function codeActionRun(text: string, format: 'json' | 'yaml'): () => unknown {
  const uri = `file:///bench/fix-planning.mcpdesc.${format}`;
  const document = TextDocument.create(uri, format, 1, text);
  const result = checkDocument(
    text,
    checkOptionsFor(
      { path: `/bench/fix-planning.mcpdesc.${format}`, languageId: format, docsBaseUri: shippedDocsBaseUri() },
      DEFAULT_SETTINGS,
    ),
  );
  const cached: CachedCheck = { version: 1, result, settings: DEFAULT_SETTINGS, durationMs: 0 };
  const params: CodeActionParams = {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only: ['source.fixAll'] },
  };
  return () => fixAllAction(params, document, cached, undefined);
}

export async function benchFixPlanning(options: FixPlanningOptions = {}): Promise<FixPlanningResult> {
  const seed = options.seed ?? 20260601;
  const quick = options.quick ?? false;
  const progress = options.onProgress ?? (() => undefined);
  const shapes = options.shapes ?? parseShapes(undefined);
  const machine = machineInfo();
  const rows: FixPlanningRow[] = [];
  const directory = path.join(benchDataDir(), 'fix-planning');
  fs.mkdirSync(directory, { recursive: true });
  for (const name of options.only ?? NAMES) {
    // A quick run measures the big documents in the base shape only.
    const big = name === '10 MB JSON' || name === '7.5 MB YAML';
    for (const shape of shapesFor(name, quick && big ? ['base'] : shapes)) {
      const { text, format } = benchText(seed, name, shape);
      const label = shapedLabel(name, shape);
      const file = path.join(directory, `document.mcpdesc.${format === 'yaml' ? 'yaml' : 'json'}`);
      fs.writeFileSync(file, text);
      const settings: LintSettings = {
        cwd: directory,
        rules: {},
        globs: { include: [], exclude: [] },
        fix: false,
        maxFileSizeMB: 100,
        docsBaseUri: shippedDocsBaseUri(),
      };
      const candidate = { absolutePath: file, explicit: true, realRoot: fs.realpathSync(directory) };
      const checkOptions = checkOptionsFor({ path: file, once: true, docsBaseUri: shippedDocsBaseUri() }, DEFAULT_SETTINGS);
      const fixOptions = checkOptionsFor({ path: file, once: false, docsBaseUri: shippedDocsBaseUri() }, DEFAULT_SETTINGS);
      const first = checkDocument(text, checkOptions);
      const fixed = fixDocument(text, fixOptions);
      const problems = first.diagnostics.length;
      const fixable = first.preferredFixCount();
      progress(`fix planning ${label}: ${(text.length / 1e6).toFixed(1)} MB, ${problems} problems, ${fixable} fixable`);
      const times = await interleave(
        [
          { name: PARSE, run: () => (format === 'json' ? parseTree(text) : parseYamlDocument(text)) },
          { name: CHECK, run: () => checkDocument(text, fixOptions) },
          { name: CLI_LINT, run: () => lintCandidate(candidate, settings) },
          { name: CODE_ACTION, run: codeActionRun(text, format) },
          {
            name: CLI_FIX,
            run: () => {
              const outcome = fixDocument(text, fixOptions);
              return (outcome.check ?? checkDocument(outcome.text, fixOptions)).preferredFixCount();
            },
          },
        ],
        {
          rounds: quick ? 2 : 3,
          warmupRounds: 1,
          collectGarbage: true,
          onRound: (round) => progress(`fix planning ${label}: round ${round + 1}`),
        },
      );
      const parse = times.get(PARSE)!;
      const check = times.get(CHECK)!;
      for (const [contender, timings] of times) {
        const baseline = contender === CODE_ACTION || contender === CLI_FIX ? check : parse;
        const summary = summarize(timings.wall);
        rows.push({
          document: label,
          format,
          bytes: Buffer.byteLength(text),
          problems,
          fixable,
          applied: fixed.applied,
          contender,
          samples: summary.samples,
          medianMs: summary.median,
          cpuMedianMs: summarize(timings.cpu).median,
          ratio: summary.median / summarize(baseline.wall).median,
          pairedRatio: summarize(timings.wall.map((time, index) => time / baseline.wall[index])).median,
          cpuRatio: summarize(timings.cpu).median / summarize(baseline.cpu).median,
        });
      }
    }
  }
  machine.loadAverageAtEnd = machineInfo().loadAverage;
  return { rows, machine, quick };
}

function limitOf(contender: string): number | undefined {
  if (contender === CLI_LINT) return CLI_LIMIT;
  if (contender === CODE_ACTION || contender === CLI_FIX) return FIX_ALL_LIMIT;
  return undefined;
}

export function renderFixPlanning(result: FixPlanningResult): string {
  const lines = [
    `Fix planning on every shape (issue 36): targets the CLI's lint ≤ ${CLI_LIMIT}× the library parse, fix-all (code action and CLI --fix) ≤ ${FIX_ALL_LIMIT}× one check${result.quick ? ' (a quick run: the 10 MB JSON and 7.5 MB YAML documents in the base shape only)' : ''}`,
    `load average ${result.machine.loadAverage.join(' ')} → ${result.machine.loadAverageAtEnd?.join(' ') ?? '?'} on ${result.machine.cores} cores; × is over the parse for the parse, the check and the CLI's lint, over the check for the fix-alls`,
    '',
    '| document | problems | fixable | fixed | contender | runs | median ms | CPU ms | × | paired × | CPU × | target |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of result.rows) {
    const limit = limitOf(row.contender);
    const verdict = limit === undefined ? '' : row.ratio <= limit ? `≤ ${limit}× met` : `≤ ${limit}× MISSED`;
    lines.push(
      `| ${row.document} | ${row.problems} | ${row.fixable} | ${row.applied} | ${row.contender} | ${row.samples} | ${row.medianMs.toFixed(0)} | ${row.cpuMedianMs.toFixed(0)} | ${row.ratio.toFixed(2)} | ${row.pairedRatio.toFixed(2)} | ${row.cpuRatio.toFixed(2)} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}

/** One target row per document and contender with a limit. */
export function fixPlanningTargets(result: FixPlanningResult): TargetResult[] {
  return result.rows.flatMap((row) => {
    const limit = limitOf(row.contender);
    if (limit === undefined) return [];
    const over = row.contender === CLI_LINT ? 'the library parse' : 'one check';
    return [
      {
        target: `${row.contender} ≤ ${limit}× ${over} (${row.document})`,
        status: row.ratio <= limit ? ('pass' as const) : ('miss' as const),
        measured: `${row.ratio.toFixed(2)}× (paired ${row.pairedRatio.toFixed(2)}×, CPU ${row.cpuRatio.toFixed(2)}×)`,
      },
    ];
  });
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const value = (flag: string) => argv.find((arg) => arg.startsWith(`--${flag}=`))?.slice(flag.length + 3);
  const only = value('only');
  benchFixPlanning({
    seed: value('seed') ? Number(value('seed')) : undefined,
    quick: argv.includes('--quick'),
    shapes: parseShapes(value('shapes')),
    only: only ? only.split(',').map((key) => ONLY[key]) : undefined,
    onProgress: (message) => process.stderr.write(`${message}\n`),
  }).then(
    (result) => console.log(renderFixPlanning(result)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
