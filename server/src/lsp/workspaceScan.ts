// Finds the mcpdesc documents of the workspace folders and queues them for checking at background
// priority (open documents always go first; the scheduler yields between files). What a check of
// one file does is DiskDocumentChecks' business; this module decides which files to queue: all of
// them on start, on "Check Workspace" and when settings change; one folder's when it is added; and
// what to clear when a folder is removed.
import * as os from 'node:os';
import * as path from 'node:path';
import type { McpdescSettings } from '../../../shared/src/settings';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { CheckPriority, type CheckScheduler } from './checkScheduler';
import type { ScanProgress } from './scanProgress';
import type { SettingsResolver } from './settingsResolver';
import { isConfigFileName } from '../checker';
import { isCandidateFile, walkFilesYielding } from '../host';
import type { DocumentSettings } from './documentSettings';
import { fsPathToUri, isFileUri, uriToFsPath, type WorkspaceFolderRef, type WorkspaceFolders } from './workspaceFolders';

export interface WorkspaceScanDeps {
  folders: WorkspaceFolders;
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
  scheduler: CheckScheduler;
  publisher: DiagnosticsPublisher;
  progress: ScanProgress;
  isOpen: (uri: string) => boolean;
  log: (message: string) => void;
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
        if (isFileUri(folder.uri)) await this.scanDirectory(uriToFsPath(folder.uri), cancelled, found);
      }
      if (cancelled()) return;
      for (const uri of publisher.uris) {
        if (isFileUri(uri) && !found.has(uri) && !this.deps.isOpen(uri)) this.queue(uri);
      }
    } finally {
      progress.walkEnded();
    }
  }

  /** A folder was added: its files (the others are unaffected). */
  async folderAdded(folder: WorkspaceFolderRef): Promise<void> {
    if (!isFileUri(folder.uri)) return; // a virtual file system: nothing on this machine's disk to read
    this.deps.progress.walkStarted();
    try {
      await this.scanDirectory(uriToFsPath(folder.uri), () => !this.deps.folders.all.some((known) => known.uri === folder.uri));
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
    const orphaned = (uri: string): boolean => isFileUri(uri) && !this.deps.isOpen(uri) && folders.folderOf(uri) === undefined;
    scheduler.cancelWhere(orphaned);
    progress.removeWhere(orphaned);
    for (const uri of publisher.uris) if (orphaned(uri)) publisher.clear(uri);
    if (!isFileUri(folder.uri)) return;
    const directory = uriToFsPath(folder.uri);
    if (folders.folderOf(fsPathToUri(directory)) === undefined) return;
    progress.walkStarted();
    try {
      await this.scanDirectory(directory, () => false);
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
   * Walks `directory` and queues its candidate files, each judged with the settings of the folder
   * it belongs to (the innermost). Folders nested inside it are left to their own walk.
   */
  private async scanDirectory(directory: string, isCancelled: () => boolean, found?: Set<string>): Promise<void> {
    const { folders, settings, log } = this.deps;
    if (isTooBroadToScan(directory)) {
      // A client started without a project (root = home directory) must not make us read the whole disk.
      log(`Not scanning ${directory}: it is the home directory or a file system root. Open documents are still checked.`);
      return;
    }
    const settingsByFolder = new Map<string, McpdescSettings>();
    for (const folder of folders.all) settingsByFolder.set(folder.uri, await settings.forResource(folder.uri));
    const started = Date.now();
    const files = await walkFilesYielding(directory, {
      wantsFile: (filePath) => {
        const uri = fsPathToUri(filePath);
        const folder = folders.folderOf(uri);
        const folderSettings = folder && settingsByFolder.get(folder.uri);
        if (!folderSettings?.enable) return false;
        // Configuration files are checked wherever they are; documents by the globs of their folder's settings and configuration.
        const recognitionPath = folders.recognitionPath(uri);
        return isConfigFileName(recognitionPath) || isCandidateFile(recognitionPath, this.deps.documentSettings.forDiskFile(folderSettings, uri).files);
      },
      skipsDirectory: (directoryPath) => folders.isFolderRoot(directoryPath),
      isCancelled,
      // Queued folder by folder: the first checks start while the walk goes on.
      onFiles: (filePaths) => {
        for (const filePath of filePaths) {
          const uri = fsPathToUri(filePath);
          found?.add(uri);
          this.queue(uri);
        }
      },
      onProblem: (directoryPath, error) => log(`Could not list ${directoryPath}: ${error instanceof Error ? error.message : String(error)}`),
    });
    if (isCancelled()) return;
    log(`Found ${files.length} candidate file(s) in ${directory} (${Date.now() - started} ms).`);
  }
}

function isTooBroadToScan(directory: string): boolean {
  const resolved = path.resolve(directory);
  return resolved === path.parse(resolved).root || resolved === path.resolve(os.homedir());
}
