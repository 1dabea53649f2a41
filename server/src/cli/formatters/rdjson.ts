// reviewdog's diagnostic format (rdjson: `reviewdog -f=rdjson`), its DiagnosticResult message as
// JSON: a source, and per problem its message, location (path, and a range of 1-based lines and
// 1-based columns counted in UTF-8 bytes, as reviewdog counts them), severity, code (the rule, with
// its page when the rule pages are published: MCPDESC_LINT_RULE_DOCS_URL). Quick-fixes are not
// given as reviewdog suggestions: the report carries no edits (they would need the text).
import { RULE_IDS, RULES, type RuleId } from '../../../../shared/src/rules';
import type { Severity } from '../../checker';
import type { AnchoredDiagnostic } from '../../host/findingAnchor';
import { terminalSafeJson } from '../outputText';
import type { RunReport } from '../report';

const SEVERITY: Record<Severity, 'ERROR' | 'WARNING' | 'INFO'> = { 1: 'ERROR', 2: 'WARNING', 3: 'INFO', 4: 'INFO' };

interface RdjsonPosition {
  line: number;
  column: number;
}

interface RdjsonDiagnostic {
  message: string;
  location: { path: string; range: { start: RdjsonPosition; end: RdjsonPosition } };
  severity: 'ERROR' | 'WARNING' | 'INFO';
  source: { name: string };
  code: { value: string; url?: string };
}

const SOURCE = { name: 'mcpdesc-lint' };

export function formatRdjson(report: RunReport, ruleDocsBase?: string): string {
  const diagnostics: RdjsonDiagnostic[] = report.files.flatMap((file) =>
    file.diagnostics.map((diagnostic) => rdjsonDiagnostic(file.displayPath, diagnostic, ruleDocsBase)),
  );
  return `${terminalSafeJson(JSON.stringify({ source: SOURCE, diagnostics }, null, 2))}\n`;
}

function rdjsonDiagnostic(path: string, diagnostic: AnchoredDiagnostic, ruleDocsBase: string | undefined): RdjsonDiagnostic {
  const { start, end } = diagnostic.range;
  // Without the UTF-8 columns (a report made without them), the UTF-16 ones: the same on ASCII lines.
  const startColumn = diagnostic.utf8?.startColumn ?? start.character;
  const endColumn = diagnostic.utf8?.endColumn ?? end.character;
  const rule = (RULE_IDS as readonly string[]).includes(diagnostic.code) ? RULES[diagnostic.code as RuleId] : undefined;
  return {
    message: diagnostic.message,
    location: {
      path,
      range: { start: { line: start.line + 1, column: startColumn + 1 }, end: { line: end.line + 1, column: endColumn + 1 } },
    },
    severity: SEVERITY[diagnostic.severity],
    source: SOURCE,
    code: { value: diagnostic.code, ...(rule && ruleDocsBase ? { url: `${ruleDocsBase}${rule.docsFile}` } : {}) },
  };
}
