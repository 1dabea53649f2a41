// Checks of files that are not open in an editor: the workspace scan's, a watched file's, and a
// closed document's (which falls back to the file on disk). What needs the connection is decided
// here, on the main thread: whether the file is in a folder, a candidate, enabled, and with which
// settings (the folder's, under the project configuration files). Reading and checking it is the
// runtime's (lsp/runtime.ts): in Node a task for a worker thread (host/diskCheck.ts), so a huge file
// never stops the thread that serves the editor; in a browser a read through the client, then a
// check here. Only its diagnostics come back, and nothing of the file is kept. A configuration file is
// judged here (it is small, and its reading is the configuration cache's). A file that is gone,
// outside every workspace folder, ignored or not an mcpdesc document has its diagnostics cleared.
// An open document always wins: its editor text is what the user sees, so an answer that arrives
// after the file was opened (or changed again) is dropped.
import { TaskCancelled } from '../host/taskRunner';
import { isInIgnoredDirectory } from '../host/candidates';
import { failedCheck, fileDecision, isConfigFile, readLimitBytes } from '../host/documentPolicy';
import type { DiskCheckAnswer, DiskCheckTask } from '../host/diskCheck';
import { publishLimitsOf, type DiagnosticsPublisher } from './diagnosticsPublisher';
import type { DocumentSettings } from './documentSettings';
import type { SettingsResolver } from './settingsResolver';
import type { DiskCheckRunner, WorkspaceFileAccess } from './runtime';
import type { WorkspaceFolders } from './workspaceFolders';
import type { WorkspaceSymbolIndex } from './workspaceSymbols';

export type { DiskCheckRunner } from './runtime';

export interface DiskDocumentChecksDeps {
  folders: WorkspaceFolders;
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
  publisher: DiagnosticsPublisher;
  /** Where a checked file's tools and components are kept for workspace symbols. */
  symbols: WorkspaceSymbolIndex;
  /** Whether the file is open in the editor (under any spelling of its URI). */
  isOpen: (uri: string) => boolean;
  log: (message: string) => void;
  /** How the runtime reads closed files: what is there, and where they are read and checked. */
  files: WorkspaceFileAccess;
  /** Where the rule pages are (the runtime's). */
  docsBaseUri: () => string;
}

/** What to do with a closed file: nothing, publish a configuration file's own diagnostics, or hand a task to a worker. */
type Plan = { kind: 'skip' } | { kind: 'answer'; answer: DiskCheckAnswer } | { kind: 'task'; task: DiskCheckTask };

export class DiskDocumentChecks {
  readonly runner: DiskCheckRunner;

  constructor(private readonly deps: DiskDocumentChecksDeps) {
    this.runner = deps.files.runner;
  }

  /** The scheduler's job for a URI that is not open; `signal` aborts when the check is outdated (the file changed or opened). */
  readonly check = async (uri: string, signal?: AbortSignal): Promise<void> => {
    const plan = await this.planFor(uri);
    let answer: DiskCheckAnswer;
    if (plan.kind === 'skip') {
      answer = { kind: 'skipped' };
    } else if (plan.kind === 'answer') {
      answer = plan.answer;
    } else {
      try {
        answer = await this.runner.run(plan.task, signal);
      } catch (error) {
        if (error instanceof TaskCancelled) return;
        const failed = failedCheck(error, { rules: plan.task.settings.rules, docsBaseUri: plan.task.docsBaseUri });
        answer = { kind: 'diagnostics', diagnostics: failed.diagnostics };
        this.deps.log(`Checking ${uri} (on disk) failed: ${failed.error}`);
      }
    }
    if (answer.log) this.deps.log(answer.log);
    // Outdated: a newer check of the file is queued, or the editor's text is checked instead.
    if (signal?.aborted || this.deps.isOpen(uri)) return;
    // Its folder was removed meanwhile: it must not reappear.
    const limits = plan.kind === 'task' ? publishLimitsOf(plan.task.settings, plan.task.docsBaseUri) : undefined;
    if (answer.kind === 'diagnostics' && this.deps.folders.folderOf(uri)) {
      this.deps.publisher.publish(uri, answer.diagnostics, undefined, limits);
      this.deps.symbols.set(uri, answer.symbols ?? []);
    } else {
      this.deps.publisher.clear(uri);
      this.deps.symbols.delete(uri);
    }
  };

  /** Workspace folders changed (or a folder's symlink may have): resolve their real paths again. */
  forgetFolders(): void {
    this.deps.documentSettings.forgetFolders();
  }

  private async planFor(uri: string): Promise<Plan> {
    const { folders, settings, documentSettings } = this.deps;
    if (!this.deps.files.reads(uri)) return { kind: 'skip' };
    const folder = folders.folderOf(uri);
    if (!folder) return { kind: 'skip' }; // reads stay inside the workspace folders
    const path = folders.recognitionPath(uri);
    if (isInIgnoredDirectory(path)) return { kind: 'skip' };
    // Closed files take their folder's settings: one configuration request per folder, not per file.
    const folderSettings = await settings.forResource(folder.uri);
    if (fileDecision(path, folderSettings) === 'disabled') return { kind: 'skip' };
    const scope = documentSettings.scopeOf(uri);
    if (!scope) return { kind: 'skip' };
    if (isConfigFile(path)) {
      // Checked as configuration wherever it lies, excluded folders included: a broken one must not go unseen.
      const diagnostics = documentSettings.configs.diagnosticsOfFile(folders.paths.uriToFsPath(uri), scope);
      return diagnostics ? { kind: 'answer', answer: { kind: 'diagnostics', diagnostics } } : { kind: 'skip' };
    }
    const resolved = documentSettings.forDiskFile(folderSettings, uri);
    const decision = fileDecision(path, resolved);
    if (decision !== 'check' && decision !== 'sniff') return { kind: 'skip' };
    if (this.deps.isOpen(uri)) return { kind: 'skip' };
    const filePath = folders.paths.uriToFsPath(uri);
    const task: DiskCheckTask = {
      uri,
      filePath,
      realFolder: scope.realBoundary,
      path,
      maxBytes: readLimitBytes(resolved),
      settings: resolved,
      docsBaseUri: this.deps.docsBaseUri(),
    };
    if (this.deps.files.triage(task, decision === 'sniff') === 'skip') return { kind: 'skip' };
    return { kind: 'task', task };
  }
}
