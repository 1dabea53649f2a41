// The one document policy of both fronts and of the check worker: whether a file or a text is
// checked at all (enabled? a project configuration file? excluded? an mcpdesc document by name, glob
// or root member? within the size limit?), with which check options, and what a check that throws
// becomes. The CLI (host/lintFile.ts, cli/lintFiles.ts), the server's checks of open documents
// (lsp/openDocument.ts, lsp/openDocumentChecks.ts), its scan and its checks of closed files
// (lsp/workspaceScan.ts, lsp/diskDocumentChecks.ts, host/diskCheck.ts) all decide here, so they
// cannot disagree about a file. The policy answers with plain data: a caller that checks in its own
// way (the open documents' incremental check) asks for the decision and runs the check itself.
import type { RuleSeverity } from '../../../shared/src/settings';
import {
  checkDocument,
  commentsAllowedIn,
  isConfigFileName,
  formatOfPath,
  internalErrorNotice,
  type CheckOptions,
  type CheckResult,
  type Diagnostic,
  type DocumentFormat,
} from '../checker';
import { isExcluded, isRecognizedByContent, isRecognizedByName, isSniffableName, type FileGlobs } from './candidates';
import { exceedsLimit, fileTooLargeNotice, maxFileBytes, OVERSIZED_HEAD_BYTES } from './sizeLimit';

/** What the policy reads of either front's settings (the server's McpdescSettings, the CLI's options). */
export interface PolicySettings {
  enable: boolean;
  rules: Record<string, RuleSeverity>;
  files: FileGlobs;
  maxFileSizeMB: number;
}

export interface CheckInput {
  text: string;
  /** The path recognition sees (relative to its workspace folder, or to the CLI's current directory). */
  path: string;
  /** The editor's language id, when the document is open. */
  languageId?: string;
  /** A file that is not open: checked once and dropped (CheckOptions.once). */
  once?: boolean;
  /**
   * Where the rule pages are, which diagnostics link to: the front's (the runtime's in the server,
   * shared/src/shippedDocs.ts in the CLI), never looked up here, so the host runs unchanged in a browser.
   */
  docsBaseUri: string;
}

export type CheckOutcome =
  /** Disabled by settings, or not an mcpdesc document: it must show no diagnostics from us. */
  | { kind: 'skipped' }
  | { kind: 'checked'; result: CheckResult }
  /** An mcpdesc document over the size limit: not parsed, one diagnostic says so. */
  | { kind: 'tooLarge'; diagnostics: Diagnostic[] }
  | FailedCheck
  /** A project configuration file: its own diagnostics (checker/config/projectConfig.ts), never a document check. */
  | { kind: 'config'; diagnostics: Diagnostic[] };

/** A check that threw: the document shows the one internal-error notice; `error` (with its stack) is for a log, `message` for a line. */
export interface FailedCheck {
  kind: 'failed';
  diagnostics: Diagnostic[];
  error: string;
  message: string;
}

export function documentFormat(path: string, languageId?: string): DocumentFormat {
  return languageId === 'yaml' ? 'yaml' : formatOfPath(path);
}

export function checkOptionsFor(
  input: Pick<CheckInput, 'path' | 'languageId' | 'once' | 'docsBaseUri'>,
  settings: Pick<PolicySettings, 'rules'>,
): CheckOptions {
  return {
    rules: settings.rules,
    format: documentFormat(input.path, input.languageId),
    once: input.once,
    commentsAllowed: commentsAllowedIn(input.path, input.languageId),
    docsBaseUri: input.docsBaseUri,
  };
}

