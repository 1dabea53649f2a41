// Checks of files that are not open in an editor: the workspace scan's, a watched file's, and a
// closed document's (which falls back to the file on disk). The file is read, checked, its
// diagnostics published and everything else dropped: no text or tree of a closed file is kept.
// A file that is gone, outside every workspace folder, ignored or not an mcpdesc document has its
// diagnostics cleared. An open document always wins: its editor text is what the user sees.
import * as fs from 'node:fs/promises';
import type { Diagnostic } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';
import { checkOversizedDocument, checkTextDocument, type CheckOutcome } from './documentChecker';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { maxFileBytes } from './fileSizeLimit';
import type { SettingsResolver } from './settingsResolver';
import { isCandidateFile, isInIgnoredDirectory, readWorkspaceFile, type WorkspaceFileRead } from './workspaceFiles';
import { isFileUri, uriToFsPath, type WorkspaceFolders } from './workspaceFolders';

export interface DiskDocumentChecksDeps {
  folders: WorkspaceFolders;
  settings: SettingsResolver;
  publisher: DiagnosticsPublisher;
  /** Whether the file is open in the editor (under any spelling of its URI). */
  isOpen: (uri: string) => boolean;
  log: (message: string) => void;
  /** The URIs the scheduler will check next, whose files are read while this one is checked. */
  upcoming?: (count: number) => readonly string[];
}

/** A file read for its check, with the settings it is checked under; or nothing to check. */
type PreparedFile =
  | { kind: 'skipped' }
  | { kind: 'read'; read: WorkspaceFileRead; path: string; settings: McpdescSettings };

/**
 * How many upcoming files are read ahead. Reading is I/O in libuv's thread pool: with a few reads
 * in flight, the next file is usually in memory when its check starts, instead of the checking
 * thread idling through realpath, open, stat and read. Few enough that the texts held are small.
 */
const READ_AHEAD = 3;

export class DiskDocumentChecks {
  private readonly readAhead = new Map<string, Promise<PreparedFile>>();
  /** Workspace folders' real paths, resolved once instead of once per file. */
  private readonly realFolders = new Map<string, Promise<string>>();

  constructor(private readonly deps: DiskDocumentChecksDeps) {}

  /** The scheduler's job for a URI that is not open. */
  readonly check = async (uri: string): Promise<void> => {
    const ahead = this.readAhead.get(uri);
    this.readAhead.delete(uri);
    const prepared = ahead ?? this.prepare(uri);
    this.readUpcoming(uri);
    const outcome = this.evaluate(uri, await prepared);
    // Opened while the file was read: the editor's text is checked instead, never the disk's.
    if (this.deps.isOpen(uri)) return;
    // Its folder was removed while the file was read: it must not reappear.
    const diagnostics = this.deps.folders.folderOf(uri) ? diagnosticsOf(outcome) : undefined;
    if (diagnostics) this.deps.publisher.publish(uri, diagnostics);
    else this.deps.publisher.clear(uri);
  };

  /**
   * Forgets every file read ahead and every resolved folder: a file changed on disk, settings or
   * folders changed. What was read before must not be checked as the current content.
   */
  dropReadAhead(): void {
    this.readAhead.clear();
    this.realFolders.clear();
  }

  private readUpcoming(current: string): void {
    const upcoming = this.deps.upcoming?.(READ_AHEAD + 1).filter((uri) => uri !== current).slice(0, READ_AHEAD) ?? [];
    const wanted = new Set(upcoming);
    // Reads of files no longer next (checked as open documents, cancelled, overtaken) are dropped.
    for (const uri of this.readAhead.keys()) if (!wanted.has(uri)) this.readAhead.delete(uri);
    for (const uri of upcoming) {
      if (this.readAhead.has(uri)) continue;
      const prepared = this.prepare(uri);
      // Nobody may await a dropped read: its failure must not surface as an unhandled rejection.
      prepared.catch(() => undefined);
      this.readAhead.set(uri, prepared);
    }
  }

  private async prepare(uri: string): Promise<PreparedFile> {
    const { folders, settings } = this.deps;
    if (!isFileUri(uri)) return { kind: 'skipped' };
    const folder = folders.folderOf(uri);
    if (!folder) return { kind: 'skipped' }; // reads stay inside the workspace folders
    const path = folders.recognitionPath(uri);
    if (isInIgnoredDirectory(path)) return { kind: 'skipped' };
    // Closed files take their folder's settings: one configuration request per folder, not per file.
    const resolved = await settings.forResource(folder.uri);
    if (!resolved.enable || !isCandidateFile(path, resolved)) return { kind: 'skipped' };
    if (this.deps.isOpen(uri)) return { kind: 'skipped' };
    const realFolder = await this.realFolder(uriToFsPath(folder.uri));
    const read = await readWorkspaceFile(uriToFsPath(uri), realFolder, maxFileBytes(resolved));
    return { kind: 'read', read, path, settings: resolved };
  }

  private realFolder(folderPath: string): Promise<string> {
    let real = this.realFolders.get(folderPath);
    if (!real) {
      real = fs.realpath(folderPath).catch(() => folderPath);
      this.realFolders.set(folderPath, real);
    }
    return real;
  }

  private evaluate(uri: string, prepared: PreparedFile): CheckOutcome {
    if (prepared.kind === 'skipped') return prepared;
    const { read, path, settings } = prepared;
    const { log } = this.deps;
    switch (read.kind) {
      case 'absent':
        return { kind: 'skipped' };
      case 'unreadable':
        log(`Could not read ${uri}: ${read.reason}`);
        return { kind: 'skipped' };
      case 'tooLarge':
        return checkOversizedDocument({ path, head: read.head, sizeBytes: read.sizeBytes }, settings);
      case 'text': {
        const outcome = checkTextDocument({ uri, text: read.text, path, once: true }, settings);
        if (outcome.kind === 'failed') log(`Checking ${uri} (on disk) failed: ${outcome.error}`);
        return outcome;
      }
    }
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
