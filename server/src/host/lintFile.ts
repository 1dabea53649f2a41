// The CLI's lint of one candidate file, as the check worker (or the CLI's own thread) runs it: the
// document policy decides (host/documentPolicy.ts: the server's decisions too), the file is read
// through the host layer, optionally fixed and written back, then checked; the report carries the
// anchors SARIF's fingerprints need, since only here is the parsed tree at hand. Plain data out.
// The same lint of a text in hand (the CLI's --stdin) shares everything after the read.
import type { RuleSeverity } from '../../../shared/src/settings';
import {
  checkOversized,
  checkOptionsFor,
  documentByContent,
  failedCheck,
  fileDecision,
  type PolicySettings,
} from './documentPolicy';
import { anchorDiagnostics, unanchored, withUtf8Columns, type AnchoredDiagnostic } from './findingAnchor';
import { contentHashOfRead } from './contentHash';
import { fixDocument } from './fixDocument';
import type { FileGlobs } from './candidates';
import { displayPath, recognitionPath } from './paths';
import { readHostFileBytes, realPathOf } from './readFile';
import { decodeText } from './textDecoding';
import { documentBytes, replaceFile, sha256Of, statBeforeRead } from './replaceFile';
import { maxFileBytes, OVERSIZED_HEAD_BYTES } from './sizeLimit';
import { checkDocument } from '../checker';

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
  /** --cache: each outcome of a file read carries the hash of what was checked (lintCache.ts). */
  hashContent?: boolean;
  /** Each diagnostic carries its columns in UTF-8 bytes too (the rdjson format's unit). */
  utf8Columns?: boolean;
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
  | { kind: 'ignored'; notice?: string; contentHash?: string; contentStamp?: string }
  /** `failure`: what could not be done although the file was checked (e.g. writing its fixes); the run exits 2. */
  | { kind: 'reported'; report: FileReport; failure?: string; contentHash?: string; contentStamp?: string }
  | { kind: 'failed'; message: string };

/**
 * What the path alone decides, before anything is read: a file excluded by a glob, or one that no
 * name, glob or extension makes worth reading. Undefined when the file must be read.
 */
export function outcomeByPath(candidate: LintCandidate, settings: LintSettings): FileOutcome | undefined {
  const decision = fileDecision(recognitionPath(candidate.absolutePath, settings.cwd), policyOf(settings), candidate.explicit);
  if (decision === 'excluded') {
    return candidate.explicit
      ? { kind: 'ignored', notice: `${displayPath(candidate.absolutePath, settings.cwd)}: not checked, it matches --exclude` }
      : { kind: 'ignored' };
  }
  return decision === 'skip' ? { kind: 'ignored' } : undefined;
}

function policyOf(settings: LintSettings): PolicySettings {
  // The command line has no "enable": whatever it is asked to check is.
  return { enable: true, rules: settings.rules, files: settings.globs, maxFileSizeMB: settings.maxFileSizeMB };
}

