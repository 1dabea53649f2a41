// Diagnostics about the check itself rather than the document's content (code mcpdesc.checker): a
// document that was skipped or could not be checked says so, instead of a silent "no problems".
// Their severity is configurable like any rule's, through `mcpdesc.rules["mcpdesc.checker"]`.
// The severity is the rule table's (shared/src/rules.ts), the same as the checker's and the CLI's.
import type { RuleSeverity } from '../../../shared/src/settings';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import { checkerNotice as makeNotice, type Diagnostic, type DiagnosticData } from '../checker';

/** One diagnostic at the start of the document, or none when the user turned mcpdesc.checker off. */
export function checkerNotice(
  violation: Extract<DiagnosticData['violation'], 'skipped' | 'internal-error'>,
  message: string,
  rules: Record<string, RuleSeverity>,
): Diagnostic[] {
  const notice = makeNotice(violation, message, { rules, docsBaseUri: shippedDocsBaseUri() });
  return notice ? [notice] : [];
}
