// Checks of files that are not open in an editor: the workspace scan's, a watched file's, and a
// closed document's (which falls back to the file on disk). The file is read, checked, its
// diagnostics published and everything else dropped: no text or tree of a closed file is kept.
// A file that is gone, outside every workspace folder, ignored or not an mcpdesc document has its
// diagnostics cleared. An open document always wins: its editor text is what the user sees.
import type { Diagnostic } from '../checker';
import { isCandidateFile, isInIgnoredDirectory, maxFileBytes, readHostFile, realPathOf } from '../host';
import { checkOversizedDocument, checkTextDocument, type CheckOutcome } from './documentChecker';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import type { SettingsResolver } from './settingsResolver';
import { isFileUri, uriToFsPath, type WorkspaceFolders } from './workspaceFolders';

export interface DiskDocumentChecksDeps {
  folders: WorkspaceFolders;
  settings: SettingsResolver;
  publisher: DiagnosticsPublisher;
  /** Whether the file is open in the editor (under any spelling of its URI). */
  isOpen: (uri: string) => boolean;
  log: (message: string) => void;
}

export class DiskDocumentChecks {
  /** Workspace folders' real paths, resolved once instead of once per file. */
  private readonly realFolders = new Map<string, string>();

  constructor(private readonly deps: DiskDocumentChecksDeps) {}

  /** The scheduler's job for a URI that is not open. */
  readonly check = async (uri: string): Promise<void> => {
    const outcome = await this.evaluate(uri);
    // Opened while the settings were fetched: the editor's text is checked instead, never the disk's.
    if (this.deps.isOpen(uri)) return;
    // Its folder was removed meanwhile: it must not reappear.
    const diagnostics = this.deps.folders.folderOf(uri) ? diagnosticsOf(outcome) : undefined;
    if (diagnostics) this.deps.publisher.publish(uri, diagnostics);
    else this.deps.publisher.clear(uri);
  };

  /** Workspace folders changed (or a folder's symlink may have): resolve their real paths again. */
  forgetFolders(): void {
    this.realFolders.clear();
  }

  private async evaluate(uri: string): Promise<CheckOutcome> {
    const { folders, settings, log } = this.deps;
    if (!isFileUri(uri)) return { kind: 'skipped' };
    const folder = folders.folderOf(uri);
    if (!folder) return { kind: 'skipped' }; // reads stay inside the workspace folders
    const path = folders.recognitionPath(uri);
    if (isInIgnoredDirectory(path)) return { kind: 'skipped' };
    // Closed files take their folder's settings: one configuration request per folder, not per file.
    const resolved = await settings.forResource(folder.uri);
    if (!resolved.enable || !isCandidateFile(path, resolved.files)) return { kind: 'skipped' };
    if (this.deps.isOpen(uri)) return { kind: 'skipped' };
    const read = readHostFile(uriToFsPath(uri), this.realFolder(uriToFsPath(folder.uri)), maxFileBytes(resolved.maxFileSizeMB));
    switch (read.kind) {
      // Nothing to show: gone, outside its folder through a symlink, or not a regular file.
      case 'missing':
      case 'outside':
      case 'notRegular':
        return { kind: 'skipped' };
      case 'unreadable':
        log(`Could not read ${uri}: ${read.reason}`);
        return { kind: 'skipped' };
      case 'tooLarge':
        return checkOversizedDocument({ path, head: read.head, sizeBytes: read.sizeBytes }, resolved);
      case 'text': {
        const outcome = checkTextDocument({ uri, text: read.text, path, once: true }, resolved);
        if (outcome.kind === 'failed') log(`Checking ${uri} (on disk) failed: ${outcome.error}`);
        return outcome;
      }
    }
  }

  private realFolder(folderPath: string): string {
    let real = this.realFolders.get(folderPath);
    if (real === undefined) {
      real = realPathOf(folderPath);
      this.realFolders.set(folderPath, real);
    }
    return real;
  }
}

function diagnosticsOf(outcome: CheckOutcome): Diagnostic[] | undefined {
  switch (outcome.kind) {
    case 'checked':
      return outcome.result.diagnostics;
    case 'tooLarge':
    case 'failed':
      return outcome.diagnostics;
    case 'skipped':
      return undefined;
  }
}
