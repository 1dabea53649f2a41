// What a document is checked with: the editor's settings for it (the user's defaults) under the
// project configuration files above it, found and merged by the host layer as the CLI finds and
// merges them. The configuration's severities win over the settings'; the globs of both apply.
// The files are read from disk (an unsaved edit of one takes effect when it is saved) and cached
// by the host until a watched configuration file changes (ProjectConfigs.invalidate).
//
// An open document keeps one settings object while neither its settings nor the configuration
// change, so that its incremental check state, which is tied to that object, stays reusable.
import type { McpdescSettings } from '../../../shared/src/settings';
import { NO_PROJECT_CONFIG, type ConfigScope, type EffectiveProjectConfig } from '../host/projectConfigTypes';
import type { ProjectConfigSource } from './runtime';
import type { SettingsResolver } from './settingsResolver';
import type { WorkspaceFolders } from './workspaceFolders';

interface CachedSettings {
  base: McpdescSettings;
  generation: number;
  effective: McpdescSettings;
}

export class DocumentSettings {
  private readonly byUri = new Map<string, CachedSettings>();
  /** Workspace folders' real paths, resolved once instead of once per file. */
  private readonly realFolders = new Map<string, string>();

  constructor(
    private readonly settings: SettingsResolver,
    readonly configs: ProjectConfigSource,
    private readonly folders: WorkspaceFolders,
  ) {}

  /** An open document's settings: its own (a file may override its folder's) under the configuration. */
  async forOpenDocument(uri: string): Promise<McpdescSettings> {
    const base = await this.settings.forResource(uri);
    const cached = this.byUri.get(uri);
    if (cached && cached.base === base && cached.generation === this.configs.generation) return cached.effective;
    const effective = this.under(base, uri);
    this.byUri.set(uri, { base, generation: this.configs.generation, effective });
    return effective;
  }

  /** A file on disk, given its folder's settings (one configuration request per folder, not per file). */
  forDiskFile(folderSettings: McpdescSettings, uri: string): McpdescSettings {
    return this.under(folderSettings, uri);
  }

  /** Where the lookup for `uri` ends and reads may go: its workspace folder; undefined outside every folder. */
  scopeOf(uri: string): ConfigScope | undefined {
    const folder = this.folders.folderOf(uri);
    if (!folder) return undefined;
    const folderPath = this.folders.paths.uriToFsPath(folder.uri);
    let real = this.realFolders.get(folderPath);
    if (real === undefined) {
      real = this.folders.paths.realPath(folderPath);
      this.realFolders.set(folderPath, real);
    }
    return { boundary: folderPath, realBoundary: real, recognitionRoot: folderPath };
  }

  /** The project configuration of `uri` (none outside every workspace folder). */
  configOf(uri: string): EffectiveProjectConfig {
    const scope = this.scopeOf(uri);
    return scope ? this.configs.forFile(this.folders.paths.uriToFsPath(uri), scope) : NO_PROJECT_CONFIG;
  }

  /** Workspace folders changed (or a folder's symlink may have): their real paths are resolved again. */
  forgetFolders(): void {
    this.realFolders.clear();
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  private under(base: McpdescSettings, uri: string): McpdescSettings {
    const config = this.configOf(uri);
    if (config === NO_PROJECT_CONFIG) return base;
    return {
      ...base,
      rules: { ...base.rules, ...config.rules },
      files: {
        include: [...base.files.include, ...config.globs.include],
        exclude: [...base.files.exclude, ...config.globs.exclude],
      },
    };
  }
}
