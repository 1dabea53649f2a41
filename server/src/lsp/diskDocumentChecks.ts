// Checks of files that are not open in an editor: the workspace scan's, a watched file's, and a
// closed document's (which falls back to the file on disk). What needs the connection is decided
// here, on the main thread: whether the file is in a folder, a candidate, enabled, and with which
// settings. Reading and checking it is a task for a worker thread (diskCheckTask.ts), so a huge file
// never stops the thread that serves the editor; only its diagnostics come back, and nothing of the
// file is kept. A file that is gone, outside every workspace folder, ignored or not an mcpdesc
// document has its diagnostics cleared. An open document always wins: its editor text is what the
// user sees, so an answer that arrives after the file was opened (or changed again) is dropped.
import { internalErrorNotice } from '../checker';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import { InThreadRunner, TaskCancelled, type TaskRunner } from '../host/workerPool';
import { isCandidateFile, isInIgnoredDirectory, maxFileBytes, realPathOf } from '../host';
import { checkFileOnDisk, type DiskCheckAnswer, type DiskCheckTask } from './diskCheckTask';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { describeError } from './internalErrorDiagnostic';
import type { SettingsResolver } from './settingsResolver';
import { isFileUri, uriToFsPath, type WorkspaceFolders } from './workspaceFolders';

export type DiskCheckRunner = TaskRunner<DiskCheckTask, DiskCheckAnswer>;

export interface DiskDocumentChecksDeps {
  folders: WorkspaceFolders;
  settings: SettingsResolver;
  publisher: DiagnosticsPublisher;
  /** Whether the file is open in the editor (under any spelling of its URI). */
  isOpen: (uri: string) => boolean;
  log: (message: string) => void;
  /** Where the reading and checking happen; this thread when not given. */
  runner?: DiskCheckRunner;
}

export class DiskDocumentChecks {
  /** Workspace folders' real paths, resolved once instead of once per file. */
  private readonly realFolders = new Map<string, string>();
  readonly runner: DiskCheckRunner;

  constructor(private readonly deps: DiskDocumentChecksDeps) {
    this.runner = deps.runner ?? new InThreadRunner(checkFileOnDisk);
  }

  /** The scheduler's job for a URI that is not open; `signal` aborts when the check is outdated (the file changed or opened). */
  readonly check = async (uri: string, signal?: AbortSignal): Promise<void> => {
    const task = await this.taskFor(uri);
    let answer: DiskCheckAnswer;
    if (!task) {
      answer = { kind: 'skipped' };
    } else {
      try {
        answer = await this.runner.run(task, signal);
      } catch (error) {
        if (error instanceof TaskCancelled) return;
        answer = { kind: 'diagnostics', diagnostics: internalErrorNotice(error, { rules: task.settings.rules, docsBaseUri: shippedDocsBaseUri() }) };
        this.deps.log(`Checking ${uri} (on disk) failed: ${describeError(error)}`);
      }
    }
    if (answer.log) this.deps.log(answer.log);
    // Outdated: a newer check of the file is queued, or the editor's text is checked instead.
    if (signal?.aborted || this.deps.isOpen(uri)) return;
    // Its folder was removed meanwhile: it must not reappear.
    if (answer.kind === 'diagnostics' && this.deps.folders.folderOf(uri)) this.deps.publisher.publish(uri, answer.diagnostics);
    else this.deps.publisher.clear(uri);
  };

  /** Workspace folders changed (or a folder's symlink may have): resolve their real paths again. */
  forgetFolders(): void {
    this.realFolders.clear();
  }

  /** What a worker needs to check the file, or undefined when there is nothing to check. */
  private async taskFor(uri: string): Promise<DiskCheckTask | undefined> {
    const { folders, settings } = this.deps;
    if (!isFileUri(uri)) return undefined;
    const folder = folders.folderOf(uri);
    if (!folder) return undefined; // reads stay inside the workspace folders
    const path = folders.recognitionPath(uri);
    if (isInIgnoredDirectory(path)) return undefined;
    // Closed files take their folder's settings: one configuration request per folder, not per file.
    const resolved = await settings.forResource(folder.uri);
    if (!resolved.enable || !isCandidateFile(path, resolved.files)) return undefined;
    if (this.deps.isOpen(uri)) return undefined;
    return {
      uri,
      filePath: uriToFsPath(uri),
      realFolder: this.realFolder(uriToFsPath(folder.uri)),
      path,
      maxBytes: maxFileBytes(resolved.maxFileSizeMB),
      settings: resolved,
    };
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
