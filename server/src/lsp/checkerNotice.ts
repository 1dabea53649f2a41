// Diagnostics about the check itself rather than the document's content (code mcpdesc.checker): a
// document that was skipped or could not be checked says so, instead of a silent "no problems".
// Their severity is configurable like any rule's, through `mcpdesc.rules["mcpdesc.checker"]`.
import { CHECKER_RULE_ID, DIAGNOSTIC_SOURCE, RULE_DOCS } from '../../../shared/src/constants';
import type { RuleSeverity } from '../../../shared/src/settings';
import type { Diagnostic, DiagnosticData, Severity } from '../checker';

const SEVERITY: Record<Exclude<RuleSeverity, 'off'>, Severity> = { error: 1, warning: 2, information: 3, hint: 4 };

/** One diagnostic at the start of the document, or none when the user turned mcpdesc.checker off. */
export function checkerNotice(
  violation: Extract<DiagnosticData['violation'], 'skipped' | 'internal-error'>,
  message: string,
  defaultSeverity: Severity,
  rules: Record<string, RuleSeverity>,
): Diagnostic[] {
  const configured = rules[CHECKER_RULE_ID];
  if (configured === 'off') return [];
  return [
    {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: configured ? SEVERITY[configured] : defaultSeverity,
      code: CHECKER_RULE_ID,
      codeDescription: { href: RULE_DOCS[CHECKER_RULE_ID] },
      source: DIAGNOSTIC_SOURCE,
      message,
      data: { violation, offset: 0, length: 0 },
    },
  ];
}
