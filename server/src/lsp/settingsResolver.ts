// Settings per resource, pulled with workspace/configuration (a folder or a file may override the user
// settings) and cached until the client says they changed. Clients without workspace/configuration
// get the settings they pushed with didChangeConfiguration, else the defaults.
import type { Connection } from 'vscode-languageserver';
import { DEFAULT_SETTINGS, SETTINGS_SECTION, normalizeSettings, type McpdescSettings } from '../../../shared/src/settings';
import { usableGlobs } from '../checker';

export interface SettingsResolverOptions {
  /** Whether the client answers workspace/configuration (from its initialize capabilities). */
  canPull: boolean;
  log: (message: string) => void;
}

export class SettingsResolver {
  private readonly byResource = new Map<string, Promise<McpdescSettings>>();
  private pushed: McpdescSettings = DEFAULT_SETTINGS;
  private readonly changeListeners: Array<() => void> = [];
  /** Setting globs already reported as unusable (by list and glob). */
  private readonly reportedGlobs = new Set<string>();

  constructor(
    private readonly connection: Connection,
    private readonly options: SettingsResolverOptions,
  ) {}

  /** Settings for one document (or folder) URI. Never rejects: a failed pull falls back to the defaults. */
  forResource(uri: string): Promise<McpdescSettings> {
    if (!this.options.canPull) return Promise.resolve(this.pushed);
    let settings = this.byResource.get(uri);
    if (!settings) {
      settings = this.pull(uri);
      this.byResource.set(uri, settings);
    }
    return settings;
  }

  /** Call with didChangeConfiguration's `settings` payload; every cached value is dropped. */
  changed(pushedSettings: unknown): void {
    if (pushedSettings && typeof pushedSettings === 'object' && SETTINGS_SECTION in pushedSettings) {
      this.pushed = this.withUsableGlobs(normalizeSettings((pushedSettings as Record<string, unknown>)[SETTINGS_SECTION]));
    }
    this.invalidate();
  }

  /** Drops every cached value (settings may differ now) and tells the listeners. */
  invalidate(): void {
    this.byResource.clear();
    for (const listener of this.changeListeners) listener();
  }

  /**
   * Drops every cached value without telling the listeners: a workspace folder came or went, which
   * changes the settings of the files in it only (the caller re-checks those).
   */
  dropCache(): void {
    this.byResource.clear();
  }

  onDidChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** A closed document's settings are not kept around. */
  forget(uri: string): void {
    this.byResource.delete(uri);
  }

  /**
   * The settings without the globs that cannot be used (too long, nested too deep, past the
   * total; workspace settings are the repository's, so as untrusted as its configuration files):
   * those match nothing, and the log says so once each.
   */
  private withUsableGlobs(settings: McpdescSettings): McpdescSettings {
    const include = usableGlobs(settings.files.include);
    const exclude = usableGlobs(settings.files.exclude);
    for (const [name, { problems }] of [
      ['include', include],
      ['exclude', exclude],
    ] as const) {
      for (const { glob, problem } of problems) {
        const key = `${name}\0${glob}`;
        if (this.reportedGlobs.has(key)) continue;
        if (this.reportedGlobs.size < 100) this.reportedGlobs.add(key);
        const shown = glob.length > 80 ? `${glob.slice(0, 80)}…` : glob;
        this.options.log(`mcpdesc.files.${name}: the glob ${JSON.stringify(shown)} is not used: ${problem}`);
      }
    }
    if (include.problems.length === 0 && exclude.problems.length === 0) return settings;
    return { ...settings, files: { include: include.usable, exclude: exclude.usable } };
  }

  private async pull(uri: string): Promise<McpdescSettings> {
    try {
      const raw: unknown = await this.connection.workspace.getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION });
      return this.withUsableGlobs(normalizeSettings(raw));
    } catch (error) {
      this.options.log(`Could not read settings for ${uri}, using the defaults: ${String(error)}`);
      // Do not cache a failure: the next check asks again.
      this.byResource.delete(uri);
      return DEFAULT_SETTINGS;
    }
  }
}
