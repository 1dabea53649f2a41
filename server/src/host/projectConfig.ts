// Finding and reading the project configuration files, for the CLI and the server alike, so that
// both give a document the same configuration. From the document's folder up to the scope's
// boundary (the workspace folder; the CLI's current directory), the first folder holding one of
// CONFIG_FILE_NAMES gives the nearest file; the lookup goes on upwards until a file says
// `root: true` or the boundary is passed. Nothing above the boundary is read, and a configuration
// file is read as documents are (readHostFile): a regular file whose real path stays inside the
// boundary, of at most CONFIG_MAX_BYTES (the same in both fronts, whatever their documents' limit).
//
// A file that cannot be used (see checker/config/projectConfig.ts) is left out of the chain, as if
// it were not there, and listed in `invalid` so that each front can say so: a diagnostic on it in
// the editor, a message and exit status 2 in the CLI. Files are cached per folder until
// `invalidate` (the server calls it when a watched configuration file changes).
import * as path from 'node:path';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import {
  CONFIG_FILE_NAMES,
  configDiagnostics,
  configFormatOf,
  layerGlobs,
  layerRules,
  parseProjectConfig,
  unusedConfigProblem,
  type ConfigLayer,
  type ConfigProblem,
  type Diagnostic,
} from '../checker';
import { isInside, toPosixPath } from './paths';
import { readHostFile } from './readFile';
import { NO_PROJECT_CONFIG, type ConfigScope, type EffectiveProjectConfig, type LoadedConfigFile } from './projectConfigTypes';

export { NO_PROJECT_CONFIG, type ConfigScope, type EffectiveProjectConfig, type LoadedConfigFile } from './projectConfigTypes';

/** Configuration files larger than this are not read (one error says so), whatever the documents' limit. */
export const CONFIG_MAX_BYTES = 1024 * 1024;

export class ProjectConfigs {
  /** Per absolute folder: the configuration file used there, or null when it has none. */
  private readonly byFolder = new Map<string, LoadedConfigFile | null>();
  /** Bumped by invalidate: anything computed from an older generation is stale. */
  generation = 0;

  invalidate(): void {
    this.byFolder.clear();
    this.generation++;
  }

  /** Whether a file of the cache lies at or below `fsPath` (a deleted folder may have held one). */
  holdsConfigUnder(fsPath: string): boolean {
    for (const [folder, loaded] of this.byFolder) {
      if (loaded && isInside(fsPath, folder)) return true;
    }
    return false;
  }

  /** Every file read so far (for the CLI, which reports the invalid ones once). */
  loaded(): LoadedConfigFile[] {
    return [...this.byFolder.values()].filter((loaded): loaded is LoadedConfigFile => loaded !== null);
  }

  /** The configuration of the document at `filePath` (absolute). */
  forFile(filePath: string, scope: ConfigScope): EffectiveProjectConfig {
    const chain: LoadedConfigFile[] = [];
    if (!isInside(scope.boundary, filePath)) return NO_PROJECT_CONFIG;
    for (let folder = path.dirname(filePath); isInside(scope.boundary, folder); folder = path.dirname(folder)) {
      const loaded = this.configIn(folder, scope);
      if (loaded) {
        chain.unshift(loaded);
        if (loaded.parsed.config?.root) break;
      }
      if (folder === path.dirname(folder)) break;
    }
    return effectiveOf(chain, filePath, scope);
  }

  /** The configuration given on the command line (--config): that file alone, its globs relative to the recognition root. */
  explicit(loaded: LoadedConfigFile, filePath: string, scope: ConfigScope): EffectiveProjectConfig {
    return effectiveOf([loaded], filePath, scope, scope.recognitionRoot);
  }

  /** Reads one configuration file, whatever its name (--config). */
  read(filePath: string, realRoot: string): LoadedConfigFile | { missing: string } {
    const read = readHostFile(filePath, realRoot, CONFIG_MAX_BYTES);
    switch (read.kind) {
      case 'text':
        return { path: filePath, text: read.text, parsed: parseProjectConfig(read.text, configFormatOf(filePath)) };
      case 'missing':
        return { missing: read.reason };
      case 'outside':
        return { missing: 'it is a symbolic link to a file outside the folder being checked' };
      case 'notRegular':
        return { missing: `it is ${read.what}, not a regular file` };
      case 'tooLarge':
        return unusable(filePath, `The configuration file is too large (${read.sizeBytes} bytes) to be read.`);
      case 'unreadable':
        return unusable(filePath, `The configuration file cannot be read: ${read.reason}.`);
    }
  }

