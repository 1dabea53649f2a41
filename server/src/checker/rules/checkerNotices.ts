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
// - problems-not-shown (the language server sends at most mcpdesc.maxProblemsPerFile diagnostics
//   per document, lsp/problemCap.ts): Information, like skipped: the problems it stands for are
//   reported on their own lines once in view, and by the CLI.
// All can be re-rated or silenced like any rule, through `rules["mcpdesc.checker"]`.
import { CHECKER_RULE_ID } from '../../../../shared/src/rules';
import { makeDiagnostic, type DiagnosticOptions } from './makeDiagnostic';
import type { Diagnostic, DiagnosticData, Range } from '../types';

export type CheckerViolation = Extract<DiagnosticData['violation'], 'skipped' | 'internal-error' | 'problems-not-shown'>;

export const TOO_DEEP_MESSAGE = 'This document is nested too deeply to be checked.';

export function internalErrorMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `This document could not be checked because of an internal error: ${reason}. Other documents are still checked; please report it.`;
}

const DOCUMENT_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * One diagnostic, or none when the user turned mcpdesc.checker off. At the start of the document
 * unless `at` says where (the first omitted syntax error). The default severities are the rule
 * table's (shared/src/rules.ts).
 */
export function checkerNotice(
  violation: CheckerViolation,
  message: string,
  options: DiagnosticOptions,
  at: { range: Range; offset: number; length: number } = { range: DOCUMENT_START, offset: 0, length: 0 },
): Diagnostic[] {
  const diagnostic = makeDiagnostic(
    CHECKER_RULE_ID,
    { violation, offset: at.offset, length: at.length },
    message,
    at.range,
    options,
  );
  return diagnostic ? [diagnostic] : [];
}

/** The notice for a check that threw, wherever it was caught. */
export function internalErrorNotice(error: unknown, options: DiagnosticOptions): Diagnostic[] {
  return checkerNotice('internal-error', internalErrorMessage(error), options);
}
