// A large document with more problems than an editor keeps, driven over stdio like VS Code drives
// it: the time from a one-character edit inside a tool to its publishDiagnostics, for the three ways
// an edit arrives (typed: one ranged change; a quick fix: several ranged changes in one
// notification; an undo sent as the whole new text), against jsonc-parser's `parseTree` of the
// whole text in the same process, the same run (the floor: what no check can beat). Also how many
// diagnostics each publish carried, and the time from a visible-ranges notification to the
// re-published set.
//
// Standalone: node out/bench/visibleRangesBench.js [--quick] [--seed=N] [--mb=5] [--server=path/to/server.js]
// (after npm run build; --server runs it against another build, e.g. a baseline's dist/server.js).
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseTree } from 'jsonc-parser';
import { checkDocument } from '../server/src/checker';
import { VISIBLE_RANGES_NOTIFICATION } from '../shared/src/constants';
import { generateMcpdesc } from './generate';
import { consume, sleep, summarize, type Summary } from './measure';
import { startServer } from './serverBench';
import { togglePoint } from './togglePoint';
import type { TargetResult } from './report';

export interface VisibleRangesBenchOptions {
  serverPath: string;
  seed: number;
  /** Size of the generated document, in MB. */
  megabytes: number;
  quick: boolean;
  log: (message: string) => void;
}

export interface EditPathResult {
  /** How the edit arrived: 'typed', 'quick fix' (multi-span) or 'undo (full text)'. */
  path: string;
  latency: Summary;
  /** Median latency over the median parseTree of the whole text measured in the same run. */
  ratioToParse: number;
  /** Diagnostics in the publishes (the set the client is sent, summary included). */
  publishedCounts: number[];
}

export interface VisibleRangesBenchResult {
  bytes: number;
  /** Problems the checker finds in the document (what a client that kept everything would show). */
  problems: number;
  parseTree: Summary;
  edits: EditPathResult[];
  /** From a visible-ranges notification (a scroll) to the re-published set; undefined for a server that sends every problem (a baseline). */
  scrollToPublish?: Summary;
  load: number[];
}

/** The edit's three shapes, each of which breaks (even step) or mends (odd step) one action. */
type EditShape = (breaking: boolean) => object[] | { fullText: string };

export async function benchVisibleRanges(options: VisibleRangesBenchOptions): Promise<VisibleRangesBenchResult> {
  const generated = generateMcpdesc(options.seed, options.megabytes * 1024 * 1024, { violationRate: 0.8 });
  const text = generated.text;
  const checked = checkDocument(text);
  const problems = checked.diagnostics.length;
  options.log(`  ${(text.length / 1e6).toFixed(1)} MB document, ${problems} problems`);
  const point = togglePoint(
    text,
    checked.diagnostics.map((d) => d.data.offset),
  );
  const { line, character } = point.position;
  const lines = text.split('\n');
  const textWith = (breaking: boolean): string => {
    const edited = [...lines];
    const current = edited[line];
    edited[line] = breaking ? current.slice(0, character) + 'x' + current.slice(character) : current;
    return edited.join('\n');
  };
  const brokenText = textWith(true);
  const shapes: Array<{ path: string; change: EditShape }> = [
    {
      path: 'typed',
      change: (breaking) => [
        breaking
          ? { range: { start: { line, character }, end: { line, character } }, text: 'x' }
          : { range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' },
      ],
    },
    {
      // What a quick fix's workspace edit arrives as: several ranged changes in one notification,
      // later ones first (as VS Code orders them), here the action's letter and a space before it.
      path: 'quick fix',
      change: (breaking) =>
        breaking
          ? [
              { range: { start: { line, character }, end: { line, character } }, text: 'x' },
              { range: { start: { line, character: character - 8 }, end: { line, character: character - 8 } }, text: ' ' },
            ]
          : [
              { range: { start: { line, character: character + 1 }, end: { line, character: character + 2 } }, text: '' },
              { range: { start: { line, character: character - 8 }, end: { line, character: character - 7 } }, text: '' },
            ],
    },
    { path: 'undo (full text)', change: (breaking) => ({ fullText: breaking ? brokenText : text }) },
  ];

  const uri = pathToFileURL(path.join(os.tmpdir(), 'mcpdesc-bench-visible', 'big.mcpdesc.json')).href;
  const { client, tracker } = await startServer(options.serverPath, null);
  const parseSamples: number[] = [];
  const timeParse = (): void => {
    const started = performance.now();
    consume(parseTree(text));
    parseSamples.push(performance.now() - started);
  };
  const load: number[] = [];
  const edits: EditPathResult[] = [];
  const scrollSamples: number[] = [];
  try {
    let version = 1;
    const opened = tracker.waitFor(uri, version, 300_000);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text } });
    const capped = (await opened).count < problems;
    const middleLine = Math.floor(lines.length / 2);
    client.notify(VISIBLE_RANGES_NOTIFICATION, {
      uri,
      ranges: [{ start: { line: middleLine, character: 0 }, end: { line: middleLine + 60, character: 0 } }],
    });
    await sleep(500);
    const editCount = options.quick ? 10 : 30;
    for (const shape of shapes) {
      const latencies: number[] = [];
      const counts = new Set<number>();
      let broken = false;
      for (let i = 0; i < editCount; i++) {
        version++;
        broken = !broken;
        const change = shape.change(broken);
        const published = tracker.waitFor(uri, version, 120_000);
        const sent = performance.now();
        const contentChanges = Array.isArray(change) ? change : [{ text: change.fullText }];
        client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
        const publish = await published;
        latencies.push(publish.at - sent);
        counts.add(publish.count);
        await sleep(20);
        timeParse();
        await sleep(20);
      }
      if (broken) {
        // Leave the text as it was for the next shape.
        version++;
        const published = tracker.waitFor(uri, version, 120_000);
        client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
        await published;
      }
      const latency = summarize(latencies);
      edits.push({ path: shape.path, latency, ratioToParse: 0, publishedCounts: [...counts] });
      load.push(os.loadavg()[0]);
      options.log(
        `  ${shape.path}: p50 ${latency.median.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, published ${[...counts].join('/')}`,
      );
    }
    for (let i = 0; capped && i < (options.quick ? 6 : 16); i++) {
      // Near the start, then near the end: each view chooses another set (a view whose nearest
      // problems are the ones already sent is not re-sent).
      const at = Math.floor((i % 2 === 0 ? 0.05 : 0.95) * lines.length);
      const published = tracker.waitFor(uri, version, 60_000);
      const sent = performance.now();
      client.notify(VISIBLE_RANGES_NOTIFICATION, {
        uri,
        ranges: [{ start: { line: at, character: 0 }, end: { line: at + 60, character: 0 } }],
      });
      scrollSamples.push((await published).at - sent);
      await sleep(50);
    }
  } finally {
    await client.stop();
  }
  const parse = summarize(parseSamples);
  for (const edit of edits) edit.ratioToParse = edit.latency.median / parse.median;
  const scrollToPublish = scrollSamples.length > 0 ? summarize(scrollSamples) : undefined;
  options.log(
    `  parseTree of the whole text: median ${parse.median.toFixed(1)} ms${scrollToPublish ? `; scroll → publish median ${scrollToPublish.median.toFixed(1)} ms` : ''}`,
  );
  return { bytes: Buffer.byteLength(text), problems, parseTree: parse, edits, scrollToPublish, load };
}

