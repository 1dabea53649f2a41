// What a chain of configuration files means for one document: the files from the outermost that
// applies (a `root: true`, or the top of the workspace) down to the document's nearest, merged in
// that order. Each file's `rules` then its `overrides` that match the document (in order) are laid
// over what the files above said, so the nearer file wins and, within one, the later entry. Globs
// are written relative to their file's folder; they are rewritten here to the paths recognition
// sees (relative to the workspace folder, or the CLI's current directory), so that the settings'
// and the files' globs are one list matched by one matcher (recognize.ts).
import type { SeveritySetting } from '../../../../shared/src/rules';
import { matchesGlob } from '../recognition/recognize';
import type { ProjectConfig } from './projectConfig';

export interface ConfigLayer {
  /**
   * The file's folder as recognition paths spell it: '' for the recognition root, a relative
   * '/'-separated path below it, an absolute one outside it.
   */
  directory: string;
  config: ProjectConfig;
}

/** Glob syntax picomatch gives a meaning to; a folder name holding them must match literally. */
const GLOB_SYNTAX = /[\\*?[\]{}()!+@|]/g;

/** A glob of a file in `directory`, as a glob on recognition paths (a name without '/' still matches at any depth below it). */
export function anchorGlob(directory: string, glob: string): string {
  // `./x.json` and `/x.json` name the file of this folder only, as `sub/x.json` does.
  const explicitlyAnchored = /^(\.\/|\/)/.test(glob);
  const relative = glob.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
  const anchored = explicitlyAnchored || relative.includes('/');
  if (directory === '') return anchored && !relative.includes('/') ? `./${relative}` : relative;
  const base = `${directory.replace(GLOB_SYNTAX, '\\$&')}/`;
  return anchored ? `${base}${relative}` : `${base}**/${relative}`;
}

/** The chain's include and exclude globs, on recognition paths. */
export function layerGlobs(layers: readonly ConfigLayer[]): { include: string[]; exclude: string[] } {
  return {
    include: layers.flatMap((layer) => layer.config.include.map((glob) => anchorGlob(layer.directory, glob))),
    exclude: layers.flatMap((layer) => layer.config.exclude.map((glob) => anchorGlob(layer.directory, glob))),
  };
}

/** The severities the chain sets for the document at `path` (a recognition path). */
export function layerRules(layers: readonly ConfigLayer[], path: string): Record<string, SeveritySetting> {
  const rules: Record<string, SeveritySetting> = {};
  for (const layer of layers) {
    Object.assign(rules, layer.config.rules);
    for (const override of layer.config.overrides) {
      if (
        matchesGlob(
          override.files.map((glob) => anchorGlob(layer.directory, glob)),
          path,
        )
      )
        Object.assign(rules, override.rules);
    }
  }
  return rules;
}
