// Globs the user quoted so the shell would not expand them: split into a directory to walk and a
// pattern for the paths below it.
import * as path from 'node:path';
import picomatch from 'picomatch';

export interface GlobPattern {
  /** Where to start walking, relative to the current directory ('' for the directory itself). */
  base: string;
  /** Whether a '/'-separated path relative to `base` matches. */
  matches(pathRelativeToBase: string): boolean;
}

/** undefined when the argument is a plain path; throws on a negated pattern (use --exclude). */
export function parseGlob(argument: string): GlobPattern | undefined {
  const scanned = picomatch.scan(argument);
  if (!scanned.isGlob) return undefined;
  if (scanned.negated) throw new Error(`Negated patterns are not supported ('${argument}'); use --exclude`);
  const matcher = picomatch(scanned.glob);
  return { base: scanned.base, matches: (relative) => matcher(relative) };
}

/** '/'-separated, for glob matching and display on every platform. */
export function toPosixPath(filePath: string): string {
  return filePath.split(path.sep).join('/');
}
