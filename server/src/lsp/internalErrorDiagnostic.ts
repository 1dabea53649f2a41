// The one diagnostic a document gets when checking it threw: the user sees that this file was not
// checked (instead of a silent "no problems"), and the rest of the workspace keeps being served.
import type { RuleSeverity } from '../../../shared/src/settings';
import type { Diagnostic } from '../checker';
import { checkerNotice } from './checkerNotice';

/**
 * An error by default, as in the CLI (the rule table's default for internal errors): the document
 * was not checked. The user can re-rate or silence it like any rule, through `mcpdesc.rules["mcpdesc.checker"]`.
 */
export function internalErrorDiagnostics(error: unknown, rules: Record<string, RuleSeverity>): Diagnostic[] {
  const reason = error instanceof Error ? error.message : String(error);
  return checkerNotice(
    'internal-error',
    `This document could not be checked because of an internal error: ${reason}. Other documents are still checked; see the MCP Description output for details.`,
    rules,
  );
}

/** The full story for the log (the diagnostic keeps only the message). */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
