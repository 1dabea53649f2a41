// GitHub Actions workflow commands: one `::error` / `::warning` / `::notice` line per problem, which
// the runner turns into an annotation on the file and lines (in the run's summary and the pull
// request's diff). Files that could not be checked become annotations without a file. GitHub shows
// 10 annotations of each kind per step; past that, the most useful are annotations and the others
// plain lines of the log, and the job summary (githubSummary.ts) lists every problem.
//
// Escaping follows GitHub's toolkit: in the message, % CR LF become %25 %0D %0A; in the properties
// also ':' and ',' (%3A, %2C), which would otherwise end a property. Messages show the document's
// other control characters visibly (outputText.ts); the file property keeps the file's real name,
// escaped as GitHub decodes it, so that the annotation lands on that file.
// Columns: GitHub accepts `col` and `endColumn` only for an annotation within one line, so a range
// over several lines is given by its lines alone; columns are 1-based and endColumn is the last
// column of the range (inclusive), as annotations count them.
import type { Severity } from '../../checker';
import type { AnchoredDiagnostic } from '../../host/findingAnchor';
import type { RunReport } from '../report';
import { visiblePathAtLineStart, visibleText } from '../outputText';
import { oneLine } from './stylish';

const COMMAND_OF_SEVERITY: Record<Severity, 'error' | 'warning' | 'notice'> = {
  1: 'error',
  2: 'warning',
  3: 'notice',
  4: 'notice',
};

/** GitHub shows this many annotations of each kind (error, warning, notice) per step and drops the rest. */
export const ANNOTATIONS_PER_KIND = 10;

interface Located {
  file: string;
  diagnostic: AnchoredDiagnostic;
}

/**
 * Every problem, each either an annotation or, past what GitHub shows, a plain line of the log (in
 * its place, so the log reads in file order); a failure is an error annotation before any problem.
 * When some are left out of the annotations, one notice says how many and where they all are.
 */
export function formatGithub(report: RunReport): string {
  const located: Located[] = report.files.flatMap((file) =>
    file.diagnostics.map((diagnostic) => ({ file: file.displayPath, diagnostic })),
  );
  const failureAnnotations = Math.min(report.failures.length, ANNOTATIONS_PER_KIND);
  const byKind = { error: [] as Located[], warning: [] as Located[], notice: [] as Located[] };
  for (const entry of located) byKind[COMMAND_OF_SEVERITY[entry.diagnostic.severity]].push(entry);
  const overflows =
    byKind.error.length + failureAnnotations > ANNOTATIONS_PER_KIND ||
    byKind.warning.length > ANNOTATIONS_PER_KIND ||
    byKind.notice.length > ANNOTATIONS_PER_KIND;
  const annotated = new Set<AnchoredDiagnostic>([
    ...mostUseful(byKind.error, ANNOTATIONS_PER_KIND - failureAnnotations),
    ...mostUseful(byKind.warning, ANNOTATIONS_PER_KIND),
    // One notice is kept for the one saying that annotations were left out.
    ...mostUseful(byKind.notice, overflows ? ANNOTATIONS_PER_KIND - 1 : ANNOTATIONS_PER_KIND),
  ]);
  const lines: string[] = [];
  for (const { file, diagnostic } of located)
    lines.push(annotated.has(diagnostic) ? annotation(file, diagnostic) : logLine(file, diagnostic));
  report.failures.forEach((failure, index) => {
    const text = visibleText(failure);
    lines.push(
      index < failureAnnotations
        ? `::error title=${escapeProperty('mcpdesc-lint')}::${escapeData(text)}`
        : `mcpdesc-lint: ${text}`,
    );
  });
  if (overflows) {
    const shown = annotated.size + failureAnnotations;
    const total = located.length + report.failures.length;
    lines.push(
      `::notice title=${escapeProperty('mcpdesc-lint')}::${escapeData(
        `${shown} of ${total} problems are annotations (GitHub shows ${ANNOTATIONS_PER_KIND} errors, ${ANNOTATIONS_PER_KIND} warnings and ${ANNOTATIONS_PER_KIND} notices per step); this log and the job summary list all of them.`,
      )}`,
    );
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * The `count` problems most worth an annotation: as many files as possible (one problem per file,
 * file after file, then a second round), and in each file a kind of problem not yet shown before a
 * second of the same kind; ties in report order.
 */
function mostUseful(entries: readonly Located[], count: number): AnchoredDiagnostic[] {
  if (count <= 0) return [];
  if (entries.length <= count) return entries.map((entry) => entry.diagnostic);
  const perFile = new Map<string, AnchoredDiagnostic[]>();
  for (const { file, diagnostic } of entries) {
    const list = perFile.get(file) ?? [];
    list.push(diagnostic);
    perFile.set(file, list);
  }
  const queues = [...perFile.values()].map((diagnostics) => {
    const seen = new Set<string>();
    const firsts: AnchoredDiagnostic[] = [];
    const rest: AnchoredDiagnostic[] = [];
    for (const diagnostic of diagnostics) {
      const kind = `${diagnostic.code}/${diagnostic.data.violation}`;
      (seen.has(kind) ? rest : firsts).push(diagnostic);
      seen.add(kind);
    }
    return [...firsts, ...rest];
  });
  const chosen: AnchoredDiagnostic[] = [];
  for (let round = 0; chosen.length < count; round++) {
    for (const queue of queues) {
      if (round < queue.length && chosen.length < count) chosen.push(queue[round]);
    }
  }
  return chosen;
}

/** A problem that is not an annotation, as a line of the log: never a workflow command, whatever the file's name. */
function logLine(file: string, diagnostic: AnchoredDiagnostic): string {
  const { line, character } = diagnostic.range.start;
  const where = `${visiblePathAtLineStart(file)}:${line + 1}:${character + 1}`;
  return `${where}: ${COMMAND_OF_SEVERITY[diagnostic.severity]}: ${visibleText(oneLine(diagnostic.message))} (${visibleText(diagnostic.code)})`;
}

function annotation(displayPath: string, diagnostic: AnchoredDiagnostic): string {
  const { start, end } = diagnostic.range;
  const properties: Array<[string, string | number]> = [
    ['file', displayPath],
    ['line', start.line + 1],
  ];
  if (start.line === end.line) {
    properties.push(
      ['col', start.character + 1],
      ['endLine', end.line + 1],
      ['endColumn', Math.max(start.character + 1, end.character)],
    );
  } else {
    properties.push(['endLine', end.line + 1]);
  }
  properties.push(['title', diagnostic.code]);
  const list = properties.map(([name, value]) => `${name}=${escapeProperty(String(value))}`).join(',');
  return `::${COMMAND_OF_SEVERITY[diagnostic.severity]} ${list}::${escapeData(visibleText(diagnostic.message, true))}`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
