// The one diagnostic a document gets when checking it threw: the user sees that this file was not
// checked (instead of a silent "no problems"), and the rest of the workspace keeps being served.
import { CHECKER_RULE_ID, DIAGNOSTIC_SOURCE, RULE_DOCS } from '../../../shared/src/constants';
import type { RuleSeverity } from '../../../shared/src/settings';
import type { Diagnostic, Severity } from '../checker';

const SEVERITY: Record<Exclude<RuleSeverity, 'off'>, Severity> = { error: 1, warning: 2, information: 3, hint: 4 };

/**
 * Warning by default: the document is not known to be wrong, our check failed. The user can still
 * re-rate or silence it like any rule, through `mcpdesc.rules["mcpdesc.checker"]`.
 */
export function internalErrorDiagnostics(error: unknown, rules: Record<string, RuleSeverity>): Diagnostic[] {
  const configured = rules[CHECKER_RULE_ID];
  if (configured === 'off') return [];
  const reason = error instanceof Error ? error.message : String(error);
  return [
    {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: configured ? SEVERITY[configured] : 2,
      code: CHECKER_RULE_ID,
      codeDescription: { href: RULE_DOCS[CHECKER_RULE_ID] },
      source: DIAGNOSTIC_SOURCE,
      message: `This document could not be checked because of an internal error: ${reason}. Other documents are still checked; see the MCP Description output for details.`,
      data: { violation: 'internal-error', offset: 0, length: 0 },
    },
  ];
}

/** The full story for the log (the diagnostic keeps only the message). */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
