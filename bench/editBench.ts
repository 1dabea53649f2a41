// An edit inside one tool, as the server's incremental re-check takes it (IncrementalDocument.update
// with the edit's span), against parsing the whole text (jsonc-parser parseTree for JSON, `yaml`
// parseDocument for YAML), interleaved in this process, the order alternating round by round and a
// forced GC before each sample. The edit is one character that makes, then fixes, an invalid
// `action` (away from the document's other problems), so each update adds or removes exactly one
// diagnostic; the report says how many updates took the one-tool path (all of them should).
//
// Part of `npm run bench` (run.ts, after the checker); alone: node --expose-gc out/bench/editBench.js [--quick] [--seed=N]
import { parseTree } from 'jsonc-parser';
import { parseDocument as parseYamlDocument } from 'yaml';
import { checkDocument, IncrementalDocument } from '../server/src/checker';
import { benchText, shapedLabel, shapesFor, toggleOffset, type BenchTextName } from './benchTexts';
import { parseShapes, type ShapeName } from './shapes';
import { interleave, summarize, type Summary } from './measure';
import { fmtMs, fmtRatio, markdownTable, type TargetResult } from './report';

export const EDIT_DOCUMENTS: readonly BenchTextName[] = ['10 MB JSON', '1 MB YAML', '7.5 MB YAML'];
/** The documents of the other shapes (shapes.ts): the big ones, where issue 26's target is. */
export const EDIT_DOCUMENTS_OTHER_SHAPES: readonly BenchTextName[] = ['10 MB JSON', '7.5 MB YAML'];

export interface EditBenchRow {
  document: string;
  format: 'json' | 'yaml';
  /** The 10 MB content (10 MB JSON, 7.5 MB YAML): issue 26's ≤ 0.05×; else issue 17's YAML ≤ 0.2×. */
  big: boolean;
  bytes: number;
  tools: number;
  floor: string;
  floorMs: Summary;
  edit: Summary;
  /** Edit median / floor median. */
  ratio: number;
  /** Median of per-round ratios (a second opinion). */
  pairedRatio: number;
  /** Updates that took the one-tool path, of all. */
  incremental: number;
  updates: number;
  /** Diagnostics with the violation made / fixed: they must differ by one. */
  countBroken: number;
  countFixed: number;
}

export interface EditBenchResult {
  rows: EditBenchRow[];
}

const PARSE_TREE = 'jsonc-parser parseTree';
const YAML_PARSE = 'yaml parseDocument';

function benchOne(
  seed: number,
  name: BenchTextName,
  shape: ShapeName,
  quick: boolean,
  log: (message: string) => void,
): Promise<EditBenchRow> {
  const { text, format, stats } = benchText(seed, name, shape);
  const label = shapedLabel(name, shape);
  const offset = toggleOffset(
    text,
    format,
    checkDocument(text, { format }).diagnostics.map((d) => d.data.offset),
  );
  const broken = `${text.slice(0, offset)}x${text.slice(offset)}`;
  const incremental = new IncrementalDocument(text, { format });
  let isBroken = false;
  let updates = 0;
  let incrementalUpdates = 0;
  const counts = { broken: -1, fixed: -1 };
  const floorName = format === 'json' ? PARSE_TREE : YAML_PARSE;
  const floor = format === 'json' ? () => parseTree(text) : () => parseYamlDocument(text, { keepSourceTokens: false });
  const rounds = quick ? 5 : 15;
  log(`  edit inside one tool, ${label}: ${rounds} rounds …`);
  return interleave(
    [
      { name: floorName, run: floor },
      {
        name: 'edit',
        run: () => {
          isBroken = !isBroken;
          const result = isBroken
            ? incremental.update(broken, { offset, length: 0, newLength: 1 })
            : incremental.update(text, { offset, length: 1, newLength: 0 });
          updates++;
          if (incremental.lastUpdateWasIncremental) incrementalUpdates++;
          counts[isBroken ? 'broken' : 'fixed'] = result.diagnostics.length;
          return result;
        },
      },
    ],
    { rounds, warmupRounds: 2, collectGarbage: true },
  ).then((times) => {
    const floorTimes = times.get(floorName)!.wall;
    const editTimes = times.get('edit')!.wall;
    const floorSummary = summarize(floorTimes);
    const edit = summarize(editTimes);
    return {
      document: label,
      format,
      big: name !== '1 MB YAML',
      bytes: Buffer.byteLength(text),
      tools: stats.tools,
      floor: floorName,
      floorMs: floorSummary,
      edit,
      ratio: edit.median / floorSummary.median,
      pairedRatio: summarize(editTimes.map((t, i) => t / floorTimes[i]!)).median,
      incremental: incrementalUpdates,
      updates,
      countBroken: counts.broken,
      countFixed: counts.fixed,
    };
  });
}

