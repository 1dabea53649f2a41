// Keeping up with the disk. The server asks the client to watch (client/registerCapability for
// workspace/didChangeWatchedFiles, so every client that supports dynamic registration does it, not
// only VS Code): JSON and YAML files (mcpdesc names and root-sniffed documents alike), the include
// globs, and deletions of anything (a deleted directory is reported as itself, not its files).
// Every reported file that is not open is re-checked from disk; the check clears what is gone.
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  WatchKind,
  type Connection,
  type Disposable,
  type FileEvent,
  type FileSystemWatcher,
} from 'vscode-languageserver';
import { CheckPriority, type CheckScheduler } from './checkScheduler';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { isConfigFile } from '../host/documentPolicy';
import type { ProjectConfigSource, RuntimePaths, WorkspaceFileAccess } from './runtime';

export const WATCHED_DOCUMENTS_GLOB = '**/*.{json,jsonc,yaml,yml}';
export const WATCHED_DELETIONS_GLOB = '**/*';

/** Include globs are relative to a workspace folder (or match a name anywhere): watched anywhere. */
function anywhere(glob: string): string {
  const relative = glob.replace(/^\.?\/+/, '');
  return relative.startsWith('**/') ? relative : `**/${relative}`;
}

export function watchersFor(includeGlobs: readonly string[]): FileSystemWatcher[] {
  const globs = [...new Set([WATCHED_DOCUMENTS_GLOB, ...includeGlobs.map(anywhere)])];
  return [...globs.map((globPattern) => ({ globPattern })), { globPattern: WATCHED_DELETIONS_GLOB, kind: WatchKind.Delete }];
}

export class FileWatchRegistration {
  private registered: Promise<Disposable | undefined> | undefined;
  private registeredKey: string | undefined;

  constructor(
    private readonly connection: Connection,
    /** From the client's capabilities: workspace.didChangeWatchedFiles.dynamicRegistration. */
    private readonly canRegister: boolean,
    private readonly log: (message: string) => void,
  ) {}

  /** (Re-)registers the watchers for these include globs; nothing is sent when they did not change. */
  update(includeGlobs: readonly string[]): void {
    if (!this.canRegister) return;
    const watchers = watchersFor(includeGlobs);
    const key = JSON.stringify(watchers);
    if (key === this.registeredKey) return;
    this.registeredKey = key;
    const previous = this.registered;
    this.registered = (async () => {
      (await previous)?.dispose();
      try {
        return await this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers });
      } catch (error) {
        this.log(`Could not register file watchers; changes on disk are picked up by "Check Workspace" only: ${String(error)}`);
        return undefined;
      }
    })();
  }
}

export interface WatchedFileChangesDeps {
  scheduler: CheckScheduler;
  publisher: DiagnosticsPublisher;
  isOpen: (uri: string) => boolean;
  paths: RuntimePaths;
  files: WorkspaceFileAccess;
}

/**
 * workspace/didChangeWatchedFiles: created and changed files are re-checked from disk; a deletion
 * re-checks (so clears) every published file at or under the deleted path, and nothing else (a
 * `rm -rf` of a build folder costs one pass over the published files, not a check per file).
 */
export function handleWatchedFileChanges(changes: readonly FileEvent[], deps: WatchedFileChangesDeps): void {
  const recheck = (uri: string): void => {
    // An open document shows the editor's text; the disk is read again when it closes.
    if (!deps.isOpen(uri)) deps.scheduler.schedule(uri, CheckPriority.FileChange);
  };
  const deleted = new Set<string>();
  for (const change of changes) {
    const uri = deps.paths.canonicalUri(change.uri);
    if (!deps.files.reads(uri)) continue;
    if (change.type === FileChangeType.Deleted) deleted.add(uri.replace(/\/+$/, ''));
    else recheck(uri);
  }
  if (deleted.size === 0) return;
  for (const published of deps.publisher.uris) {
    const authorityStart = published.indexOf('://') + 3;
    for (
      let candidate = published;
      candidate.length > authorityStart;
      candidate = candidate.slice(0, candidate.lastIndexOf('/'))
    ) {
      if (deleted.has(candidate)) {
        recheck(published);
        break;
      }
    }
  }
}

/**
 * Whether the changes concern a project configuration file: one of that name created, changed or
 * deleted, or a deleted folder that held one the server had read. (Configuration files match
 * WATCHED_DOCUMENTS_GLOB, so they are watched with the documents.)
 */
export function touchesProjectConfig(
  changes: readonly FileEvent[],
  configs: ProjectConfigSource,
  paths: RuntimePaths,
  files: WorkspaceFileAccess,
): boolean {
  return changes.some((change) => {
    if (!files.reads(change.uri)) return false;
    const fsPath = paths.uriToFsPath(change.uri);
    return isConfigFile(fsPath) || (change.type === FileChangeType.Deleted && configs.holdsConfigUnder(fsPath));
  });
}
