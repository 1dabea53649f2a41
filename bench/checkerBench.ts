// Phase 2: the pure checker against its baselines on the same texts, interleaved in one process.
// parseTree is the floor (every check must parse); JSON.parse is the fastest parse there is;
// vscode-json-languageservice validating against a schema of the same shapes is what VS Code's
// JSON support costs on each edit.
import { parseTree } from 'jsonc-parser';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { parseDocument as parseYamlDocument } from 'yaml';
import { checkDocument } from '../server/src/checker';
import { DECLARATION_RULE_ID, ELICITATION_RULE_ID } from '../shared/src/rules';
import type { GenerationStats } from './generate';
import { type Contender, interleave, summarize, type Summary } from './measure';
import { MCPDESC_JSON_SCHEMA } from './mcpdescSchema';

export interface BenchDocument {
  /** '20 KB', '1 MB', … */
  label: string;
  format: 'json' | 'yaml';
  text: string;
  stats: GenerationStats;
}

export const PARSE_TREE = 'jsonc-parser parseTree';
export const JSON_PARSE = 'JSON.parse';
export const JSON_LS = 'json-languageservice';
export const YAML_PARSE = 'yaml parseDocument';
export const CHECK = 'checkDocument';

export interface ContenderResult extends Summary {
  /** Median over the floor's median. */
  ratioToFloor: number;
  /** Median over rounds of this round's time / the floor's time in the same round (cancels drift between rounds). */
  pairedRatioToFloor: number;
  /** Median CPU time of one operation, and its ratio to the floor's (see Timings.cpu). */
  cpuMedian: number;
  cpuRatioToFloor: number;
  /** Median over json-languageservice's median (JSON documents only). */
  ratioToJsonLs?: number;
}

export interface CheckerBenchResult {
  label: string;
  format: 'json' | 'yaml';
  bytes: number;
  tools: number;
  elicitationSteps: number;
  rounds: number;
  batch: number;
  floor: string;
  contenders: Record<string, ContenderResult>;
  /** Why checkDocument is missing from the contenders, if it is. */
  checkerUnavailable?: string;
  sanity: {
    seeded: number;
    seededByKind: Record<string, number>;
    /** The diagnostics of the rule violations are seeded for (elicitation-consistency). */
    checkerDiagnostics?: number;
    checkerByKind?: Record<string, number>;
    /** What declaration-validity found besides (the generator does not aim at it). */
    declarationDiagnostics?: number;
    /** Every seeded violation reported once, and nothing else. */
    checkerMatchesSeeded?: boolean;
    /** The checker's own notice when it skipped the document (too large, format unsupported, …). */
    checkerSkipped?: string;
    jsonLsDiagnostics?: number;
  };
}

export interface RoundPlan {
  rounds: number;
  batch: number;
  warmupRounds: number;
}

export function roundPlan(bytes: number, quick: boolean): RoundPlan {
  // Small documents: a few hundred untimed runs each first, so that every contender is measured as
  // the optimizing compiler leaves it (as in a server that has seen a few keystrokes), not while it
  // is still being compiled.
  if (bytes < 200_000) return quick ? { rounds: 21, batch: 10, warmupRounds: 30 } : { rounds: 61, batch: 10, warmupRounds: 30 };
  if (bytes < 3_000_000) return quick ? { rounds: 7, batch: 1, warmupRounds: 1 } : { rounds: 21, batch: 1, warmupRounds: 2 };
  return quick ? { rounds: 3, batch: 1, warmupRounds: 1 } : { rounds: 7, batch: 1, warmupRounds: 2 };
}

const jsonLs = getLanguageService({});
jsonLs.configure({
  validate: true,
  allowComments: true,
  schemas: [{ uri: String(MCPDESC_JSON_SCHEMA.$id), fileMatch: ['*.json', '*.jsonc'], schema: MCPDESC_JSON_SCHEMA }],
});

/** Parse + validate, as the JSON language server does per edit (a fresh TextDocument: no cached line offsets). */
async function validateWithJsonLs(text: string): Promise<number> {
  const document = TextDocument.create('file:///bench/document.mcpdesc.json', 'json', 1, text);
  const diagnostics = await jsonLs.doValidation(document, jsonLs.parseJSONDocument(document), {
    comments: 'ignore',
    trailingCommas: 'ignore',
    schemaValidation: 'error',
  });
  return diagnostics.length;
}

