// SARIF 2.1.0 for code scanning (GitHub's upload-sarif and the like): one run, every rule with its
// descriptions, help and code-scanning properties, one result per problem with a fingerprint that
// survives unrelated edits.
//
// Paths: every artifact URI is relative to %SRCROOT%, the directory the CLI ran in (in CI: the
// repository root), and the log says no more about that directory than that: no absolute path of
// the machine that produced it. A file outside it gets a '../' URI relative to it; only a file on
// another Windows drive, which no relative URI reaches, is given as a file: URI.
// Columns count UTF-16 code units, which is what LSP positions already are.
//
// Code scanning refuses a run of more than 25,000 results and a file of more than 10 MB (gzipped). A
// larger report keeps the results that matter most (errors, then warnings, then notes, each in
// report order) up to both limits, and says so: a warning notification in the log, and on stderr.
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { ArtifactLocation, Log, ReportingDescriptor, Result } from 'sarif';
import type { Severity } from '../../checker';
import type { AnchoredDiagnostic } from '../../host/findingAnchor';
import { sha256 } from '../../host/findingAnchor';
import type { FileReport, RunReport } from '../report';
import { terminalSafeJson } from '../outputText';
import { RELATIVE_DOCS_BASE, RULES, RULE_IDS, type RuleDescription, type SeverityName } from '../../../../shared/src/rules';

/** The OASIS standard's own schema file. */
const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json';
const TOOL_NAME = 'mcpdesc-lint';
const SOURCE_ROOT = '%SRCROOT%';
/** Versioned, so that a change of what the fingerprint hashes can be told from a change of the finding. */
export const FINGERPRINT_KEY = 'mcpdescFinding/v1';

type SarifLevel = NonNullable<Result['level']>;

const LEVEL_OF_SEVERITY: Record<Severity, SarifLevel> = { 1: 'error', 2: 'warning', 3: 'note', 4: 'note' };
const LEVEL_OF_SETTING: Record<SeverityName, SarifLevel> = {
  error: 'error',
  warning: 'warning',
  information: 'note',
  hint: 'note',
};
/** GitHub code scanning's `problem.severity` values. */
const PROBLEM_SEVERITY: Record<SeverityName, 'error' | 'warning' | 'recommendation'> = {
  error: 'error',
  warning: 'warning',
  information: 'recommendation',
  hint: 'recommendation',
};

/** Code scanning's limits (docs.github.com, "SARIF support for code scanning"). */
export const SARIF_MAX_RESULTS_PER_RUN = 25_000;
export const SARIF_MAX_GZIPPED_BYTES = 10 * 1024 * 1024;

export function formatSarif(report: RunReport): string {
  return formatSarifWithNotices(report).text;
}

/** The log, and what a user must be told about it (results left out to stay within code scanning's limits). */
export function formatSarifWithNotices(
  report: RunReport,
  limits: { results: number; gzippedBytes: number } = {
    results: SARIF_MAX_RESULTS_PER_RUN,
    gzippedBytes: SARIF_MAX_GZIPPED_BYTES,
  },
): { text: string; notices: string[] } {
  const ruleIndex = new Map<string, number>(RULE_IDS.map((id, index) => [id, index]));
  const all = report.files.flatMap((file) => fileResults(file, ruleIndex));
  let kept = Math.min(all.length, limits.results);
  for (;;) {
    const results = kept === all.length ? all : mostImportant(all, kept);
    const notice =
      kept === all.length
        ? undefined
        : `${kept.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')} results are in this SARIF log (errors first, then warnings, then notes): code scanning takes at most ${limits.results.toLocaleString('en-US')} results per run and ${(limits.gzippedBytes / (1024 * 1024)).toLocaleString('en-US')} MB per file (gzipped). Every problem is in the other formats (--format json).`;
    const text = `${terminalSafeJson(JSON.stringify(sarifLog(report, results, notice), null, 2))}\n`;
    // Gzip grows no text by more than a few bytes in a thousand: only a text near the limit is compressed to measure it.
    const gzipped = Buffer.byteLength(text, 'utf8') > limits.gzippedBytes * 0.99 ? gzipSync(text).length : 0;
    if (gzipped <= limits.gzippedBytes || kept === 0) return { text, notices: notice ? [notice] : [] };
    kept = Math.floor((kept * limits.gzippedBytes * 0.95) / gzipped);
  }
}

