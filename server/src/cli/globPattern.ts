// Globs the user quoted so the shell would not expand them: split into a directory to walk and a
// pattern for the paths below it. These name paths as a shell would ('*.json' is the current
// directory's); --include and --exclude are recognition globs, matched as the server matches them.
import picomatch from 'picomatch';
import { shellGlob } from '../checker';

export interface GlobPattern {
  /** Where to start walking, relative to the current directory ('' for the directory itself). */
  base: string;
  /** Whether a '/'-separated path relative to `base` matches. */
  matches(pathRelativeToBase: string): boolean;
}

/** undefined when the argument is a plain path; throws on a negated pattern (use --exclude) and on one that cannot be used. */
export function parseGlob(argument: string): GlobPattern | undefined {
  // scan is linear; the pattern part is held to the limits of every glob.
  const scanned = picomatch.scan(argument);
  if (!scanned.isGlob) return undefined;
  if (scanned.negated) throw new Error(`Negated patterns are not supported ('${shown(argument)}'); use --exclude`);
  const compiled = shellGlob(scanned.glob);
  if (!compiled.matches) throw new Error(`The pattern '${shown(argument)}' cannot be used: ${compiled.problem}`);
  return { base: scanned.base, matches: compiled.matches };
}

/** A pattern as a message quotes it: its start, when it is long. */
export function shown(glob: string): string {
  return glob.length > 80 ? `${glob.slice(0, 80)}…` : glob;
}
