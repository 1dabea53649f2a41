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
  oversized,
  readLimitBytes,
  type PolicySettings,
} from './documentPolicy';
import { anchorDiagnostics, unanchored, withUtf8Columns, type AnchoredDiagnostic } from './findingAnchor';
import { contentHashOfRead } from './contentHash';
import { fixDocument } from './fixDocument';
import type { FileGlobs } from './candidates';
import { displayPath, recognitionPath } from './paths';
import { readHostFileBytes, realPathOf, type HostFileBytes, type HostFileRefusal } from './readFile';
import { decodeText, type DecodedText } from './textDecoding';
import { documentBytes, replaceFile, sha256Of, statBeforeRead } from './replaceFile';
import { OVERSIZED_HEAD_BYTES } from './sizeLimit';
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
  /** Where the rule pages are (shared/src/shippedDocs.ts: the CLI runs in Node). */
  docsBaseUri: string;
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

/** A candidate as lintCandidate follows it: its paths, the policy's settings, and whether it is checked whatever its content. */
interface CandidateInHand {
  candidate: LintCandidate;
  shownPath: string;
  matchPath: string;
  policy: PolicySettings;
  mustCheck: boolean;
}

/** A file read whole and decoded, with the bytes it was decoded from. */
type ReadText = DecodedText & { realPath: string; source: HostFileBytes & { kind: 'bytes' } };

export function lintCandidate(candidate: LintCandidate, settings: LintSettings): FileOutcome {
  const byPath = outcomeByPath(candidate, settings);
  if (byPath) return byPath;
  const matchPath = recognitionPath(candidate.absolutePath, settings.cwd);
  const policy = policyOf(settings);
  const file: CandidateInHand = {
    candidate,
    shownPath: displayPath(candidate.absolutePath, settings.cwd),
    matchPath,
    policy,
    mustCheck: fileDecision(matchPath, policy, candidate.explicit) === 'check',
  };
  const statBefore = settings.fix ? statBeforeRead(candidate.absolutePath) : undefined;
  const readBytes = readHostFileBytes(candidate.absolutePath, candidate.realRoot, readLimitBytes(settings));
  if (readBytes.kind !== 'bytes') return unreadOutcome(file, readBytes, settings);
  const read: ReadText = { realPath: readBytes.realPath, source: readBytes, ...decodeText(readBytes.bytes) };
  if (!file.mustCheck && !documentByContent(matchPath, read.text, policy))
    return { kind: 'ignored', contentHash: settings.hashContent ? contentHashOfRead(readBytes) : undefined };
  try {
    return fixAndCheck(file, read, statBefore, settings);
  } catch (error) {
    // The policy's answer to a check that throws, as the server shows it; and the run failed.
    const failed = failedCheck(error, { rules: policy.rules, docsBaseUri: settings.docsBaseUri });
    return {
      kind: 'reported',
      report: reportOf(candidate, file.shownPath, failed.diagnostics.map(unanchored)),
      failure: `${file.shownPath}: internal error while checking: ${failed.message}`,
    };
  }
}

/** A candidate that was not read whole: refused, missing, or over the size limit. */
function unreadOutcome(file: CandidateInHand, read: HostFileRefusal, settings: LintSettings): FileOutcome {
  const { candidate, shownPath } = file;
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
      return file.mustCheck ? { kind: 'failed', message: `${shownPath}: cannot read: ${read.reason}` } : { kind: 'ignored' };
    case 'notRegular':
      return candidate.explicit
        ? { kind: 'failed', message: `${shownPath}: cannot read: it is ${read.what}, not a regular file` }
        : { kind: 'ignored' };
    case 'tooLarge': {
      const contentHash = settings.hashContent ? contentHashOfRead(read) : undefined;
      const outcome = checkOversized(
        {
          path: file.matchPath,
          head: read.head,
          sizeBytes: read.sizeBytes,
          named: file.mustCheck,
          docsBaseUri: settings.docsBaseUri,
        },
        file.policy,
      );
      return outcome.kind === 'tooLarge'
        ? { kind: 'reported', report: reportOf(candidate, shownPath, outcome.diagnostics.map(unanchored)), contentHash }
        : { kind: 'ignored', contentHash };
    }
  }
}

/** Fixes the text when asked (writing it back only if the file did not change meanwhile), then checks what is on disk. */
function fixAndCheck(
  file: CandidateInHand,
  read: ReadText,
  statBefore: ReturnType<typeof statBeforeRead>,
  settings: LintSettings,
): FileOutcome {
  const { candidate, shownPath } = file;
  // Checked once unless fixed: fix-all checks its own output again and again.
  const options = checkOptionsFor({ path: file.matchPath, once: !settings.fix, docsBaseUri: settings.docsBaseUri }, file.policy);
  let text = read.text;
  let written = false;
  let failure: string | undefined;
  // The check of `text`, when fix-all made one: its last round checked the text it wrote.
  let checked: CheckResult | undefined;
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
      written = true;
    }
  }
  const result = checked?.text === text ? checked : checkDocument(text, options);
  const anchored = anchorDiagnostics(result.diagnostics, result.text, result.roots);
  const report = reportOf(candidate, shownPath, settings.utf8Columns ? withUtf8Columns(anchored, result.text) : anchored);
  report.fixable = result.preferredFixCount();
  // What is on disk now: the text read, or the fixes written (read back, they decode to the text checked).
  const contentHash = settings.hashContent
    ? contentHashOfRead({ kind: 'bytes', bytes: written ? documentBytes(text, read.hasBom) : read.source.bytes })
    : undefined;
  // A file fixed has a new stamp, known next time it is read.
  return { kind: 'reported', report, failure, contentHash, contentStamp: written ? undefined : read.source.stamp };
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
  const over = oversized(text, policy);
  if (over) {
    const outcome = checkOversized(
      {
        path: matchPath,
        head: text.slice(0, OVERSIZED_HEAD_BYTES),
        sizeBytes: over.sizeBytes,
        named: true,
        docsBaseUri: settings.docsBaseUri,
      },
      policy,
    );
    return outcome.kind === 'tooLarge'
      ? { kind: 'reported', report: reportOf(candidate, shownPath, outcome.diagnostics.map(unanchored)) }
      : { kind: 'ignored' };
  }
  const options = checkOptionsFor({ path: matchPath, once: true, docsBaseUri: settings.docsBaseUri }, policy);
  try {
    const result = checkDocument(text, options);
    const anchored = anchorDiagnostics(result.diagnostics, result.text, result.roots);
    const report = reportOf(candidate, shownPath, settings.utf8Columns ? withUtf8Columns(anchored, result.text) : anchored);
    report.fixable = result.preferredFixCount();
    return { kind: 'reported', report };
  } catch (error) {
    const failed = failedCheck(error, { rules: policy.rules, docsBaseUri: settings.docsBaseUri });
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
