// What the status item says about the active document, from the server's mcpdesc/documentStatus
// answer: for a document it checks, what the check read and ran (format version, MCP revisions,
// rules, time, configuration); for one it does not, that it does not and which setting decided it
// (without it the item showed the workspace's problem count on any JSON or YAML file, as if that file
// had been checked); and where a click leads: the configuration file that applies, or the rule's
// page, or the setting that decided. Free of VS Code types, so it is tested in plain Node.
//
// Text the document or the workspace wrote (its version strings, an exclude glob, a file name) is
// shown as text (shownText.ts): one line, shortened, VS Code's `$(icon)` syntax escaped.
import type { DocumentStatus } from '../../shared/src/constants';
import { shownText } from './shownText';
import { BYTES_PER_MB, formatMB } from '../../shared/src/megabytes';

/** How many characters of a document's own text one part of an item's text shows. */
export const SHOWN_CHARS = { formatVersion: 40, revisions: 80, detail: 120 } as const;

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
        detail:
          'Not checked: neither its name (*.mcpdesc.json, …), mcpdesc.files.include nor a root "mcpdesc" member make it an MCP description document',
      };
    case 'tooLarge':
      return notChecked(
        `Not checked: it is ${formatMB(status.sizeBytes / BYTES_PER_MB)} MB, over mcpdesc.maxFileSizeMB (${formatMB(status.limitMB)} MB)`,
      );
  }
}

function excludedBy(status: Extract<DocumentStatus, { kind: 'excluded' }>): string {
  const glob = status.pattern ? ` ('${shownText(status.pattern, SHOWN_CHARS.detail)}')` : '';
  if (status.from === 'settings') return `mcpdesc.files.exclude${glob}`;
  const files = status.files ?? [];
  const file = files.length === 1 ? files[0].split(/[\\/]/).pop() : undefined;
  return `${file === undefined ? 'the project configuration' : shownText(file, SHOWN_CHARS.detail)}'s exclude${glob}`;
}

type CheckedStatus = Extract<DocumentStatus, { kind: 'checked' }>;

/** A status item of its own for the checked document (the hover has one row per item: each says one thing). */
export interface DocumentItem {
  id: 'mcpdesc.document' | 'mcpdesc.rules';
  name: string;
  text: string;
  detail?: string;
  click?: StatusClick;
}

/**
 * For a checked document: what its check read (format version, MCP revisions), how long it took and
 * under which configuration (a click opens the file that applies), and which rules ran (a click
 * opens the first one's page).
 */
export function checkedItems(status: CheckedStatus): DocumentItem[] {
  const format =
    status.formatVersion === undefined
      ? 'no format version'
      : `format ${shownText(status.formatVersion, SHOWN_CHARS.formatVersion)}`;
  const revisions = status.revisions === undefined ? 'no MCP revisions named (protocolVersions)' : revisionsText(status);
  const time = status.lastCheckMs === undefined ? undefined : `checked in ${formatMs(status.lastCheckMs)}`;
  const configuration = status.configFilesRead
    ? configFileNames(status.configFiles)
    : 'settings only (configuration files are not read here)';
  const config = status.configFiles.at(-1);
  const rule = status.rules[0];
  return [
    {
      id: 'mcpdesc.document',
      name: 'MCP Description: this file',
      text: `${format} · ${revisions}`,
      detail: [time, configuration].filter((part) => part !== undefined).join(' · '),
      ...(config !== undefined && {
        click: { kind: 'openFile', title: `Open ${shownText(baseName(config), SHOWN_CHARS.detail)}`, path: config },
      }),
    },
    {
      id: 'mcpdesc.rules',
      name: 'MCP Description: rules',
      text: `${status.rules.length === 1 ? 'rule' : 'rules'}: ${status.rules.map((run) => run.id.slice(run.id.lastIndexOf('.') + 1)).join(', ') || 'none'}`,
      ...(rule && { click: { kind: 'ruleDocs', title: 'Rule documentation', uri: rule.docsUri } }),
    },
  ];
}

/** `MCP a, b, c` (and how many more), shortened as a whole. */
function revisionsText(status: CheckedStatus): string {
  const named = status.revisions ?? [];
  const more = status.revisionsOmitted ? ` (+${status.revisionsOmitted} more)` : '';
  if (named.length === 0) return `MCP (none)${more}`;
  return `MCP ${shownText(named.join(', '), SHOWN_CHARS.revisions)}${more}`;
}

function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function configFileNames(files: string[]): string {
  return files.length === 0
    ? 'settings only (no configuration file)'
    : `configured by ${files.map((file) => shownText(baseName(file), SHOWN_CHARS.detail)).join(' < ')}`;
}

/** Where a click on the item leads. */
export type StatusClick =
  | { kind: 'openFile'; title: string; path: string }
  | { kind: 'ruleDocs'; title: string; uri: string }
  | { kind: 'settings'; title: string; query: string };

/**
 * Where a click on the main item leads for a document that is not checked: the configuration file
 * that excluded it, or the setting that decided. Undefined otherwise (the item then opens the output;
 * a checked document's own items carry its clicks: checkedItems).
 */
export function statusClick(status: DocumentStatus | undefined): StatusClick | undefined {
  switch (status?.kind) {
    case 'excluded': {
      const config = status.from === 'configuration' ? status.files?.at(-1) : undefined;
      if (config !== undefined)
        return { kind: 'openFile', title: `Open ${shownText(baseName(config), SHOWN_CHARS.detail)}`, path: config };
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.files.exclude' };
    }
    case 'disabled':
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.enable' };
    case 'notMcpdesc':
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.files.include' };
    case 'tooLarge':
      return { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.maxFileSizeMB' };
    case 'checked':
    case 'configuration':
    case 'notOpen':
    case undefined:
      return undefined;
  }
}
