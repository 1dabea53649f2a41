// Which problems of a document are sent when it has more than the editor keeps. VS Code keeps 1,000
// diagnostics per file and drops the rest, so a document with more would show no squiggles at all
// past its first thousand problems, wherever the user looks. Instead the server sends at most
// `maxProblems`: those nearest the lines the editor shows (all of them, when it shows none: the
// first in the file), plus one notice saying how many more there are and on which lines. Pure: no
// connection, so the ordering, the cap and the notice's text are unit-tested here.
import { checkerNotice, type Diagnostic } from '../checker';
import type { SeveritySetting } from '../../../shared/src/rules';

/** Lines an editor shows, zero-based, both ends included. */
export interface LineSpan {
  first: number;
  last: number;
}

export interface ProblemCapOptions {
  /** The most diagnostics sent for one document, the notice included (mcpdesc.maxProblemsPerFile). */
  maxProblems: number;
  /** The lines in view; empty for a document no editor shows. */
  visible: readonly LineSpan[];
  /** Severities per rule: the notice is an mcpdesc.checker diagnostic, so it can be re-rated or turned off. */
  rules?: Record<string, SeveritySetting>;
  docsBaseUri?: string;
}

/** A run of omitted problems, in document order, with no shown problem between them. */
export interface OmittedRun {
  count: number;
  /** Zero-based start lines of the run's first and last problem. */
  firstLine: number;
  lastLine: number;
}

export interface CappedProblems {
  /** What to publish: the shown problems in document order, after the notice (if any). */
  published: Diagnostic[];
  /** How many problems were left out (0 when the document has no more than maxProblems). */
  omitted: number;
  runs: OmittedRun[];
}

/** At most this many runs are named in the notice; more are described as one span of lines. */
const MAX_NAMED_RUNS = 3;

/** The diagnostics to publish for a document with `diagnostics`, under `options`. */
export function capProblems(diagnostics: readonly Diagnostic[], options: ProblemCapOptions): CappedProblems {
  const maxProblems = Math.max(1, Math.floor(options.maxProblems));
  if (diagnostics.length <= maxProblems) return { published: [...diagnostics], omitted: 0, runs: [] };
  const inDocumentOrder = diagnostics.map((diagnostic, index) => ({ diagnostic, index })).sort(byPosition);
  // The notice takes a slot unless mcpdesc.checker is off; its text waits for the omitted runs.
  const noticeOn = checkerNotice('problems-not-shown', '', options).length > 0;
  const shownCount = noticeOn ? maxProblems - 1 : maxProblems;
  const shown = new Set<number>(nearest(inDocumentOrder, options.visible, shownCount));
  const runs: OmittedRun[] = [];
  let current: OmittedRun | undefined;
  inDocumentOrder.forEach((entry, order) => {
    if (shown.has(order)) {
      current = undefined;
      return;
    }
    const line = entry.diagnostic.range.start.line;
    if (current) {
      current.count++;
      current.lastLine = line;
    } else {
      current = { count: 1, firstLine: line, lastLine: line };
      runs.push(current);
    }
  });
  const omitted = diagnostics.length - shown.size;
  const published = inDocumentOrder.filter((_, order) => shown.has(order)).map((entry) => entry.diagnostic);
  const notice = noticeOn
    ? checkerNotice('problems-not-shown', omittedMessage(omitted, runs, maxProblems, options.visible.length > 0), options)
    : [];
  return { published: [...notice, ...published], omitted, runs };
}

/** The positions (in `entries`, which are in document order) of the `count` entries nearest the visible lines. */
function nearest(entries: ReadonlyArray<{ diagnostic: Diagnostic }>, visible: readonly LineSpan[], count: number): number[] {
  const orders = entries.map((_, order) => order);
  if (visible.length === 0) return orders.slice(0, count);
  const distances = entries.map((entry) => distanceToView(entry.diagnostic, visible));
  // Equal distances keep document order (the sort is stable): above the view before below it.
  return orders.sort((a, b) => distances[a] - distances[b]).slice(0, count);
}

/** Lines between a diagnostic and the nearest visible span; 0 when it touches one. */
export function distanceToView(diagnostic: Diagnostic, visible: readonly LineSpan[]): number {
  const { start, end } = diagnostic.range;
  let best = Infinity;
  for (const span of visible) {
    const distance = start.line > span.last ? start.line - span.last : end.line < span.first ? span.first - end.line : 0;
    if (distance < best) best = distance;
  }
  return best;
}

function byPosition(a: { diagnostic: Diagnostic; index: number }, b: { diagnostic: Diagnostic; index: number }): number {
  const left = a.diagnostic.range.start;
  const right = b.diagnostic.range.start;
  return left.line - right.line || left.character - right.character || a.index - b.index;
}

const count = (value: number): string => value.toLocaleString('en-US');

function linesOf(firstLine: number, lastLine: number): string {
  return firstLine === lastLine ? `line ${count(firstLine + 1)}` : `lines ${count(firstLine + 1)}–${count(lastLine + 1)}`;
}

/** The notice's text: how many are not shown, on which lines, why, and how to see them. */
export function omittedMessage(omitted: number, runs: readonly OmittedRun[], maxProblems: number, inView: boolean): string {
  const problems = omitted === 1 ? '1 more problem in this file is' : `${count(omitted)} more problems in this file are`;
  const where =
    runs.length === 1
      ? linesOf(runs[0].firstLine, runs[0].lastLine)
      : runs.length <= MAX_NAMED_RUNS
        ? runs.map((run) => `${count(run.count)} on ${linesOf(run.firstLine, run.lastLine)}`).join(', ')
        : `between ${linesOf(runs[0].firstLine, runs[runs.length - 1].lastLine)}`;
  const which = inView ? 'the ones shown are those nearest the lines in view' : 'the ones shown are the first in the file';
  const see = inView ? 'Scroll there to see them' : 'In VS Code, open the file and scroll there to see them';
  return (
    `${problems} not shown (${where}): at most ${count(maxProblems)} are sent per file (mcpdesc.maxProblemsPerFile), and ${which}. ` +
    `${see}, or run mcpdesc-lint on the file to list them all.`
  );
}