/** The full story for a log (the diagnostic keeps only the message). */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** What a check that threw becomes, wherever it was caught: the checker's one internal-error notice. */
export function failedCheck(error: unknown, notice: { rules?: PolicySettings['rules']; docsBaseUri?: string }): FailedCheck {
  return {
    kind: 'failed',
    diagnostics: internalErrorNotice(error, { rules: notice.rules, docsBaseUri: notice.docsBaseUri }),
    error: describeError(error),
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Whether a text in hand is checked and, if not, why: what checkText acts on, and what the server's status item tells. */
export type CheckDecision =
  | { kind: 'check' }
  | { kind: 'disabled' }
  | { kind: 'excluded' }
  | { kind: 'notMcpdesc' }
  /** Recognized (by name, glob or the root member in its first bytes) but over the size limit. */
  | { kind: 'tooLarge'; sizeBytes: number };

export function checkDecision(input: Pick<CheckInput, 'path' | 'text'>, settings: PolicySettings): CheckDecision {
  if (!settings.enable) return { kind: 'disabled' };
  const over = oversized(input.text, settings);
  const known = over ? input.text.slice(0, OVERSIZED_HEAD_BYTES) : input.text;
  if (!isRecognizedByContent(input.path, known, settings.files))
    return { kind: isExcluded(input.path, settings.files) ? 'excluded' : 'notMcpdesc' };
  return over ? { kind: 'tooLarge', sizeBytes: over.sizeBytes } : { kind: 'check' };
}

/**
 * Whether a file is worth reading as a document, by its path alone: `disabled` by the settings (which
 * wins over everything), `excluded` by a glob, `check` (an mcpdesc document whatever its content: by
 * name or glob, or `named` by the user on the command line), `sniff` (a JSON or YAML file: its content
 * decides, documentByContent) or `skip` (none of these). The CLI has no "enable" (its settings leave
 * it out). A project configuration file is the question before this one (isConfigFile).
 */
export function fileDecision(
  path: string,
  settings: Pick<PolicySettings, 'files'> & { enable?: boolean },
  named = false,
): 'disabled' | 'excluded' | 'check' | 'sniff' | 'skip' {
  if (settings.enable === false) return 'disabled';
  if (isExcluded(path, settings.files)) return 'excluded';
  if (named || isRecognizedByName(path, settings.files)) return 'check';
  return isSniffableName(path) ? 'sniff' : 'skip';
}

/**
 * Whether a path names a project configuration file (mcpdesc-lint.config.*): checked as
 * configuration, never as a document, wherever it lies (excluded folders included, so that a broken
 * one is never unseen). The server asks this first; the CLI lints them apart from the documents.
 */
export function isConfigFile(path: string): boolean {
  return isConfigFileName(path);
}

/** Whether a workspace scan lists a file (enabled, and a configuration file or a document by fileDecision). */
export function isScanned(path: string, settings: Pick<PolicySettings, 'files' | 'enable'>): boolean {
  if (!settings.enable) return false;
  if (isConfigFile(path)) return true;
  const decision = fileDecision(path, settings);
  return decision === 'check' || decision === 'sniff';
}

/** The most bytes of a file that are read whole; a file over it gets the size limit's notice. */
export function readLimitBytes(settings: Pick<PolicySettings, 'maxFileSizeMB'>): number {
  return maxFileBytes(settings.maxFileSizeMB);
}

/** The size of a text in hand when it is over the size limit, else undefined. */
export function oversized(text: string, settings: Pick<PolicySettings, 'maxFileSizeMB'>): { sizeBytes: number } | undefined {
  return exceedsLimit(text, readLimitBytes(settings));
}

/** Whether a read file (its whole text, or the head of one over the limit) is an mcpdesc document. */
export function documentByContent(path: string, text: string, settings: Pick<PolicySettings, 'files'>): boolean {
  return isRecognizedByContent(path, text, settings.files);
}

/** Checks a text the policy decided to check; a check that throws becomes the internal-error notice. */
export function runCheck(text: string, options: CheckOptions): CheckOutcome {
  try {
    return { kind: 'checked', result: checkDocument(text, options) };
  } catch (error) {
    return failedCheck(error, options);
  }
}

/** What the policy decides of a text in hand: checked with these options, or the outcome that stands instead of a check. */
export type TextDecision = { kind: 'check'; options: CheckOptions } | Exclude<CheckOutcome, { kind: 'checked' }>;

/** A text in hand (an open document, a file read whole): whether it is checked, and with which options. */
export function decideText(input: CheckInput, settings: PolicySettings): TextDecision {
  if (!settings.enable) return { kind: 'skipped' };
  try {
    const decision = checkDecision(input, settings);
    if (decision.kind === 'tooLarge')
      return {
        kind: 'tooLarge',
        diagnostics: fileTooLargeNotice(decision.sizeBytes, settings.maxFileSizeMB, settings.rules, input.docsBaseUri),
      };
    if (decision.kind !== 'check') return { kind: 'skipped' };
  } catch (error) {
    return failedCheck(error, { rules: settings.rules, docsBaseUri: input.docsBaseUri });
  }
  return { kind: 'check', options: checkOptionsFor(input, settings) };
}

/** A text in hand: decide, then check. */
export function checkText(input: CheckInput, settings: PolicySettings): CheckOutcome {
  const decision = decideText(input, settings);
  return decision.kind === 'check' ? runCheck(input.text, decision.options) : decision;
}

/**
 * A document over the size limit, known by its size and its first bytes only: recognized by name,
 * glob, the user naming it (`named`) or (as far as the head shows it) its root member, it gets the
 * one "skipped" diagnostic.
 */
export function checkOversized(
  input: { path: string; head: string; sizeBytes: number; named?: boolean; docsBaseUri: string },
  settings: PolicySettings,
): CheckOutcome {
  if (!settings.enable) return { kind: 'skipped' };
  return input.named || documentByContent(input.path, input.head, settings)
    ? {
        kind: 'tooLarge',
        diagnostics: fileTooLargeNotice(input.sizeBytes, settings.maxFileSizeMB, settings.rules, input.docsBaseUri),
      }
    : { kind: 'skipped' };
}
