// One candidate file from discovery to its report: recognize, read, optionally fix, check.
import { checkDocument } from '../checker';
import type { CheckOptions, Diagnostic } from '../checker';
import { CHECKER_RULE_ID } from '../../../shared/src/constants';
import type { RuleSeverity } from '../../../shared/src/settings';
import type { Candidate } from './discovery';
import { documentFormatOf, isSniffable } from './documentNames';
import { displayPath, recognitionPath } from './filePaths';
import { fixDocument } from './fixDocument';
import { readDocument, readPrefix } from './readDocument';
import { documentBytes, replaceFile, sha256Of, statBeforeRead } from './replaceFile';
import type { Recognizer } from './recognition';
import type { FileReport } from './report';
import { severityFromSetting } from './severity';
import { fileTooLargeDiagnostic } from './skippedDiagnostic';

export interface LintSettings {
  cwd: string;
  rules: Record<string, RuleSeverity>;
  recognizer: Recognizer;
  fix: boolean;
  maxFileSizeMB: number;
}

export type FileOutcome =
  /** `notice`: why a file the user named is not checked (a warning, not a failure). */
  | { kind: 'ignored'; notice?: string }
  | { kind: 'reported'; report: FileReport }
  | { kind: 'failed'; message: string };

/** Enough of an oversized file to find a root `mcpdesc` member near its start. */
const SNIFF_PREFIX_BYTES = 64 * 1024;

export function lintCandidate(candidate: Candidate, settings: LintSettings): FileOutcome {
  const shownPath = displayPath(candidate.absolutePath, settings.cwd);
  const matchPath = recognitionPath(candidate.absolutePath, settings.cwd);
  const { recognizer } = settings;
  if (recognizer.isExcluded(matchPath)) {
    return candidate.explicit ? { kind: 'ignored', notice: `${shownPath}: not checked, it matches --exclude` } : { kind: 'ignored' };
  }

  const mustCheck = candidate.explicit || recognizer.byName(matchPath);
  if (!mustCheck && !isSniffable(matchPath)) return { kind: 'ignored' };

  const statBefore = settings.fix ? statBeforeRead(candidate.absolutePath) : undefined;
  const read = readDocument(candidate.absolutePath, settings.maxFileSizeMB * 1024 * 1024);
  if (read.kind === 'unreadable') {
    return mustCheck ? { kind: 'failed', message: `${shownPath}: cannot read: ${read.reason}` } : { kind: 'ignored' };
  }
  if (read.kind === 'too-large') {
    const prefix = mustCheck ? '' : readPrefix(candidate.absolutePath, SNIFF_PREFIX_BYTES);
    if (!mustCheck && (prefix === undefined || !recognizer.byContent(matchPath, prefix))) return { kind: 'ignored' };
    return { kind: 'reported', report: { absolutePath: candidate.absolutePath, displayPath: shownPath, diagnostics: skippedDiagnostics(read.sizeBytes, settings) } };
  }
  if (!mustCheck && !recognizer.byContent(matchPath, read.text)) return { kind: 'ignored' };

  const format = documentFormatOf(matchPath);
  // Checked once unless fixed: fix-all checks its own output again and again.
  const options: CheckOptions = { rules: settings.rules, format, once: !settings.fix };
  let text = read.text;
  try {
    if (settings.fix) {
      const fixed = fixDocument(text, options);
      if (fixed.changed) {
        const snapshot = statBefore && { ...statBefore, sha256: sha256Of(documentBytes(read.text, read.hasBom)) };
        const outcome = snapshot
          ? replaceFile(candidate.absolutePath, documentBytes(fixed.text, read.hasBom), snapshot)
          : { kind: 'failed' as const, reason: 'it could not be examined before reading' };
        if (outcome.kind === 'changed') {
          return { kind: 'failed', message: `${shownPath}: changed while it was being fixed; left as it is, the fixes were not written` };
        }
        if (outcome.kind === 'failed') return { kind: 'failed', message: `${shownPath}: cannot write the fixes: ${outcome.reason}` };
        text = fixed.text;
      }
    }
    const { diagnostics } = checkDocument(text, options);
    return { kind: 'reported', report: { absolutePath: candidate.absolutePath, displayPath: shownPath, diagnostics } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return format === 'yaml'
      ? { kind: 'failed', message: `${shownPath}: YAML documents are not supported yet (${reason})` }
      : { kind: 'failed', message: `${shownPath}: internal error while checking: ${reason}` };
  }
}

function skippedDiagnostics(sizeBytes: number, settings: LintSettings): Diagnostic[] {
  const configured = settings.rules[CHECKER_RULE_ID];
  const severity = configured === undefined ? 3 : severityFromSetting(configured);
  return severity === undefined ? [] : [fileTooLargeDiagnostic(sizeBytes, settings.maxFileSizeMB, severity)];
}
