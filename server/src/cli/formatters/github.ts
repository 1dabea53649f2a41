// GitHub Actions workflow commands: one `::error` / `::warning` / `::notice` line per problem, which
// the runner turns into an annotation on the file and lines (in the run's summary and the pull
// request's diff). Files that could not be checked become annotations without a file.
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
import { visibleText } from '../outputText';

const COMMAND_OF_SEVERITY: Record<Severity, 'error' | 'warning' | 'notice'> = {
  1: 'error',
  2: 'warning',
  3: 'notice',
  4: 'notice',
};

export function formatGithub(report: RunReport): string {
  const lines: string[] = [];
  for (const file of report.files) {
    for (const diagnostic of file.diagnostics) lines.push(annotation(file.displayPath, diagnostic));
  }
  for (const failure of report.failures)
    lines.push(`::error title=${escapeProperty('mcpdesc-lint')}::${escapeData(visibleText(failure))}`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
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