export async function benchEdits(
  seed: number,
  quick: boolean,
  log: (message: string) => void,
  shapes: readonly ShapeName[] = ['base'],
): Promise<EditBenchResult> {
  const rows: EditBenchRow[] = [];
  for (const name of EDIT_DOCUMENTS) {
    for (const shape of shapesFor(name, shapes)) {
      if (shape !== 'base' && !EDIT_DOCUMENTS_OTHER_SHAPES.includes(name)) continue;
      rows.push(await benchOne(seed, name, shape, quick, log));
    }
  }
  return { rows };
}

export function renderEdits(result: EditBenchResult): string {
  return [
    'An edit inside one tool (IncrementalDocument.update with its span) against parsing the whole text, interleaved in one process, a forced GC before each sample',
    markdownTable(
      [
        'document',
        'edit p50 (p25 – p75)',
        'whole-text parse (median)',
        'edit / parse',
        'paired',
        'one-tool path',
        'diagnostics broken / fixed',
      ],
      result.rows.map((row) => [
        `${row.document} (${row.tools} tools)`,
        `${fmtMs(row.edit.median)} (${fmtMs(row.edit.p25)} – ${fmtMs(row.edit.p75)})`,
        `${fmtMs(row.floorMs.median)} (${row.floor})`,
        fmtRatio(row.ratio),
        fmtRatio(row.pairedRatio),
        `${row.incremental}/${row.updates}`,
        `${row.countBroken} / ${row.countFixed}`,
      ]),
    ),
  ].join('\n');
}

/**
 * Issue 26: ≤ 0.05× the library's parse on the 10 MB content (10 MB JSON, 7.5 MB YAML), every shape;
 * issue 17: ≤ 0.2× parseDocument on the 1 MB YAML document. Every update on the one-tool path, each
 * toggling one diagnostic.
 */
export function editTargets(result: EditBenchResult): TargetResult[] {
  return result.rows.map((row) => {
    const limit = row.big ? 0.05 : 0.2;
    const sound = row.incremental === row.updates && Math.abs(row.countBroken - row.countFixed) === 1;
    return {
      target: `edit inside one tool p50 ≤ ${limit}× ${row.floor} (${row.document})`,
      status: row.ratio <= limit && sound ? 'pass' : 'miss',
      measured: `${fmtRatio(row.ratio)} (${fmtMs(row.edit.median)} vs ${fmtMs(row.floorMs.median)}; paired ${fmtRatio(row.pairedRatio)}; one-tool path ${row.incremental}/${row.updates}${sound ? '' : `, diagnostics ${row.countBroken} / ${row.countFixed}`})`,
    };
  });
}

async function main(): Promise<void> {
  const seedArg = process.argv.find((arg) => arg.startsWith('--seed='));
  const result = await benchEdits(
    seedArg ? Number(seedArg.slice(7)) : 20260601,
    process.argv.includes('--quick'),
    (message) => process.stderr.write(`${message}\n`),
    parseShapes(process.argv.find((arg) => arg.startsWith('--shapes='))?.slice('--shapes='.length)),
  );
  console.log(renderEdits(result));
  console.log(
    markdownTable(
      ['target', 'result', 'measured'],
      editTargets(result).map((t) => [t.target, t.status, t.measured]),
      3,
    ),
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
