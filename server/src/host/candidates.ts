// Which files are worth reading, decided by their path alone: never anything under node_modules or
// .git, never an excluded file, and otherwise a file that is an mcpdesc document by name or include
// glob, or whose JSON/YAML extension makes its root member worth sniffing. The globs' meaning (a
// glob without a slash matches the file name in any folder, as in .gitignore and files.exclude) is
// the checker's recognition, the one both fronts use.
import { isExcludedPath, isMcpdescDocument } from '../checker';

/** Dependency and version-control folders: never entered, never read (unless a symlink inside the root leads there). */
export const IGNORED_DIRECTORY_NAMES: ReadonlySet<string> = new Set(['node_modules', '.git']);

const SNIFFABLE_NAME = /\.(json|jsonc|yaml|yml)$/i;

export interface FileGlobs {
  include: string[];
  exclude: string[];
}

/** `relativePath` ('/'-separated, relative to its root) lies under node_modules or .git. */
export function isInIgnoredDirectory(relativePath: string): boolean {
  return relativePath
    .split('/')
    .slice(0, -1)
    .some((segment) => IGNORED_DIRECTORY_NAMES.has(segment));
}

/** JSON and YAML files may be mcpdesc documents by their root `mcpdesc` member. */
export function isSniffableName(filePath: string): boolean {
  return SNIFFABLE_NAME.test(filePath);
}

export function isExcluded(filePath: string, globs: FileGlobs): boolean {
  return isExcludedPath(filePath, globs.exclude);
}

/** An mcpdesc document whatever its content: by its name or an include glob (and not excluded). */
export function isRecognizedByName(filePath: string, globs: FileGlobs): boolean {
  return isMcpdescDocument({ path: filePath, text: '', include: globs.include, exclude: globs.exclude });
}

/** By name, glob or the root `mcpdesc` member of `text` (the whole text, or the head of a file too large to read). */
export function isRecognizedByContent(filePath: string, text: string, globs: FileGlobs): boolean {
  return isMcpdescDocument({ path: filePath, text, include: globs.include, exclude: globs.exclude });
}

/**
 * Whether the file is worth reading at all. Ignored folders are the walk's business (a folder the
 * user names on the command line is walked even inside node_modules); a path that did not come from
 * a walk (a file watcher's) is tested with isInIgnoredDirectory as well.
 */
export function isCandidateFile(filePath: string, globs: FileGlobs): boolean {
  if (isExcluded(filePath, globs)) return false;
  return isSniffableName(filePath) || isRecognizedByName(filePath, globs);
}
