// What changes around the documents: workspace folders added or removed, watched files (documents,
// configuration files, the bulk suppressions file) and the settings.
import { DEFAULT_SETTINGS } from '../../../../shared/src/settings';
import { describeError } from '../../host/documentPolicy';
import { handleWatchedFileChanges, touchesProjectConfig } from '../fileWatchers';
import type { ServerServices } from '../serverServices';

/** Registered on `initialized`, when the client can tell of folder changes. */
export function registerWorkspaceFolderChanges(services: ServerServices): void {
  const { connection, folders, logError } = services;
  connection.workspace.onDidChangeWorkspaceFolders((event) => {
    const ready = services.ready;
    if (!ready) return;
    ready.diskChecks.forgetFolders();
    for (const removed of event.removed) folders.remove(removed.uri);
    for (const added of event.added) folders.add(added);
    // Folder-level settings and relative paths (so include/exclude globs) may have changed for
    // open documents and for the files of the folders that came or went; nothing else.
    ready.settings.dropCache();
    services.recheckOpenDocuments();
    const scans = [
      ...event.removed.map((folder) => ready.scan.folderRemoved(folder)),
      ...event.added.map((folder) => ready.scan.folderAdded(folder)),
    ];
    void Promise.all(scans).catch((error: unknown) => logError(`Scanning a workspace folder failed: ${describeError(error)}`));
    void services.updateWatchers();
  });
}

export function registerWatchedFiles(services: ServerServices): void {
  const { connection, baselines, publisher, isOpen, runtime } = services;
  const { paths, files, configs } = runtime;
  connection.onDidChangeWatchedFiles((params) => {
    const ready = services.ready;
    if (!ready) return;
    // A folder's symlink may have been pointed elsewhere.
    ready.diskChecks.forgetFolders();
    const suppressionsChanged = params.changes.some(
      (change) =>
        files.reads(change.uri) &&
        baselines.isSuppressionsFile(paths.uriToFsPath(change.uri), DEFAULT_SETTINGS.bulkSuppressions.location),
    );
    if (suppressionsChanged) baselines.invalidate();
    if (suppressionsChanged || touchesProjectConfig(params.changes, configs, paths, files)) {
      // A configuration or suppressions file came, went or changed: what applies to any file below it
      // may differ, so everything is judged again with the files read anew (as a settings change does).
      configs.invalidate();
      services.recheckEverything();
      return;
    }
    handleWatchedFileChanges(params.changes, { scheduler: ready.scheduler, publisher, isOpen, paths, files });
  });
}

export function registerConfigurationChanges(services: ServerServices): void {
  services.connection.onDidChangeConfiguration((params) => {
    services.ready?.settings.changed(params.settings);
  });
}