  /**
   * The diagnostics of a configuration file from its text (the editor's, or the file's): its own
   * problems, and a warning when a file of higher precedence in its folder is used instead.
   */
  diagnosticsOf(filePath: string, text: string, scope: ConfigScope): Diagnostic[] {
    const problems: ConfigProblem[] = [...parseProjectConfig(text, configFormatOf(filePath)).problems];
    const used = this.configIn(path.dirname(filePath), scope);
    if (used && path.basename(used.path) !== path.basename(filePath))
      problems.push(unusedConfigProblem(path.basename(used.path)));
    return configDiagnostics(text, problems, shippedDocsBaseUri());
  }

  /** The same for the file on disk; undefined when there is no such file (its diagnostics are cleared). */
  diagnosticsOfFile(filePath: string, scope: ConfigScope): Diagnostic[] | undefined {
    const loaded = this.read(filePath, scope.realBoundary);
    if ('missing' in loaded) return undefined;
    return loaded.text === '' && !loaded.parsed.config
      ? configDiagnostics('', loaded.parsed.problems, shippedDocsBaseUri())
      : this.diagnosticsOf(filePath, loaded.text, scope);
  }

  private configIn(folder: string, scope: ConfigScope): LoadedConfigFile | null {
    const known = this.byFolder.get(folder);
    if (known !== undefined) return known;
    let found: LoadedConfigFile | null = null;
    for (const name of CONFIG_FILE_NAMES) {
      const loaded = this.read(path.join(folder, name), scope.realBoundary);
      if ('missing' in loaded) continue;
      found = loaded;
      break;
    }
    this.byFolder.set(folder, found);
    return found;
  }
}

function unusable(filePath: string, message: string): LoadedConfigFile {
  return { path: filePath, text: '', parsed: { problems: [{ violation: 'invalid-config', message, offset: 0, length: 0 }] } };
}

/** How recognition paths spell `folder`: '' for the root, relative below it, absolute elsewhere. */
function recognitionFolder(folder: string, recognitionRoot: string): string {
  if (path.resolve(folder) === path.resolve(recognitionRoot)) return '';
  return isInside(recognitionRoot, folder) ? toPosixPath(path.relative(recognitionRoot, folder)) : toPosixPath(folder);
}

function effectiveOf(
  chain: LoadedConfigFile[],
  filePath: string,
  scope: ConfigScope,
  globFolder?: string,
): EffectiveProjectConfig {
  if (chain.length === 0) return NO_PROJECT_CONFIG;
  const layers: ConfigLayer[] = [];
  const invalid: LoadedConfigFile[] = [];
  for (const loaded of chain) {
    if (!loaded.parsed.config) invalid.push(loaded);
    else
      layers.push({
        directory: recognitionFolder(globFolder ?? path.dirname(loaded.path), scope.recognitionRoot),
        config: loaded.parsed.config,
      });
  }
  const documentPath = recognitionFolder(filePath, scope.recognitionRoot);
  return {
    files: chain.filter((loaded) => loaded.parsed.config).map((loaded) => loaded.path),
    invalid,
    rules: layerRules(layers, documentPath),
    globs: layerGlobs(layers),
  };
}

/** The one message a front shows for a configuration file it could not use. */
export function invalidConfigMessage(loaded: LoadedConfigFile, shownPath: string): string {
  const problem = loaded.parsed.problems[0];
  if (!loaded.text) return `${shownPath}: invalid configuration: ${problem?.message ?? 'unreadable'}`;
  const before = loaded.text.slice(0, problem?.offset ?? 0);
  const line = before.split(/\r\n|\r|\n/).length;
  return `${shownPath}:${line}: invalid configuration, not used: ${problem?.message ?? 'unreadable'}`;
}
