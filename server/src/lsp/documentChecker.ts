// One document's check, from text to diagnostics, with everything the server (not the checker)
// decides: whether the document is checked at all (enabled? an mcpdesc document? within the size
// limit?), with which options, and what an exception turns into. No connection here, so the
// workspace scan reuses it for files read from disk.
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import {
  checkDocument,
  commentsAllowedIn,
  formatOfPath,
  internalErrorNotice,
  type CheckOptions,
  type CheckResult,
  type Diagnostic,
  type DocumentFormat,
} from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';
import { exceedsLimit, fileTooLargeNotice, isExcluded, isRecognizedByContent, maxFileBytes, OVERSIZED_HEAD_BYTES } from '../host';
import { describeError } from './internalErrorDiagnostic';
import { throwIfTestFault } from './testFaultHook';

export interface CheckInput {
  uri: string;
  text: string;
  /** The path the recognition rule sees (see WorkspaceFolders.recognitionPath). */
  path: string;
  /** The editor's language id, when the document is open. */
  languageId?: string;
  /** A file that is not open: checked once and dropped (CheckOptions.once). */
  once?: boolean;
}

export type CheckOutcome =
  /** Disabled by settings, or not an mcpdesc document: it must show no diagnostics from us. */
  | { kind: 'skipped' }
  | { kind: 'checked'; result: CheckResult }
  /** An mcpdesc document over mcpdesc.maxFileSizeMB: not parsed, one diagnostic says so. */
  | { kind: 'tooLarge'; diagnostics: Diagnostic[] }
  | { kind: 'failed'; diagnostics: Diagnostic[]; error: string }
  /** A project configuration file: its own diagnostics (checker/config/projectConfig.ts), never a document check. */
  | { kind: 'config'; diagnostics: Diagnostic[] };

/** Runs the check proper; the default is a plain checkDocument, open documents re-check incrementally. */
export type CheckFunction = (text: string, options: CheckOptions) => CheckResult;

export function documentFormat(path: string, languageId?: string): DocumentFormat {
  return languageId === 'yaml' ? 'yaml' : formatOfPath(path);
}

export function checkOptionsFor(input: Pick<CheckInput, 'path' | 'languageId' | 'once'>, settings: McpdescSettings): CheckOptions {
  return {
    rules: settings.rules,
    format: documentFormat(input.path, input.languageId),
    once: input.once,
    commentsAllowed: commentsAllowedIn(input.path, input.languageId),
    docsBaseUri: shippedDocsBaseUri(),
  };
}

/** Whether a document is checked and, if not, why: what checkTextDocument acts on, and what the status item tells. */
export type CheckDecision =
  | { kind: 'check' }
  | { kind: 'disabled' }
  | { kind: 'excluded' }
  | { kind: 'notMcpdesc' }
  /** Recognized (by name, glob or the root member in its first bytes) but over the size limit. */
  | { kind: 'tooLarge'; sizeBytes: number };

export function checkDecision(input: Pick<CheckInput, 'path' | 'text'>, settings: McpdescSettings): CheckDecision {
  if (!settings.enable) return { kind: 'disabled' };
  const oversized = exceedsLimit(input.text, maxFileBytes(settings.maxFileSizeMB));
  const known = oversized ? input.text.slice(0, OVERSIZED_HEAD_BYTES) : input.text;
  if (!isRecognizedByContent(input.path, known, settings.files)) return { kind: isExcluded(input.path, settings.files) ? 'excluded' : 'notMcpdesc' };
  return oversized ? { kind: 'tooLarge', sizeBytes: oversized.sizeBytes } : { kind: 'check' };
}

export function checkTextDocument(input: CheckInput, settings: McpdescSettings, check: CheckFunction = checkDocument): CheckOutcome {
  if (!settings.enable) return { kind: 'skipped' };
  try {
    const decision = checkDecision(input, settings);
    if (decision.kind === 'tooLarge') return { kind: 'tooLarge', diagnostics: fileTooLargeNotice(decision.sizeBytes, settings.maxFileSizeMB, settings.rules) };
    if (decision.kind !== 'check') return { kind: 'skipped' };
    throwIfTestFault(input.uri);
    return { kind: 'checked', result: check(input.text, checkOptionsFor(input, settings)) };
  } catch (error) {
    return { kind: 'failed', diagnostics: internalErrorNotice(error, { rules: settings.rules, docsBaseUri: shippedDocsBaseUri() }), error: describeError(error) };
  }
}

/**
 * A document over the size limit, known by its size and its first bytes only: recognized by name,
 * glob or (as far as the head shows it) its root member, it gets the one "skipped" diagnostic.
 */
export function checkOversizedDocument(input: { path: string; head: string; sizeBytes: number }, settings: McpdescSettings): CheckOutcome {
  if (!settings.enable) return { kind: 'skipped' };
  return isRecognizedByContent(input.path, input.head, settings.files)
    ? { kind: 'tooLarge', diagnostics: fileTooLargeNotice(input.sizeBytes, settings.maxFileSizeMB, settings.rules) }
    : { kind: 'skipped' };
}
