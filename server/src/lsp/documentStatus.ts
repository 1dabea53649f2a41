// Whether the server checks an open document and, if not, why: the answer to mcpdesc/documentStatus,
// which the client's status item shows. The decision is the document policy's own (host: checkDecision); this
// module only adds which setting made it, e.g. the exclude glob that matched and where it came from,
// and, for a checked document, what its last check read and ran: the format version (the root
// `mcpdesc` member), the MCP revisions in scope (the root `protocolVersions`), the rules that were
// not off with their pages, how long it took, and the configuration files that applied. What it
// echoes of the document's own text (and of globs and paths) is cut to DOCUMENT_STATUS_LIMITS, so
// the answer stays small whatever the document holds.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DOCUMENT_STATUS_LIMITS, type DocumentStatus, type RuleRun } from '../../../shared/src/constants';
import { CONFIG_RULE_ID, RULE_IDS, defaultSetting, ruleDocsUri } from '../../../shared/src/rules';
import type { McpdescSettings } from '../../../shared/src/settings';
import { isExcludedPath } from '../checker';
import { checkDecision, isConfigFile } from '../host/documentPolicy';
import type { DocumentSettings } from './documentSettings';
import { cutForStatus, type CheckFacts } from './checkFacts';
import type { SettingsResolver } from './settingsResolver';
import type { WorkspaceFolders } from './workspaceFolders';

export interface DocumentStatusDeps {
  documents: { get(uri: string): TextDocument | undefined };
  folders: WorkspaceFolders;
  /** The editor's settings for a document, before the project configuration adds to them. */
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
  /** What the check of the document's current version read and ran (checked now when none is kept); undefined when it did not finish. */
  checkFacts(uri: string): Promise<CheckFacts | undefined>;
  /** Whether the runtime reads project configuration files (a browser's does not). */
  configFilesRead: boolean;
  /** Where the rule pages are (the runtime's). */
  docsBaseUri: string;
}

export async function documentStatusOf(deps: DocumentStatusDeps, uri: string): Promise<DocumentStatus> {
  const document = deps.documents.get(uri);
  if (!document) return { kind: 'notOpen' };
  const path = deps.folders.recognitionPath(uri);
  if (isConfigFile(path)) return { kind: 'configuration' };
  const settings = await deps.documentSettings.forOpenDocument(uri);
  const decision = checkDecision({ path, text: document.getText() }, settings);
  switch (decision.kind) {
    case 'check':
      return checkedStatus(deps, uri, settings);
    case 'disabled':
    case 'notMcpdesc':
      return { kind: decision.kind };
    case 'tooLarge':
      return { kind: 'tooLarge', sizeBytes: decision.sizeBytes, limitMB: settings.maxFileSizeMB };
    case 'excluded':
      return excludedBy(path, (await deps.settings.forResource(uri)).files.exclude, deps.documentSettings.configOf(uri));
  }
}

async function checkedStatus(deps: DocumentStatusDeps, uri: string, settings: McpdescSettings): Promise<DocumentStatus> {
  const facts = await deps.checkFacts(uri);
  // The check's own settings when there is one: the open document's adjustments (the editor's JSON syntax errors) included.
  const rules = rulesThatRan(facts?.settings ?? settings, deps.docsBaseUri);
  const revisions = facts?.revisions;
  return {
    kind: 'checked',
    ...(facts?.formatVersion !== undefined && { formatVersion: facts.formatVersion }),
    ...(revisions && { revisions: revisions.listed }),
    ...(revisions && revisions.omitted > 0 && { revisionsOmitted: revisions.omitted }),
    rules,
    ...(facts && { lastCheckMs: Math.round(facts.durationMs * 10) / 10 }),
    configFiles: configFilesOf(deps.documentSettings.configOf(uri).files),
    configFilesRead: deps.configFilesRead,
  };
}

/** The innermost configuration files (the last ones decide; the client opens the last one, so paths are never cut). */
function configFilesOf(files: string[]): string[] {
  return files.slice(-DOCUMENT_STATUS_LIMITS.configFiles);
}

/** The rules a document's check ran with these settings: every one not off, but the configuration files' own. */
function rulesThatRan(settings: McpdescSettings, docsBaseUri: string): RuleRun[] {
  const runs: RuleRun[] = [];
  for (const id of RULE_IDS) {
    if (id === CONFIG_RULE_ID) continue;
    const severity = settings.rules[id] ?? defaultSetting(id);
    if (severity !== 'off') runs.push({ id, severity, docsUri: ruleDocsUri(id, docsBaseUri) });
  }
  return runs;
}

/** The first exclude glob that matches: the editor's settings' ones are tried first, as they are merged first. */
function excludedBy(
  path: string,
  fromSettings: string[],
  configuration: { files: string[]; globs: { exclude: string[] } },
): DocumentStatus {
  const matches = (pattern: string): boolean => isExcludedPath(path, [pattern]);
  const setting = fromSettings.find(matches);
  if (setting !== undefined) return { kind: 'excluded', pattern: cutForStatus(setting), from: 'settings' };
  const configured = configuration.globs.exclude.find(matches);
  return {
    kind: 'excluded',
    pattern: cutForStatus(configured ?? ''),
    from: 'configuration',
    files: configFilesOf(configuration.files),
  };
}