function countByKind(diagnostics: ReadonlyArray<{ data?: { violation?: string } }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of diagnostics) {
    const kind = d.data?.violation ?? 'unknown';
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

export async function benchChecker(
  document: BenchDocument,
  quick: boolean,
  onProgress?: (message: string) => void,
): Promise<CheckerBenchResult> {
  const { text, format } = document;
  const plan = roundPlan(Buffer.byteLength(text), quick);
  const seededByKind = Object.fromEntries(Object.entries(document.stats.seeded).filter(([, n]) => n > 0));
  const seeded = Object.values(document.stats.seeded).reduce((a, b) => a + b, 0);
  const result: CheckerBenchResult = {
    label: document.label,
    format,
    bytes: Buffer.byteLength(text),
    tools: document.stats.tools,
    elicitationSteps: document.stats.elicitationSteps,
    rounds: plan.rounds,
    batch: plan.batch,
    floor: format === 'json' ? PARSE_TREE : YAML_PARSE,
    contenders: {},
    sanity: { seeded, seededByKind },
  };

  const contenders: Contender[] =
    format === 'json'
      ? [
          { name: PARSE_TREE, run: () => parseTree(text) },
          { name: JSON_PARSE, run: () => JSON.parse(text) },
          { name: JSON_LS, run: () => validateWithJsonLs(text) },
        ]
      : [{ name: YAML_PARSE, run: () => parseYamlDocument(text, { keepSourceTokens: false }) }];

  try {
    const checked = checkDocument(text, { format });
    const seededRule = checked.diagnostics.filter((d) => d.code === ELICITATION_RULE_ID);
    result.sanity.checkerDiagnostics = seededRule.length;
    result.sanity.checkerByKind = countByKind(seededRule);
    result.sanity.declarationDiagnostics = checked.diagnostics.filter((d) => d.code === DECLARATION_RULE_ID).length;
    result.sanity.checkerSkipped = checked.diagnostics.find(
      (d) => d.data.violation === 'skipped' || d.data.violation === 'internal-error',
    )?.message;
    result.sanity.checkerMatchesSeeded =
      seededRule.length === seeded &&
      Object.entries(seededByKind).every(([kind, n]) => result.sanity.checkerByKind?.[kind] === n);
    contenders.push({ name: CHECK, run: () => checkDocument(text, { format }) });
  } catch (error) {
    result.checkerUnavailable = error instanceof Error ? error.message : String(error);
  }
  if (format === 'json') result.sanity.jsonLsDiagnostics = await validateWithJsonLs(text);

  const times = await interleave(contenders, {
    rounds: plan.rounds,
    batch: plan.batch,
    warmupRounds: plan.warmupRounds,
    collectGarbage: Buffer.byteLength(text) >= 200_000,
    onRound: (round) => {
      if ((round + 1) % Math.max(1, Math.floor(plan.rounds / 4)) === 0)
        onProgress?.(`${document.label}: round ${round + 1}/${plan.rounds}`);
    },
  });
  const floorTimes = times.get(result.floor)!;
  const floorMedian = summarize(floorTimes.wall).median;
  const floorCpuMedian = summarize(floorTimes.cpu).median;
  const jsonLsTimes = times.get(JSON_LS);
  const jsonLsMedian = jsonLsTimes ? summarize(jsonLsTimes.wall).median : undefined;
  for (const [name, timings] of times) {
    const summary = summarize(timings.wall);
    const cpuMedian = summarize(timings.cpu).median;
    result.contenders[name] = {
      ...summary,
      ratioToFloor: summary.median / floorMedian,
      pairedRatioToFloor: summarize(timings.wall.map((t, i) => t / floorTimes.wall[i]!)).median,
      cpuMedian,
      cpuRatioToFloor: cpuMedian / floorCpuMedian,
      ratioToJsonLs: jsonLsMedian === undefined ? undefined : summary.median / jsonLsMedian,
    };
  }
  return result;
}
