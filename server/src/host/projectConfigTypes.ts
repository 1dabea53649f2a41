// What a project configuration is, apart from how the files are found and read (projectConfig.ts,
// which reads the disk): the language server's runtime-neutral part uses these types and the empty
// configuration, in a browser too.
import type { SeveritySetting } from '../../../shared/src/rules';
import type { ParsedProjectConfig } from '../checker';
import type { FileGlobs } from './candidates';

export interface ConfigScope {
  /** The folder the lookup ends at (its own file included): a workspace folder, the CLI's current directory. */
  boundary: string;
  /** The boundary's real path: configuration files are read only inside it. */
  realBoundary: string;
  /** The folder recognition paths (and so globs) are relative to. */
  recognitionRoot: string;
}

export interface LoadedConfigFile {
  /** Absolute, as found (boundary-relative spelling). */
  path: string;
  /** The text read, '' when it could not be read. */
  text: string;
  parsed: ParsedProjectConfig;
}

export interface EffectiveProjectConfig {
  /** The files that apply, outermost first. */
  files: string[];
  /** Files of the chain that could not be used: each has its error in `parsed.problems[0]`. */
  invalid: LoadedConfigFile[];
  /** The severities they set for the document (overrides included). */
  rules: Record<string, SeveritySetting>;
  /** Their include and exclude globs, as recognition paths spell them. */
  globs: FileGlobs;
}

export const NO_PROJECT_CONFIG: EffectiveProjectConfig = {
  files: [],
  invalid: [],
  rules: {},
  globs: { include: [], exclude: [] },
};
