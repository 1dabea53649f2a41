// One candidate file from discovery to its report: recognize, read, optionally fix, check. What is
// read and how, and which files are documents, is the host layer's policy (the server's too).
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import { checkDocument, formatOfPath, internalErrorNotice } from '../checker';
import type { CheckOptions } from '../checker';
import type { RuleSeverity } from '../../../shared/src/settings';
import {
  fileTooLargeNotice,
  isExcluded,
  isRecognizedByContent,
  isRecognizedByName,
  isSniffableName,
  maxFileBytes,
  readHostFile,
  realPathOf,
  recognitionPath,
  type FileGlobs,
} from '../host';
import type { Candidate } from './discovery';
import { displayPath } from './filePaths';
import { anchorDiagnostics, unanchored } from './findingAnchor';
import { fixDocument } from './fixDocument';
import { documentBytes, replaceFile, sha256Of, statBeforeRead } from './replaceFile';
import type { FileReport } from './report';

export interface LintSettings {
  cwd: string;
  rules: Record<string, RuleSeverity>;
  globs: FileGlobs;
  fix: boolean;
  maxFileSizeMB: number;
}

export type FileOutcome =
  /** `notice`: why a file the user named is not checked (a warning, not a failure). */
  | { kind: 'ignored'; notice?: string }
  /** `failure`: what could not be done although the file was checked (e.g. writing its fixes); the run exits 2. */
  | { kind: 'reported'; report: FileReport; failure?: string }
  | { kind: 'failed'; message: string };

export function lintCandidate(candidate: Candidate, settings: LintSettings): FileOutcome {
  const shownPath = displayPath(candidate.absolutePath, settings.cwd);
  const matchPath = recognitionPath(candidate.absolutePath, settings.cwd);
  const { globs } = settings;
  if (isExcluded(matchPath, globs)) {
    return candidate.explicit ? { kind: 'ignored', notice: `${shownPath}: not checked, it matches --exclude` } : { kind: 'ignored' };
  }

  const mustCheck = candidate.explicit || isRecognizedByName(matchPath, globs);
  if (!mustCheck && !isSniffableName(matchPath)) return { kind: 'ignored' };

  const statBefore = settings.fix ? statBeforeRead(candidate.absolutePath) : undefined;
  const read = readHostFile(candidate.absolutePath, candidate.realRoot, maxFileBytes(settings.maxFileSizeMB));
  switch (read.kind) {
    case 'outside':
      // Only a file named on the command line is worth a word; a link found in a tree is skipped as the server skips it.
      return candidate.explicit
        ? { kind: 'failed', message: `${shownPath}: not read: it is a symbolic link to a file outside ${rootName(candidate.realRoot, settings.cwd)}` }
        : { kind: 'ignored' };
    case 'missing':
    case 'unreadable':
      return mustCheck ? { kind: 'failed', message: `${shownPath}: cannot read: ${read.reason}` } : { kind: 'ignored' };
    case 'notRegular':
      return candidate.explicit ? { kind: 'failed', message: `${shownPath}: cannot read: it is ${read.what}, not a regular file` } : { kind: 'ignored' };
    case 'tooLarge':
      if (!mustCheck && !isRecognizedByContent(matchPath, read.head, globs)) return { kind: 'ignored' };
      return { kind: 'reported', report: reportOf(candidate, shownPath, fileTooLargeNotice(read.sizeBytes, settings.maxFileSizeMB, settings.rules).map(unanchored)) };
    case 'text':
      break;
  }
  if (!mustCheck && !isRecognizedByContent(matchPath, read.text, globs)) return { kind: 'ignored' };

  // Checked once unless fixed: fix-all checks its own output again and again.
  const options: CheckOptions = { rules: settings.rules, format: formatOfPath(matchPath), once: !settings.fix, docsBaseUri: shippedDocsBaseUri() };
  let text = read.text;
  let failure: string | undefined;
  try {
    if (settings.fix) {
      const fixed = fixDocument(text, options);
      if (fixed.changed && read.lossy) {
        failure = `${shownPath}: not fixed: it is not valid UTF-8, and writing the fixes would replace its invalid bytes`;
      } else if (fixed.changed) {
        const snapshot = statBefore && { ...statBefore, sha256: sha256Of(documentBytes(read.text, read.hasBom)) };
        const outcome = snapshot
          ? replaceFile(read.realPath, documentBytes(fixed.text, read.hasBom), snapshot)
          : { kind: 'failed' as const, reason: 'it could not be examined before reading' };
        if (outcome.kind === 'changed') {
          return { kind: 'failed', message: `${shownPath}: changed while it was being fixed; left as it is, the fixes were not written` };
        }
        if (outcome.kind === 'failed') return { kind: 'failed', message: `${shownPath}: cannot write the fixes: ${outcome.reason}` };
        text = fixed.text;
      }
    }
    const result = checkDocument(text, options);
    const report = reportOf(candidate, shownPath, anchorDiagnostics(result.diagnostics, result.text, result.roots));
    report.fixable = result.preferredFixCount();
    return { kind: 'reported', report, failure };
  } catch (error) {
    // The server's answer to a check that throws: the one internal-error notice; and the run failed.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      kind: 'reported',
      report: reportOf(candidate, shownPath, internalErrorNotice(error, options).map(unanchored)),
      failure: `${shownPath}: internal error while checking: ${reason}`,
    };
  }
}

function rootName(realRoot: string, cwd: string): string {
  return realRoot === realPathOf(cwd) ? 'the current directory' : displayPath(realRoot, cwd);
}

function reportOf(candidate: Candidate, shownPath: string, diagnostics: FileReport['diagnostics']): FileReport {
  return { absolutePath: candidate.absolutePath, displayPath: shownPath, diagnostics };
}
