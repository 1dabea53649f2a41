// Bulk suppressions (a baseline), as ESLint has them: a file that counts, per document and per
// problem kind, the errors a repository already had when it adopted the linter. A document with at
// most that many errors of a kind shows none of them; one with more shows them all (the new one is
// among them, and which one is new cannot be told without lines). Counting instead of recording
// lines keeps the match exact when lines move: an edit elsewhere in the file changes no count.
//
// The key is finer than ESLint's rule: `RULE/violation` (the suppression comments' spelling), since
// one of our rules holds dozens of kinds (mcpdesc.document.semantics) and a count per rule would let
// a new kind of problem hide behind a fixed one. Only errors are counted and suppressed (ESLint's
// rule: a warning does not fail a run, so there is nothing to adopt), and only errors of rules about
// the document: a syntax error, a checker notice (too large, internal error), a configuration file's
// problem or an unused suppression comment is never baselined.
//
// Pure (no Node module: the browser build imports it too): the CLI (cli/suppressionsRun.ts) and the
// language server (lsp/bulkSuppressionsView.ts) both match through applyBaseline, and read the file
// through suppressionsFile.ts (Node; a browser's server reads none).
import { DEFAULT_SETTINGS } from '../../../shared/src/settings';
import { CHECKER_RULE_ID, CONFIG_RULE_ID, RULE_IDS, SYNTAX_RULE_ID, UNUSED_SUPPRESSION_RULE_ID } from '../../../shared/src/rules';

/** Where the suppressions file is, relative to the current directory (the CLI's) or the workspace folder (the editor's setting's default). */
export const DEFAULT_SUPPRESSIONS_FILE = DEFAULT_SETTINGS.bulkSuppressions.location;

/** Per document (a '/'-separated path relative to the base directory), per key (`RULE/violation`), how many errors are suppressed. */
export type SuppressionCounts = Record<string, Record<string, { count: number }>>;

/** What a baseline reads of a diagnostic. */
export interface BaselineDiagnostic {
  severity: number;
  code: string;
  data: { violation: string };
}

const NEVER_BASELINED: ReadonlySet<string> = new Set([
  SYNTAX_RULE_ID,
  CHECKER_RULE_ID,
  CONFIG_RULE_ID,
  UNUSED_SUPPRESSION_RULE_ID,
]);

/** The rules whose errors can be baselined (what --suppress-rule takes). */
export const BASELINABLE_RULE_IDS: readonly string[] = RULE_IDS.filter((id) => !NEVER_BASELINED.has(id));

/** The key a diagnostic is counted under. */
export function suppressionKey(diagnostic: BaselineDiagnostic): string {
  return `${diagnostic.code}/${diagnostic.data.violation}`;
}

/** Whether a diagnostic can be baselined: an error of a rule about the document. */
export function isBaselinable(diagnostic: BaselineDiagnostic): boolean {
  return diagnostic.severity === 1 && !NEVER_BASELINED.has(diagnostic.code);
}

/** Whether `key` is selected by a --suppress-rule value: a rule id (all its kinds) or `RULE/violation`. */
export function keySelectedBy(key: string, selectors: readonly string[]): boolean {
  return selectors.some((selector) => key === selector || key.startsWith(`${selector}/`));
}

