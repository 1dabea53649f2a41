// The machine format: one flat array of problems, positions as the LSP has them (zero-based line,
// UTF-16 character), so a tool can hand them to an editor unchanged.
import type { Range } from '../../checker';
import type { DiagnosticData } from '../../checker';
import type { RunReport } from '../report';
import { terminalSafeJson } from '../outputText';
import { severityName } from '../../../../shared/src/rules';
import type { SeverityName } from '../../../../shared/src/rules';

export interface JsonProblem {
  file: string;
  range: Range;
  severity: SeverityName;
  /** The LSP DiagnosticSeverity: 1 error, 2 warning, 3 information, 4 hint. */
  severityNumber: number;
  code: string;
  violation: DiagnosticData['violation'];
  message: string;
  href: string;
  /** The official validator's code for the same problem, when it has one. */
  officialCode?: string;
  /** Where the official validator reports it (a JSON pointer), when known. */
  pointer?: string;
}

export function formatJson(report: RunReport): string {
  const problems: JsonProblem[] = report.files.flatMap((file) =>
    file.diagnostics.map((diagnostic) => ({
      file: file.displayPath,
      range: diagnostic.range,
      severity: severityName(diagnostic.severity),
      severityNumber: diagnostic.severity,
      code: diagnostic.code,
      violation: diagnostic.data.violation,
      message: diagnostic.message,
      href: diagnostic.codeDescription.href,
      ...(diagnostic.data.officialCode !== undefined && { officialCode: diagnostic.data.officialCode }),
      ...(diagnostic.data.pointer !== undefined && { pointer: diagnostic.data.pointer }),
    })),
  );
  return `${terminalSafeJson(JSON.stringify(problems, null, 2))}\n`;
}