/** The `count` results that matter most, in their report order. */
function mostImportant(results: readonly Result[], count: number): Result[] {
  const rank: Record<string, number> = { error: 0, warning: 1, note: 2, none: 3 };
  const chosen = results
    .map((result, index) => ({ index, rank: rank[result.level ?? 'warning'] ?? 3 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, count)
    .map(({ index }) => index)
    .sort((a, b) => a - b);
  return chosen.map((index) => results[index]);
}

function sarifLog(report: RunReport, results: Result[], truncation: string | undefined): Log {
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            version: report.toolVersion,
            semanticVersion: report.toolVersion,
            rules: RULE_IDS.map((id) => reportingDescriptor(RULES[id])),
          },
        },
        // A category of its own, so that its alerts are not confused with another tool's on upload.
        automationDetails: { id: `${TOOL_NAME}/` },
        invocations: [
          {
            executionSuccessful: report.failures.length === 0,
            toolExecutionNotifications: [
              ...report.failures.map((failure) => ({ level: 'error' as const, message: { text: failure } })),
              ...(truncation ? [{ level: 'warning' as const, message: { text: truncation } }] : []),
            ],
          },
        ],
        originalUriBaseIds: {
          [SOURCE_ROOT]: { description: { text: 'The directory mcpdesc-lint ran in; every artifact URI is relative to it.' } },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

/**
 * No helpUri: the rule pages ship with the tool (docs/rules/), and a file: URI of the machine that
 * ran the check would open nothing where the log is read. The help carries the rule's text instead.
 */
function reportingDescriptor(rule: RuleDescription): ReportingDescriptor {
  const docsPath = `${RELATIVE_DOCS_BASE}${rule.docsFile}`;
  return {
    id: rule.id,
    name: rule.name,
    shortDescription: { text: rule.shortDescription },
    fullDescription: { text: rule.fullDescription },
    help: {
      text: `${rule.shortDescription}\n\n${rule.fullDescription}\n\nDocumentation: ${docsPath} in the mcpdesc-lint npm package and the VS Code extension.`,
      markdown: `**${rule.shortDescription}**\n\n${rule.fullDescription}\n\nDocumentation: \`${docsPath}\` in the \`mcpdesc-lint\` npm package and the VS Code extension.`,
    },
    defaultConfiguration: { level: LEVEL_OF_SETTING[rule.defaultSeverity], ...(rule.offByDefault ? { enabled: false } : {}) },
    properties: {
      tags: [...rule.tags],
      precision: rule.precision,
      'problem.severity': PROBLEM_SEVERITY[rule.defaultSeverity],
    },
  };
}

function fileResults(file: FileReport, ruleIndex: ReadonlyMap<string, number>): Result[] {
  const location = artifactLocation(file.displayPath);
  // Findings identical in everything hashed (two messages about one node) are numbered in document order.
  const occurrences = new Map<string, number>();
  return file.diagnostics.map((diagnostic) => {
    const hash = findingHash(file.displayPath, diagnostic);
    const occurrence = (occurrences.get(hash) ?? 0) + 1;
    occurrences.set(hash, occurrence);
    return toResult(diagnostic, location, `${hash}:${occurrence}`, ruleIndex);
  });
}

/** Rule, violation, file and the anchored node (its structural path and text): no line numbers. */
export function findingHash(displayPath: string, diagnostic: AnchoredDiagnostic): string {
  const { path, textDigest } = diagnostic.anchor;
  return sha256(JSON.stringify([diagnostic.code, diagnostic.data.violation, displayPath, path, textDigest])).slice(0, 32);
}

function toResult(
  diagnostic: AnchoredDiagnostic,
  location: ArtifactLocation,
  fingerprint: string,
  ruleIndex: ReadonlyMap<string, number>,
): Result {
  const index = ruleIndex.get(diagnostic.code);
  const { start, end } = diagnostic.range;
  return {
    ruleId: diagnostic.code,
    ...(index === undefined ? {} : { ruleIndex: index }),
    level: LEVEL_OF_SEVERITY[diagnostic.severity],
    message: { text: diagnostic.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: location,
          // SARIF lines and columns are 1-based; endColumn is the column just after the region.
          region: {
            startLine: start.line + 1,
            startColumn: start.character + 1,
            endLine: end.line + 1,
            endColumn: end.character + 1,
          },
        },
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: fingerprint },
    properties: {
      violation: diagnostic.data.violation,
      ...(diagnostic.data.officialCode !== undefined && { officialCode: diagnostic.data.officialCode }),
      ...(diagnostic.data.pointer !== undefined && { pointer: diagnostic.data.pointer }),
    },
  };
}

function artifactLocation(displayPath: string): ArtifactLocation {
  // path.relative gives an absolute path only across Windows drives ('D:/specs/a.json').
  if (/^[A-Za-z]:\//.test(displayPath)) return { uri: pathToFileURL(displayPath).href };
  return { uri: displayPath.split('/').map(encodeURIComponent).join('/'), uriBaseId: SOURCE_ROOT };
}
