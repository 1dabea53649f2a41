// The human format, after ESLint's "stylish": one block per file with problems, one aligned row per
// problem (1-based line:column, as editors show them), and a summary line.
import type { Diagnostic, Severity } from '../../checker';
import type { RunReport } from '../report';
import type { Palette } from './colors';
import { visiblePathAtLineStart, visibleText } from '../outputText';

const SEVERITY_LABELS: Record<Severity, string> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

export function formatStylish(report: RunReport, colors: Palette): string {
  const counts: Record<Severity, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  const blocks: string[] = [];
  let fixable = 0;
  for (const file of report.files) {
    fixable += file.fixable ?? 0;
    if (file.diagnostics.length === 0) continue;
    for (const diagnostic of file.diagnostics) counts[diagnostic.severity]++;
    blocks.push(`${colors.underline(visiblePathAtLineStart(file.displayPath))}\n${formatRows(file.diagnostics, colors)}`);
  }
  const total = counts[1] + counts[2] + counts[3] + counts[4];
  if (total === 0) return '';
  return `\n${blocks.join('\n\n')}\n\n${formatSummary(counts, total, fixable, report.baselined ?? 0, colors)}\n`;
}

function formatRows(diagnostics: readonly Diagnostic[], colors: Palette): string {
  const rows = diagnostics.map((diagnostic) => ({
    line: String(diagnostic.range.start.line + 1),
    column: String(diagnostic.range.start.character + 1),
    severity: diagnostic.severity,
    // A message is one row: its line breaks become spaces, and what it quotes of the document is shown visibly.
    message: visibleText(oneLine(diagnostic.message)),
    code: visibleText(diagnostic.code),
  }));
  const lineWidth = widest(rows, (row) => row.line.length);
  const columnWidth = widest(rows, (row) => row.column.length);
  const severityWidth = widest(rows, (row) => SEVERITY_LABELS[row.severity].length);
  const messageWidth = widest(rows, (row) => row.message.length);
  return rows
    .map((row) => {
      const position = `${row.line.padStart(lineWidth)}:${row.column.padEnd(columnWidth)}`;
      const severity = paintSeverity(row.severity, SEVERITY_LABELS[row.severity].padEnd(severityWidth), colors);
      return `  ${colors.dim(position)}  ${severity}  ${row.message.padEnd(messageWidth)}  ${colors.dim(row.code)}`.trimEnd();
    })
    .join('\n');
}

function paintSeverity(severity: Severity, text: string, colors: Palette): string {
  if (severity === 1) return colors.red(text);
  if (severity === 2) return colors.yellow(text);
  return colors.blue(text);
}

function formatSummary(
  counts: Record<Severity, number>,
  total: number,
  fixable: number,
  baselined: number,
  colors: Palette,
): string {
  const parts = [plural(counts[1], 'error'), plural(counts[2], 'warning')];
  if (counts[3] > 0) parts.push(plural(counts[3], 'info'));
  if (counts[4] > 0) parts.push(plural(counts[4], 'hint'));
  const failing = counts[1] + counts[2] > 0;
  const notes = [
    ...(fixable > 0 ? [`${fixable} fixable with --fix`] : []),
    ...(baselined > 0 ? [`${plural(baselined, 'baselined error')} not shown`] : []),
  ];
  const hint = notes.length > 0 ? ` \u2014 ${notes.join('; ')}` : '';
  const summary = `${failing ? '\u2716' : '\u2139'} ${plural(total, 'problem')} (${parts.join(', ')})${hint}`;
  if (counts[1] > 0) return colors.bold(colors.red(summary));
  if (counts[2] > 0) return colors.bold(colors.yellow(summary));
  return colors.bold(colors.blue(summary));
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 || noun === 'info' ? '' : 's'}`;
}

/** The largest width; a loop, since spreading hundreds of thousands of rows into Math.max overflows the stack. */
function widest<T>(rows: readonly T[], width: (row: T) => number): number {
  let most = 0;
  for (const row of rows) most = Math.max(most, width(row));
  return most;
}

/**
 * The message with each run of line breaks, and the white space around it, made one space. Split
 * and trimmed rather than `/\s*[\r\n]+\s*\/g`, which tries every start of a long run of spaces
 * with no line break in it and is quadratic in its length.
 */
export function oneLine(message: string): string {
  const parts = message.split(/[\r\n]+/);
  if (parts.length === 1) return message;
  const last = parts.length - 1;
  const kept: string[] = [];
  parts.forEach((part, i) => {
    let trimmed = part;
    if (i > 0) trimmed = trimmed.trimStart();
    if (i < last) trimmed = trimmed.trimEnd();
    // A run of white space between two line breaks belongs to the one run the expression matched.
    if (trimmed === '' && i > 0 && i < last) return;
    kept.push(trimmed);
  });
  return kept.join(' ');
}
