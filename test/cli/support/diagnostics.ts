// Hand-made diagnostics shaped like the checker's, for formatter tests that must not depend on it.
import { DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID, RULE_DOCS } from '../../../shared/src/constants';
import type { Diagnostic, DiagnosticData, Severity } from '../../../server/src/checker';

export function diagnostic(
  start: [line: number, character: number],
  end: [line: number, character: number],
  message: string,
  options: { severity?: Severity; violation?: DiagnosticData['violation']; code?: string } = {},
): Diagnostic {
  const code = options.code ?? ELICITATION_RULE_ID;
  return {
    range: { start: { line: start[0], character: start[1] }, end: { line: end[0], character: end[1] } },
    severity: options.severity ?? 1,
    code,
    codeDescription: { href: RULE_DOCS[code as keyof typeof RULE_DOCS] ?? RULE_DOCS[ELICITATION_RULE_ID] },
    source: DIAGNOSTIC_SOURCE,
    message,
    data: { violation: options.violation ?? 'unknown-declaration', offset: 0, length: 0 },
  };
}
