// Whether the server checks an open document and, if not, why: the answer to mcpdesc/documentStatus,
// which the client's status item shows. The decision is the document policy's own (host: checkDecision); this
// module only adds which setting made it, e.g. the exclude glob that matched and where it came from.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentStatus } from '../../../shared/src/constants';
import { isConfigFileName, isExcludedPath } from '../checker';
import { checkDecision } from '../host/documentPolicy';
import type { DocumentSettings } from './documentSettings';
import type { SettingsResolver } from './settingsResolver';
import type { WorkspaceFolders } from './workspaceFolders';

export interface DocumentStatusDeps {
  documents: { get(uri: string): TextDocument | undefined };
  folders: WorkspaceFolders;
  /** The editor's settings for a document, before the project configuration adds to them. */
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
}

export async function documentStatusOf(deps: DocumentStatusDeps, uri: string): Promise<DocumentStatus> {
  const document = deps.documents.get(uri);
  if (!document) return { kind: 'notOpen' };
  const path = deps.folders.recognitionPath(uri);
  if (isConfigFileName(path)) return { kind: 'configuration' };
  const settings = await deps.documentSettings.forOpenDocument(uri);
  const decision = checkDecision({ path, text: document.getText() }, settings);
  switch (decision.kind) {
    case 'check':
      return { kind: 'checked' };
    case 'disabled':
    case 'notMcpdesc':
      return { kind: decision.kind };
    case 'tooLarge':
      return { kind: 'tooLarge', sizeBytes: decision.sizeBytes, limitMB: settings.maxFileSizeMB };
    case 'excluded':
      return excludedBy(path, (await deps.settings.forResource(uri)).files.exclude, deps.documentSettings.configOf(uri));
  }
}

/** The first exclude glob that matches: the editor's settings' ones are tried first, as they are merged first. */
function excludedBy(path: string, fromSettings: string[], configuration: { files: string[]; globs: { exclude: string[] } }): DocumentStatus {
  const matches = (pattern: string): boolean => isExcludedPath(path, [pattern]);
  const setting = fromSettings.find(matches);
  if (setting !== undefined) return { kind: 'excluded', pattern: setting, from: 'settings' };
  const configured = configuration.globs.exclude.find(matches);
  return { kind: 'excluded', pattern: configured ?? '', from: 'configuration', files: configuration.files };
}
