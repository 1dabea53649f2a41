// What the status item says about the active document, from the server's mcpdesc/documentStatus
// answer: for a document it checks, what the check read and ran (format version, MCP revisions,
// rules, time, configuration); for one it does not, that it does not and which setting decided it
// (without it the item showed the workspace's problem count on any JSON or YAML file, as if that file
// had been checked); and where a click leads: the configuration file that applies, or the rule's
// page, or the setting that decided. Free of VS Code types, so it is tested in plain Node.
import type { DocumentStatus } from '../../shared/src/constants';
import { BYTES_PER_MB, formatMB } from '../../shared/src/megabytes';

export interface NotCheckedText {
  /** The item's text. */
  text: string;
  /** Why, with the setting that decided it. */
  detail: string;
}

/** The status item's text for a document that is not checked; undefined when it is (or nothing is known). */
export function notCheckedText(status: DocumentStatus | undefined): NotCheckedText | undefined {
  const notChecked = (detail: string): NotCheckedText => ({ text: '$(circle-slash) MCP Description: not checked', detail });
  switch (status?.kind) {
    case undefined:
    case 'checked':
    case 'configuration':
    case 'notOpen':
      return undefined;
    case 'disabled':
      return notChecked('Not checked: mcpdesc.enable is off for this file');
    case 'excluded':
      return notChecked(`Not checked: excluded by ${excludedBy(status)}`);
    case 'notMcpdesc':
      return {
        text: 'MCP Description: not an mcpdesc document',
        detail: 'Not checked: neither its name (*.mcpdesc.json, …), mcpdesc.files.include nor a root "mcpdesc" member make it an MCP description document',
      };
    case 'tooLarge':
      return notChecked(`Not checked: it is ${formatMB(status.sizeBytes / BYTES_PER_MB)} MB, over mcpdesc.maxFileSizeMB (${formatMB(status.limitMB)} MB)`);
  }
}

function excludedBy(status: Extract<DocumentStatus, { kind: 'excluded' }>): string {
  const glob = status.pattern ? ` ('${status.pattern}')` : '';
  if (status.from === 'settings') return `mcpdesc.files.exclude${glob}`;
  const files = status.files ?? [];
  const file = files.length === 1 ? files[0].split(/[\\/]/).pop() : undefined;
  return `${file ?? 'the project configuration'}'s exclude${glob}`;
}

type CheckedStatus = Extract<DocumentStatus, { kind: 'checked' }>;

/** What the checked document's check read and ran, for the item's detail line. */
export function checkedDetail(status: CheckedStatus): string {
  const format = status.formatVersion === undefined ? 'no format version (root "mcpdesc")' : `format ${status.formatVersion}`;
  const revisions = status.revisions === undefined ? 'all MCP revisions (no protocolVersions)' : `MCP ${status.revisions.join(', ') || '(none)'}`;
  const rules = `${status.rules.length} rule${status.rules.length === 1 ? '' : 's'}: ${status.rules.map((rule) => rule.id.replace(/^mcpdesc\./, '')).join(', ')}`;
  const time = status.lastCheckMs === undefined ? undefined : `last check ${formatMs(status.lastCheckMs)}`;
  const configuration = status.configFilesRead ? configFileNames(status.configFiles) : 'configuration files not read here: settings only';
  return [format, revisions, rules, time, configuration].filter((part) => part !== undefined).join(' · ');
}

function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function configFileNames(files: string[]): string {
  return files.length === 0 ? 'no configuration file' : `configured by ${files.map(baseName).join(' < ')}`;
}

/** Where a click on the item leads. */
export type StatusClick =
  | { kind: 'openFile'; title: string; path: string }
  | { kind: 'ruleDocs'; title: string; uri: string }
  | { kind: 'settings'; title: string; query: string };

/**
 * For a checked document: the innermost configuration file that applies, else the page of the first
 * rule that ran. For one excluded by a configuration file: that file; by a setting: the setting.
 * Undefined when nothing applies (the item then opens the output).
 */
export function statusClick(status: DocumentStatus | undefined): StatusClick | undefined {
  switch (status?.kind) {
    case 'checked': {
      const config = status.configFiles.at(-1);
      if (config !== undefined) return { kind: 'openFile', title: `Open ${baseName(config)}`, path: config };
      const rule = status.rules[0];
      return rule ? { kind: 'ruleDocs', title: 'Rule documentation', uri: rule.docsUri } : undefined;
    }
    case 'excluded': {
      const config = status.from === 'configuration' ? status.files?.at(-1) : undefined;
      if (config !== undefined) return { kind: 'openFile', title: `Open ${baseName(config)}`, path: config };
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.files.exclude' };
    }
    case 'disabled':
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.enable' };
    case 'notMcpdesc':
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.files.include' };
    case 'tooLarge':
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.maxFileSizeMB' };
    case 'configuration':
    case 'notOpen':
    case undefined:
      return undefined;
  }
}
