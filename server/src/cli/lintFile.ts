// One candidate file from discovery to its report: recognize, read, optionally fix, check.
import { checkDocument } from '../checker';
import type { CheckOptions } from '../checker';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import type { RuleSeverity } from '../../../shared/src/settings';
import type { Candidate } from './discovery';
import { documentFormatOf, isSniffable } from './documentNames';
import { displayPath, recognitionPath } from './filePaths';
import { anchorDiagnostics, unanchored, type AnchoredDiagnostic } from './findingAnchor';
import { fixDocument } from './fixDocument';
import { readDocument, readPrefix, writeDocument } from './readDocument';
import type { Recognizer } from './recognition';
import type { FileReport } from './report';
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
  const options: CheckOptions = { rules: settings.rules, format, once: !settings.fix, docsBaseUri: shippedDocsBaseUri() };
  let text = read.text;
  try {
    if (settings.fix) {
      const fixed = fixDocument(text, options);
      if (fixed.changed) {
        const writeError = writeDocument(candidate.absolutePath, fixed.text, read.hasBom);
        if (writeError) return { kind: 'failed', message: `${shownPath}: cannot write the fixes: ${writeError}` };
        text = fixed.text;
      }
    }
    const result = checkDocument(text, options);
    const diagnostics = anchorDiagnostics(result.diagnostics, result.text, result.roots);
    return { kind: 'reported', report: { absolutePath: candidate.absolutePath, displayPath: shownPath, diagnostics } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return format === 'yaml'
      ? { kind: 'failed', message: `${shownPath}: YAML documents are not supported yet (${reason})` }
      : { kind: 'failed', message: `${shownPath}: internal error while checking: ${reason}` };
  }
}

function skippedDiagnostics(sizeBytes: number, settings: LintSettings): AnchoredDiagnostic[] {
  const notice = fileTooLargeDiagnostic(sizeBytes, settings.maxFileSizeMB, settings.rules);
  return notice ? [unanchored(notice)] : [];
}
