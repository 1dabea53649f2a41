// The run's bulk suppressions, as ESLint's CLI has them: the suppressions file is read (every run,
// when it is there), written first when asked (--suppress-all, --suppress-rule: the errors found now
// become the baseline of the documents linted; --prune-suppressions: the counts of errors that no
// longer occur are taken off), then applied to what is reported. Counts that no longer occur fail
// the run (exit 2) until pruned, unless --pass-on-unpruned-suppressions: a baseline only shrinks.
// What the file means and how a document is matched is the host's (bulkSuppressions.ts), the
// editor's too.
import * as path from 'node:path';
import { displayPath } from '../host';
import {
  applyBaseline,
  DEFAULT_SUPPRESSIONS_FILE,
  noSuppressions,
  pruneUnused,
  suppressCurrent,
  type SuppressionCounts,
} from '../host/bulkSuppressions';
import { readSuppressionsFile, writeSuppressionsFile } from '../host/suppressionsFile';
import type { CliOptions } from './options';
import type { FileReport } from './report';

export interface SuppressionsOutcome {
  /** The reports with the baselined errors taken out. */
  files: FileReport[];
  /** How many errors the baseline suppressed. */
  baselined: number;
}

export function suppressionsFileOf(options: Pick<CliOptions, 'suppressionsLocation'>, cwd: string): string {
  return path.resolve(cwd, options.suppressionsLocation ?? DEFAULT_SUPPRESSIONS_FILE);
}

/** Applies (and first updates, when asked) the suppressions file; `fail` is a failure of the run (exit 2). */
export function runSuppressions(
  files: FileReport[],
  options: CliOptions,
  cwd: string,
  fail: (message: string) => void,
): SuppressionsOutcome {
  const file = suppressionsFileOf(options, cwd);
  const shownFile = displayPath(file, cwd);
  const read = readSuppressionsFile(file);
  if (read.kind === 'invalid') {
    fail(`${shownFile}: the suppressions file cannot be used: ${read.problem}`);
    return { files, baselined: 0 };
  }
  let counts: SuppressionCounts = read.kind === 'counts' ? read.counts : noSuppressions();
  // Documents are counted by the path the report shows: relative to the current directory, '/'-separated.
  const documents = files.map((report) => ({ path: report.displayPath, diagnostics: report.diagnostics }));
  const updating = options.suppressAll || options.suppressRules.length > 0 || options.pruneSuppressions;
  if (options.suppressAll || options.suppressRules.length > 0)
    counts = suppressCurrent(counts, documents, options.suppressAll ? undefined : options.suppressRules);
  if (options.pruneSuppressions) {
    const unusedByPath = new Map(
      documents.map(({ path: documentPath, diagnostics }) => [
        documentPath,
        applyBaseline(diagnostics, counts[documentPath]).unused,
      ]),
    );
    counts = pruneUnused(counts, unusedByPath);
  }
  if (updating) {
    const problem = writeSuppressionsFile(file, counts);
    if (problem) fail(`${shownFile}: the suppressions file cannot be written: ${problem}`);
  }

  let baselined = 0;
  let unusedCount = 0;
  let unusedFiles = 0;
  const shown = files.map((report) => {
    const outcome = applyBaseline(report.diagnostics, counts[report.displayPath]);
    baselined += outcome.baselined.length;
    if (outcome.unused.size > 0) {
      unusedFiles++;
      for (const surplus of outcome.unused.values()) unusedCount += surplus;
    }
    return outcome.baselined.length === 0 ? report : { ...report, diagnostics: outcome.shown };
  });
  if (unusedCount > 0 && !options.passOnUnprunedSuppressions) {
    fail(
      `${shownFile}: ${unusedCount} suppressed ${unusedCount === 1 ? 'error no longer occurs' : 'errors no longer occur'} (in ${unusedFiles} ${unusedFiles === 1 ? 'file' : 'files'}); run again with --prune-suppressions to take ${unusedCount === 1 ? 'it' : 'them'} off the suppressions file, or pass --pass-on-unpruned-suppressions`,
    );
  }
  return { files: shown, baselined };
}