export function lintCandidate(candidate: LintCandidate, settings: LintSettings): FileOutcome {
  const byPath = outcomeByPath(candidate, settings);
  if (byPath) return byPath;
  const shownPath = displayPath(candidate.absolutePath, settings.cwd);
  const matchPath = recognitionPath(candidate.absolutePath, settings.cwd);
  const policy = policyOf(settings);
  const mustCheck = fileDecision(matchPath, policy, candidate.explicit) === 'check';

  const statBefore = settings.fix ? statBeforeRead(candidate.absolutePath) : undefined;
  const readBytes = readHostFileBytes(candidate.absolutePath, candidate.realRoot, maxFileBytes(settings.maxFileSizeMB));
  const read =
    readBytes.kind === 'bytes'
      ? { kind: 'text' as const, realPath: readBytes.realPath, ...decodeText(readBytes.bytes) }
      : readBytes;
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
      const contentHash = settings.hashContent ? contentHashOfRead(read) : undefined;
      const outcome = checkOversized({ path: matchPath, head: read.head, sizeBytes: read.sizeBytes, named: mustCheck }, policy);
      return outcome.kind === 'tooLarge'
        ? { kind: 'reported', report: reportOf(candidate, shownPath, outcome.diagnostics.map(unanchored)), contentHash }
        : { kind: 'ignored', contentHash };
    }
    case 'text':
      break;
  }
  if (!mustCheck && !documentByContent(matchPath, read.text, policy))
    return {
      kind: 'ignored',
      contentHash: settings.hashContent && readBytes.kind === 'bytes' ? contentHashOfRead(readBytes) : undefined,
    };

  // Checked once unless fixed: fix-all checks its own output again and again.
  const options = checkOptionsFor({ path: matchPath, once: !settings.fix }, policy);
  let text = read.text;
  let written = false;
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
          return {
            kind: 'failed',
            message: `${shownPath}: changed while it was being fixed; left as it is, the fixes were not written`,
          };
        }
        if (outcome.kind === 'failed')
          return { kind: 'failed', message: `${shownPath}: cannot write the fixes: ${outcome.reason}` };
        text = fixed.text;
        written = true;
      }
    }
    const result = checkDocument(text, options);
    const anchored = anchorDiagnostics(result.diagnostics, result.text, result.roots);
    const report = reportOf(candidate, shownPath, settings.utf8Columns ? withUtf8Columns(anchored, result.text) : anchored);
    report.fixable = result.preferredFixCount();
    // What is on disk now: the text read, or the fixes written (read back, they decode to the text checked).
    const contentHash =
      !settings.hashContent || readBytes.kind !== 'bytes'
        ? undefined
        : contentHashOfRead({ kind: 'bytes', bytes: written ? documentBytes(text, read.hasBom) : readBytes.bytes });
    // A file fixed has a new stamp, known next time it is read.
    return {
      kind: 'reported',
      report,
      failure,
      contentHash,
      contentStamp: written || readBytes.kind !== 'bytes' ? undefined : readBytes.stamp,
    };
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

/** How a text without a name (--stdin alone) is shown, as ESLint shows it; it is read as JSON/JSONC. */
export const UNNAMED_TEXT = '<text>';

/**
 * The CLI's --stdin: a text in hand, named by --stdin-filename (an absolute path: recognition,
 * configuration and the format go by it, the file itself is never read) or not named at all. It is
 * checked whatever its name, as a file named on the command line is; a name matching --exclude is
 * not checked (a notice says so). Never fixed: the fixed text would have nowhere to go.
 */
export function lintText(text: string, namedPath: string | undefined, settings: LintSettings): FileOutcome {
  const candidate: LintCandidate = { absolutePath: namedPath ?? UNNAMED_TEXT, explicit: true, realRoot: settings.cwd };
  const shownPath = namedPath === undefined ? UNNAMED_TEXT : displayPath(namedPath, settings.cwd);
  const matchPath = namedPath === undefined ? UNNAMED_TEXT : recognitionPath(namedPath, settings.cwd);
  const policy = policyOf(settings);
  if (fileDecision(matchPath, policy, true) === 'excluded')
    return { kind: 'ignored', notice: `${shownPath}: not checked, it matches --exclude` };
  const sizeBytes = Buffer.byteLength(text, 'utf8');
  if (sizeBytes > maxFileBytes(settings.maxFileSizeMB)) {
    const outcome = checkOversized(
      { path: matchPath, head: text.slice(0, OVERSIZED_HEAD_BYTES), sizeBytes, named: true },
      policy,
    );
    return outcome.kind === 'tooLarge'
      ? { kind: 'reported', report: reportOf(candidate, shownPath, outcome.diagnostics.map(unanchored)) }
      : { kind: 'ignored' };
  }
  const options = checkOptionsFor({ path: matchPath, once: true }, policy);
  try {
    const result = checkDocument(text, options);
    const anchored = anchorDiagnostics(result.diagnostics, result.text, result.roots);
    const report = reportOf(candidate, shownPath, settings.utf8Columns ? withUtf8Columns(anchored, result.text) : anchored);
    report.fixable = result.preferredFixCount();
    return { kind: 'reported', report };
  } catch (error) {
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
