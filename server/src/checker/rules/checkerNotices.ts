// Diagnostics about the check itself rather than the document's content (code mcpdesc.checker):
// a document that was skipped or could not be checked says so, instead of a silent "no problems".
// Every front (the checker's own limits, the server's and the CLI's size limit, an exception caught
// by either) makes them here, so one situation has one message and one severity wherever it arises.
//
// The default severity follows what is known about the document:
// - skipped (too large, nested too deeply, syntax errors past the shown ones, parts not checked for
//   want of time): Information. The document (or that part) was not judged, not found wrong, and a
//   limit the user can see or raise is no failure.
// - internal-error (the checker threw): Error. No check happened, so a run that gates on errors
//   (CI) must not pass the file as clean; the message asks for a report.
// - problems-not-shown (the language server sends at most mcpdesc.maxProblemsPerFile diagnostics
//   per document, lsp/problemCap.ts): Information, like skipped: the problems it stands for are
//   reported on their own lines once in view, and by the CLI.
// All can be re-rated or silenced like any rule, through `rules["mcpdesc.checker"]`.
import { CHECKER_RULE_ID } from '../../../../shared/src/rules';
import { makeDiagnostic, type DiagnosticOptions } from './makeDiagnostic';
import type { Diagnostic, DiagnosticData, Range } from '../types';
import type { NotChecked, NotCheckedSubject } from '../notChecked';

export type CheckerViolation = Extract<DiagnosticData['violation'], 'skipped' | 'internal-error' | 'problems-not-shown'>;

export const TOO_DEEP_MESSAGE = 'This document is nested too deeply to be checked.';

/**
 * Whether `error` is the engine's stack overflow (V8 and JavaScriptCore: a RangeError "Maximum call
 * stack size exceeded"; SpiderMonkey: an InternalError "too much recursion"), the one failure that
 * means the document is nested too deeply. Other RangeErrors (an invalid array or string length)
 * are the checker's own faults, reported as internal errors.
 */
export function isStackOverflow(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof RangeError) return /call stack/i.test(error.message);
  return error.name === 'InternalError' && /recursion/i.test(error.message);
}

/**
 * How a notice names `count` units of a kind not checked (its first one where the notice stands).
 * Each starts with the count: what the notice stands for can be added up with the findings.
 */
const NOT_CHECKED_WORDS: Readonly<Record<NotCheckedSubject, (count: string, plural: boolean) => string>> = {
  'requested-schema': (count, plural) =>
    `${count} requested schema${plural ? 's were' : ' was'} not compiled, so ${plural ? 'their' : 'its'} validity and the content of the steps using ${plural ? 'them' : 'it'} were not checked`,
  'step-content': (count, plural) =>
    `${count} elicitation step${plural ? "s'" : "'s"} content was not checked against ${plural ? 'their' : 'its'} requested schema`,
  'tool-schema': (count, plural) => `${count} tool schema${plural ? 's were' : ' was'} not checked for validity as JSON Schema`,
  'tool-example': (count, plural) =>
    `${count} tool example value${plural ? 's were' : ' was'} not checked against ${plural ? "their tools'" : "the tool's"} schemas`,
  'document-part': (count, plural) =>
    `${count} part${plural ? 's' : ''} of the document (the root without its tools, or a tool) ${plural ? 'were' : 'was'} not checked against the MCP Description 0.8.0 schema`,
  'template-expansion': (count, plural) =>
    `${count} resource template example URI${plural ? 's were' : ' was'} not checked against ${plural ? 'their templates' : 'its template'}`,
};

/**
 * The notices for what the rules could not check: one per kind and reason, where the first of them
 * is, counting them all. Document order: the earliest first.
 */
export function notCheckedNotices(records: readonly NotChecked[]): Array<{ offset: number; length: number; message: string }> {
  const groups = new Map<string, { first: NotChecked; count: number }>();
  for (const record of records) {
    const key = `${record.subject}\u0000${record.reason}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { first: record, count: 1 });
    else {
      group.count++;
      if (record.offset < group.first.offset) group.first = record;
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.first.offset - b.first.offset)
    .map(({ first, count }) => {
      const words = NOT_CHECKED_WORDS[first.subject](count.toLocaleString('en-US'), count > 1);
      const where = count > 1 ? ' (the first of them is here)' : '';
      return { offset: first.offset, length: first.length, message: `${words}${where}: ${first.reason}.` };
    });
}

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
