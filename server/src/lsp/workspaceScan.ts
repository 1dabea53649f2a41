// Finds the mcpdesc documents of the workspace folders and queues them for checking at background
// priority (open documents always go first; the scheduler yields between files). What a check of
// one file does is DiskDocumentChecks' business; this module decides which files to queue: all of
// them on start, on "Check Workspace" and when settings change; one folder's when it is added; and
// what to clear when a folder is removed. How a folder is listed is the runtime's (Node: a walk of
// the disk; a browser: the client's workspace.fs).
import type { McpdescSettings } from '../../../shared/src/settings';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { CheckPriority, type CheckScheduler } from './checkScheduler';
import type { ScanProgress } from './scanProgress';
import type { SettingsResolver } from './settingsResolver';
import { isConfigFile, isScanned } from '../host/documentPolicy';
import type { DocumentSettings } from './documentSettings';
import type { WorkspaceFileAccess } from './runtime';
import type { WorkspaceFolderRef, WorkspaceFolders } from './workspaceFolders';

export interface WorkspaceScanDeps {
  folders: WorkspaceFolders;
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
  scheduler: CheckScheduler;
  publisher: DiagnosticsPublisher;
  progress: ScanProgress;
  isOpen: (uri: string) => boolean;
  log: (message: string) => void;
  /** How the runtime lists a folder's files (Node: the disk; a browser: the client's workspace.fs). */
  files: WorkspaceFileAccess;
}

export class WorkspaceScan {
  /** Bumped by every full scan: an older full scan still walking stops, its file list is stale. */
  private generation = 0;

  constructor(private readonly deps: WorkspaceScanDeps) {}

  /**
   * Queues every candidate file of every folder. Files that have diagnostics but were not found
   * (deleted, excluded, no longer matched) are queued too: their check clears them.
   */
  async scanAll(): Promise<void> {
    const generation = ++this.generation;
    const cancelled = (): boolean => generation !== this.generation;
    const { folders, publisher, progress } = this.deps;
    const found = new Set<string>();
    progress.walkStarted();
    try {
      for (const folder of [...folders.all]) {
        if (cancelled()) return;
        if (this.deps.files.reads(folder.uri)) await this.scanFolder(folder.uri, cancelled, found);
      }
      if (cancelled()) return;
      for (const uri of publisher.uris) {
        if (this.deps.files.reads(uri) && !found.has(uri) && !this.deps.isOpen(uri)) this.queue(uri);
      }
    } finally {
      progress.walkEnded();
    }
  }

  /** A folder was added: its files (the others are unaffected). */
  async folderAdded(folder: WorkspaceFolderRef): Promise<void> {
    if (!this.deps.files.reads(folder.uri)) return; // a file system this runtime cannot read
    this.deps.progress.walkStarted();
    try {
      await this.scanFolder(folder.uri, () => !this.deps.folders.all.some((known) => known.uri === folder.uri));
    } finally {
      this.deps.progress.walkEnded();
    }
  }

  /**
   * A folder was removed: files no longer inside any folder lose their diagnostics and queued
   * checks; when it was nested in a remaining folder, its files are re-checked as that folder's.
   */
  async folderRemoved(folder: WorkspaceFolderRef): Promise<void> {
    const { folders, scheduler, publisher, progress } = this.deps;
    const orphaned = (uri: string): boolean =>
      this.deps.files.reads(uri) && !this.deps.isOpen(uri) && folders.folderOf(uri) === undefined;
    scheduler.cancelWhere(orphaned);
    progress.removeWhere(orphaned);
    for (const uri of publisher.uris) if (orphaned(uri)) publisher.clear(uri);
    if (!this.deps.files.reads(folder.uri)) return;
    if (folders.folderOf(folder.uri) === undefined) return;
    progress.walkStarted();
    try {
      await this.scanFolder(folder.uri, () => false);
    } finally {
      progress.walkEnded();
    }
  }

  private queue(uri: string): void {
    if (this.deps.isOpen(uri)) return; // checked as the editor's text, by its own schedule
    this.deps.progress.add(uri);
    this.deps.scheduler.schedule(uri, CheckPriority.Background);
  }

  /**
   * Lists `folderUri` and queues its candidate files, each judged with the settings of the folder
   * it belongs to (the innermost). Folders nested inside it are left to their own listing.
   */
  private async scanFolder(folderUri: string, isCancelled: () => boolean, found?: Set<string>): Promise<void> {
    const { folders, settings, files, log } = this.deps;
    const notListed = files.notListed(folderUri);
    if (notListed !== undefined) {
      log(`Not scanning ${folders.paths.uriToFsPath(folderUri)}: ${notListed}. Open documents are still checked.`);
      return;
    }
    const settingsByFolder = new Map<string, McpdescSettings>();
    for (const folder of folders.all) settingsByFolder.set(folder.uri, await settings.forResource(folder.uri));
    const started = Date.now();
    const count = await files.listFiles(folderUri, {
      wantsFile: (uri) => {
        const folder = folders.folderOf(uri);
        const folderSettings = folder && settingsByFolder.get(folder.uri);
        if (!folderSettings?.enable) return false;
        // Configuration files are checked wherever they are (known without reading any); documents by
        // the globs of their folder's settings and configuration.
        const recognitionPath = folders.recognitionPath(uri);
        return (
          isConfigFile(recognitionPath) || isScanned(recognitionPath, this.deps.documentSettings.forDiskFile(folderSettings, uri))
        );
      },
      skipsFolder: (uri) => folders.isFolderRoot(uri),
      isCancelled,
      // Queued folder by folder: the first checks start while the walk goes on.
      onFiles: (uris) => {
        for (const uri of uris) {
          found?.add(uri);
          this.queue(uri);
        }
      },
      onProblem: (where, error) => log(`Could not list ${where}: ${error instanceof Error ? error.message : String(error)}`),
    });
    if (isCancelled()) return;
    log(`Found ${count} candidate file(s) in ${folders.paths.uriToFsPath(folderUri)} (${Date.now() - started} ms).`);
  }
}
