// What the status item says about a document the server does not check, from the server's
// mcpdesc/documentStatus answer. Without it the item showed the workspace's problem count on any JSON
// or YAML file, as if that file had been checked. Free of VS Code types, so it is tested in plain Node.
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
