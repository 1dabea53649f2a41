// Diagnostics about the check itself rather than the document's content (code mcpdesc.checker):
// a document that was skipped or could not be checked says so, instead of a silent "no problems".
// Every front (the checker's own limits, the server's and the CLI's size limit, an exception caught
// by either) makes them here, so one situation has one message and one severity wherever it arises.
//
// The default severity follows what is known about the document:
// - skipped (too large, nested too deeply, syntax errors past the shown ones): Information. The
//   document was not judged, not found wrong, and a limit the user can see or raise is no failure.
// - internal-error (the checker threw): Error. No check happened, so a run that gates on errors
//   (CI) must not pass the file as clean; the message asks for a report.
// Both can be re-rated or silenced like any rule, through `rules["mcpdesc.checker"]`.
import { CHECKER_RULE_ID, DIAGNOSTIC_SOURCE, RULE_DOCS } from '../../../shared/src/constants';
import { severityOf } from './severity';
import type { CheckOptions, Diagnostic, DiagnosticData, Range, Severity } from './types';

export type CheckerViolation = Extract<DiagnosticData['violation'], 'skipped' | 'internal-error'>;

export const CHECKER_NOTICE_SEVERITY: Readonly<Record<CheckerViolation, Severity>> = { skipped: 3, 'internal-error': 1 };

export const TOO_DEEP_MESSAGE = 'This document is nested too deeply to be checked.';

export function internalErrorMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `This document could not be checked because of an internal error: ${reason}. Other documents are still checked; please report it.`;
}

const DOCUMENT_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * One diagnostic, or none when the user turned mcpdesc.checker off. At the start of the document
 * unless `at` says where (the first omitted syntax error).
 */
export function checkerNotice(
  violation: CheckerViolation,
  message: string,
  rules: CheckOptions['rules'],
  at: { range: Range; offset: number; length: number } = { range: DOCUMENT_START, offset: 0, length: 0 },
): Diagnostic[] {
  const severity = severityOf(CHECKER_RULE_ID, CHECKER_NOTICE_SEVERITY[violation], rules);
  if (severity === undefined) return [];
  return [
    {
      range: at.range,
      severity,
      code: CHECKER_RULE_ID,
      codeDescription: { href: RULE_DOCS[CHECKER_RULE_ID] },
      source: DIAGNOSTIC_SOURCE,
      message,
      data: { violation, offset: at.offset, length: at.length },
    },
  ];
}

/** The notice for a check that threw, wherever it was caught. */
export function internalErrorNotice(error: unknown, rules: CheckOptions['rules']): Diagnostic[] {
  return checkerNotice('internal-error', internalErrorMessage(error), rules);
}
