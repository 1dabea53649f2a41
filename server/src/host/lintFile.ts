// The CLI's lint of one candidate file, as the check worker (or the CLI's own thread) runs it: the
// document policy decides (host/documentPolicy.ts: the server's decisions too), the file is read
// through the host layer, optionally fixed and written back, then checked; the report carries the
// anchors SARIF's fingerprints need, since only here is the parsed tree at hand. Plain data out.
import type { RuleSeverity } from '../../../shared/src/settings';
import {
  checkOversized,
  checkOptionsFor,
  documentByContent,
  failedCheck,
  fileDecision,
  type PolicySettings,
} from './documentPolicy';
import { anchorDiagnostics, unanchored, type AnchoredDiagnostic } from './findingAnchor';
import { fixDocument } from './fixDocument';
import type { FileGlobs } from './candidates';
import { displayPath, recognitionPath } from './paths';
import { readHostFile, realPathOf } from './readFile';
import { documentBytes, replaceFile, sha256Of, statBeforeRead } from './replaceFile';
import { maxFileBytes } from './sizeLimit';
import { checkDocument, type CheckResult } from '../checker';

/** One file to lint (the CLI's discovery finds them). */
export interface LintCandidate {
  absolutePath: string;
  /** Named on the command line: checked whatever its name. */
  explicit: boolean;
  /** The real path of the root the file was found under, which reading must not leave. */
  realRoot: string;
}

export interface LintSettings {
  cwd: string;
  rules: Record<string, RuleSeverity>;
  globs: FileGlobs;
  fix: boolean;
  maxFileSizeMB: number;
}

/** One file's part of the CLI's report. */
export interface FileReport {
  absolutePath: string;
  /** Relative to the current directory, '/'-separated. */
  displayPath: string;
  /** Sorted by position; may be empty (a clean file). Anchored for SARIF's fingerprints. */
  diagnostics: AnchoredDiagnostic[];
  /** How many of them have a preferred fix, which --fix would apply (0 after --fix). */
  fixable?: number;
}

export type FileOutcome =
  /** `notice`: why a file the user named is not checked (a warning, not a failure). */
  | { kind: 'ignored'; notice?: string }
  /** `failure`: what could not be done although the file was checked (e.g. writing its fixes); the run exits 2. */
  | { kind: 'reported'; report: FileReport; failure?: string }
  | { kind: 'failed'; message: string };

export function lintCandidate(candidate: LintCandidate, settings: LintSettings): FileOutcome {
  const shownPath = displayPath(candidate.absolutePath, settings.cwd);
  const matchPath = recognitionPath(candidate.absolutePath, settings.cwd);
  // The command line has no "enable": whatever it is asked to check is.
  const policy: PolicySettings = {
    enable: true,
    rules: settings.rules,
    files: settings.globs,
    maxFileSizeMB: settings.maxFileSizeMB,
  };
  const decision = fileDecision(matchPath, policy, candidate.explicit);
  if (decision === 'excluded') {
    return candidate.explicit
      ? { kind: 'ignored', notice: `${shownPath}: not checked, it matches --exclude` }
      : { kind: 'ignored' };
  }
  if (decision === 'skip') return { kind: 'ignored' };
  const mustCheck = decision === 'check';

  const statBefore = settings.fix ? statBeforeRead(candidate.absolutePath) : undefined;
  const read = readHostFile(candidate.absolutePath, candidate.realRoot, maxFileBytes(settings.maxFileSizeMB));
  switch (read.kind) {
    case 'outside':
      // Only a file named on the command line is worth a word; a link found in a tree is skipped as the server skips it.
      return candidate.explicit
        ? {
            kind: 'failed',
            message: `${shownPath}: not read: it is a symbolic link to a file outside ${rootName(candidate.realRoot, settings.cwd)}`,
          }
        : { kind: 'ignored' };
    case 'missing':
    case 'unreadable':
      return mustCheck ? { kind: 'failed', message: `${shownPath}: cannot read: ${read.reason}` } : { kind: 'ignored' };
    case 'notRegular':
      return candidate.explicit
        ? { kind: 'failed', message: `${shownPath}: cannot read: it is ${read.what}, not a regular file` }
        : { kind: 'ignored' };
    case 'tooLarge': {
      const outcome = checkOversized({ path: matchPath, head: read.head, sizeBytes: read.sizeBytes, named: mustCheck }, policy);
      return outcome.kind === 'tooLarge'
        ? { kind: 'reported', report: reportOf(candidate, shownPath, outcome.diagnostics.map(unanchored)) }
        : { kind: 'ignored' };
    }
    case 'text':
      break;
  }
  if (!mustCheck && !documentByContent(matchPath, read.text, policy)) return { kind: 'ignored' };

  // Checked once unless fixed: fix-all checks its own output again and again.
  const options = checkOptionsFor({ path: matchPath, once: !settings.fix }, policy);
  let text = read.text;
  let failure: string | undefined;
  // The check of `text`, when fix-all made one: its last round checked the text it wrote.
  let checked: CheckResult | undefined;
  try {
    if (settings.fix) {
      const fixed = fixDocument(text, options);
      checked = fixed.check;
      if (fixed.changed && read.lossy) {
        failure = `${shownPath}: not fixed: it is not valid UTF-8, and writing the fixes would replace its invalid bytes`;
      } else if (fixed.changed) {
        const snapshot = statBefore && { ...statBefore, sha256: sha256Of(documentBytes(read.text, read.hasBom)) };
        const outcome = snapshot
          ? replaceFile(read.realPath, documentBytes(fixed.text, read.hasBom), snapshot)
          : { kind: 'failed' as const, reason: 'it could not be examined before reading' };
        if (outcome.kind === 'changed') {
          return {
            kind: 'failed',
            message: `${shownPath}: changed while it was being fixed; left as it is, the fixes were not written`,
          };
        }
        if (outcome.kind === 'failed')
          return { kind: 'failed', message: `${shownPath}: cannot write the fixes: ${outcome.reason}` };
        text = fixed.text;
      }
    }
    const result = checked?.text === text ? checked : checkDocument(text, options);
    const report = reportOf(candidate, shownPath, anchorDiagnostics(result.diagnostics, result.text, result.roots));
    report.fixable = result.preferredFixCount();
    return { kind: 'reported', report, failure };
  } catch (error) {
    // The policy's answer to a check that throws, as the server shows it; and the run failed.
    const failed = failedCheck(error, policy);
    return {
      kind: 'reported',
      report: reportOf(candidate, shownPath, failed.diagnostics.map(unanchored)),
      failure: `${shownPath}: internal error while checking: ${failed.message}`,
    };
  }
}

function rootName(realRoot: string, cwd: string): string {
  return realRoot === realPathOf(cwd) ? 'the current directory' : displayPath(realRoot, cwd);
}

function reportOf(candidate: LintCandidate, shownPath: string, diagnostics: FileReport['diagnostics']): FileReport {
  return { absolutePath: candidate.absolutePath, displayPath: shownPath, diagnostics };
}
