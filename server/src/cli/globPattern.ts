// Globs the user quoted so the shell would not expand them: split into a directory to walk and a
// pattern for the paths below it. These name paths as a shell would ('*.json' is the current
// directory's); --include and --exclude are recognition globs, matched as the server matches them.
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