export function renderVisibleRanges(result: VisibleRangesBenchResult): string {
  const rows = result.edits.map(
    (edit) =>
      `| ${edit.path} | ${edit.latency.median.toFixed(1)} | ${edit.latency.p95.toFixed(1)} | ${edit.ratioToParse.toFixed(2)}× | ${edit.publishedCounts.join(', ')} |`,
  );
  return [
    `Document: ${(result.bytes / 1e6).toFixed(2)} MB, ${result.problems} problems; parseTree median ${result.parseTree.median.toFixed(1)} ms; load ${result.load.map((l) => l.toFixed(1)).join(', ')} (${os.cpus().length} cores)`,
    '',
    '| edit arrives as | p50 ms | p95 ms | p50 / parseTree | diagnostics published |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    result.scrollToPublish
      ? `Scroll (visible ranges) → re-published set: median ${result.scrollToPublish.median.toFixed(1)} ms, p95 ${result.scrollToPublish.p95.toFixed(1)} ms`
      : 'The server sent every problem (no cap): no scroll measured.',
  ].join('\n');
}

/** Issue 19: a one-key change in a ~5 MB document updates its squiggle in ≤ 0.3× a full parse (typed and as a quick fix). */
export function visibleRangesTargets(result: VisibleRangesBenchResult): TargetResult[] {
  return result.edits
    .filter((edit) => edit.path !== 'undo (full text)')
    .map((edit) => ({
      target: `one-key change (${edit.path}) in a ${(result.bytes / 1e6).toFixed(0)} MB document ≤ 0.3× parseTree`,
      status: edit.ratioToParse <= 0.3 ? 'pass' : 'miss',
      measured: `${edit.ratioToParse.toFixed(2)}× (p50 ${edit.latency.median.toFixed(1)} ms vs ${result.parseTree.median.toFixed(1)} ms)`,
    }));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const result = await benchVisibleRanges({
    serverPath: value('server') ?? path.resolve(__dirname, '..', '..', 'dist', 'server.js'),
    seed: Number(value('seed') ?? 20260601),
    megabytes: Number(value('mb') ?? 5),
    quick: args.includes('--quick'),
    log: (message) => process.stderr.write(`${message}\n`),
  });
  console.log(renderVisibleRanges(result));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
