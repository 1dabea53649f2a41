// SARIF 2.1.0 for code-scanning tools: one run, the rules with their docs, one result per problem.
// Locations are relative to %SRCROOT% (the current directory) so the file can be uploaded from CI;
// columns count UTF-16 code units, which is what LSP positions already are.
import { pathToFileURL } from 'node:url';
import type { ArtifactLocation, Log, Result } from 'sarif';
import type { Diagnostic, Severity } from '../../checker';
import type { FileReport, RunReport } from '../report';
import { RULE_METADATA } from '../ruleMetadata';
import type { SeverityName } from '../../../../shared/src/rules';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const TOOL_NAME = 'mcpdesc-lint';
const SOURCE_ROOT = '%SRCROOT%';

type SarifLevel = NonNullable<Result['level']>;

const LEVEL_OF_SEVERITY: Record<Severity, SarifLevel> = { 1: 'error', 2: 'warning', 3: 'note', 4: 'note' };
const LEVEL_OF_SETTING: Record<SeverityName, SarifLevel> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

export function formatSarif(report: RunReport): string {
  const ruleIndex = new Map(RULE_METADATA.map((rule, index) => [rule.id as string, index]));
  const log: Log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            version: report.toolVersion,
            semanticVersion: report.toolVersion,
            rules: RULE_METADATA.map((rule) => ({
              id: rule.id,
              name: rule.name,
              shortDescription: { text: rule.shortDescription },
              helpUri: rule.helpUri,
              help: { text: `See ${rule.helpUri}` },
              defaultConfiguration: { level: LEVEL_OF_SETTING[rule.defaultSeverity], ...(rule.offByDefault ? { enabled: false } : {}) },
            })),
          },
        },
        invocations: [
          {
            executionSuccessful: report.failures.length === 0,
            toolExecutionNotifications: report.failures.map((failure) => ({ level: 'error', message: { text: failure } })),
          },
        ],
        originalUriBaseIds: { [SOURCE_ROOT]: { uri: directoryUri(report.cwd) } },
        columnKind: 'utf16CodeUnits',
        results: report.files.flatMap((file) => file.diagnostics.map((diagnostic) => toResult(file, diagnostic, ruleIndex))),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function toResult(file: FileReport, diagnostic: Diagnostic, ruleIndex: ReadonlyMap<string, number>): Result {
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
          artifactLocation: artifactLocation(file),
          // SARIF lines and columns are 1-based; endColumn is the column just after the region.
          region: { startLine: start.line + 1, startColumn: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1 },
        },
      },
    ],
    properties: { violation: diagnostic.data.violation },
  };
}

function artifactLocation(file: FileReport): ArtifactLocation {
  if (file.displayPath.startsWith('../')) return { uri: pathToFileURL(file.absolutePath).href };
  return { uri: file.displayPath.split('/').map(encodeURIComponent).join('/'), uriBaseId: SOURCE_ROOT };
}

function directoryUri(directory: string): string {
  const href = pathToFileURL(directory).href;
  return href.endsWith('/') ? href : `${href}/`;
}