/** The baselinable errors of one document, counted by key. */
export function countByKey(diagnostics: readonly BaselineDiagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const diagnostic of diagnostics) {
    if (!isBaselinable(diagnostic)) continue;
    const key = suppressionKey(diagnostic);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface BaselineOutcome<D> {
  /** What is still reported: every diagnostic of a key whose errors outnumber its count, and everything not baselinable. */
  shown: D[];
  /** What the baseline suppressed, in document order. */
  baselined: D[];
  /** Per key, how many of the counted errors no longer occur (what --prune-suppressions removes). */
  unused: Map<string, number>;
}

/** Matches one document's diagnostics against its entry of the suppressions file (undefined: none). */
export function applyBaseline<D extends BaselineDiagnostic>(
  diagnostics: readonly D[],
  entry: Readonly<Record<string, { count: number }>> | undefined,
): BaselineOutcome<D> {
  const unused = new Map<string, number>();
  if (!entry) return { shown: [...diagnostics], baselined: [], unused };
  const found = countByKey(diagnostics);
  const suppressedKeys = new Set<string>();
  for (const [key, { count }] of Object.entries(entry)) {
    const occurring = found.get(key) ?? 0;
    if (occurring <= count) suppressedKeys.add(key);
    if (occurring < count) unused.set(key, count - occurring);
  }
  const shown: D[] = [];
  const baselined: D[] = [];
  for (const diagnostic of diagnostics) {
    if (isBaselinable(diagnostic) && suppressedKeys.has(suppressionKey(diagnostic))) baselined.push(diagnostic);
    else shown.push(diagnostic);
  }
  return { shown, baselined, unused };
}

/**
 * --suppress-all / --suppress-rule: each linted document's entry made what it has now, for the
 * selected keys (all when `selectors` is undefined): the errors it has are counted, and a selected
 * key it no longer has is dropped. Other documents' entries, and keys not selected, stay as they were.
 */
export function suppressCurrent(
  counts: SuppressionCounts,
  documents: ReadonlyArray<{ path: string; diagnostics: readonly BaselineDiagnostic[] }>,
  selectors?: readonly string[],
): SuppressionCounts {
  const next = cloneCounts(counts);
  const selected = (key: string): boolean => !selectors || keySelectedBy(key, selectors);
  for (const { path, diagnostics } of documents) {
    const entry = next[path] ?? record<{ count: number }>();
    for (const key of Object.keys(entry)) if (selected(key)) delete entry[key];
    for (const [key, count] of countByKey(diagnostics)) if (selected(key)) entry[key] = { count };
    if (Object.keys(entry).length > 0) next[path] = entry;
    else delete next[path];
  }
  return next;
}

/** A file with no suppressions (what a missing file means). */
export function noSuppressions(): SuppressionCounts {
  return record();
}

/** --prune-suppressions: the counts that no longer occur are taken off (per document and key), empty entries dropped. */
export function pruneUnused(
  counts: SuppressionCounts,
  unusedByPath: ReadonlyMap<string, ReadonlyMap<string, number>>,
): SuppressionCounts {
  const next = cloneCounts(counts);
  for (const [path, unused] of unusedByPath) {
    const entry = next[path];
    if (!entry) continue;
    for (const [key, surplus] of unused) {
      const kept = (entry[key]?.count ?? 0) - surplus;
      if (kept > 0) entry[key] = { count: kept };
      else delete entry[key];
    }
    if (Object.keys(entry).length === 0) delete next[path];
  }
  return next;
}

/** The file's text: documents and keys sorted, so that it diffs well in a pull request. */
export function serializeSuppressions(counts: SuppressionCounts): string {
  const sorted: SuppressionCounts = record();
  for (const path of Object.keys(counts).sort()) {
    const entry = counts[path];
    const keys = Object.keys(entry).sort();
    if (keys.length === 0) continue;
    sorted[path] = record();
    for (const key of keys) sorted[path][key] = { count: entry[key].count };
  }
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** Reads the file's text: the counts, or what is wrong with it (said, never guessed around). */
export function parseSuppressions(text: string): { counts: SuppressionCounts } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `it is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isPlainObject(parsed)) return { problem: 'it must be a JSON object of documents' };
  const counts: SuppressionCounts = record();
  for (const [path, entry] of Object.entries(parsed)) {
    if (!isPlainObject(entry)) return { problem: `the entry of '${path}' must be an object of rules` };
    const keys: Record<string, { count: number }> = record();
    for (const [key, value] of Object.entries(entry)) {
      const count = isPlainObject(value) ? value.count : undefined;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
        return { problem: `'${path}' → '${key}' must be { "count": N } with N a whole number of at least 1` };
      keys[key] = { count };
    }
    counts[path] = keys;
  }
  return { counts };
}

function cloneCounts(counts: SuppressionCounts): SuppressionCounts {
  const copy: SuppressionCounts = record();
  for (const [path, entry] of Object.entries(counts)) {
    copy[path] = record();
    for (const [key, { count }] of Object.entries(entry)) copy[path][key] = { count };
  }
  return copy;
}

/** Without a prototype: a document or key named `__proto__` is one more entry, not the object's prototype. */
function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
