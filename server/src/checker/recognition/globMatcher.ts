// Globs come from configuration files and settings that a cloned repository controls, so matching
// one must take time linear in the path and bounded by the glob: picomatch's own matcher is a
// backtracking RegExp (`*a*a*a*a*a*a*a*a*a*a*a*a*b` against a 40-character name ran for minutes).
// A glob keeps picomatch's meaning exactly: picomatch still parses it to its regular expression,
// and linearRegExp.ts runs that expression without backtracking (a DFA-free NFA simulation with
// picomatch's lookaheads). picomatch's parser itself costs up to about 0.1 ms per character of a
// glob and more with deep nesting, hence the limits below, checked before it runs.
import picomatch from 'picomatch';
import { LinearRegExp, UnsupportedPattern } from './linearRegExp';

/** The longest glob accepted (in a configuration file, a setting or on the command line). */
export const MAX_GLOB_LENGTH = 1024;
/** The deepest nesting of parentheses and braces in a glob. */
export const MAX_GLOB_NESTING = 16;
/** The most characters all the globs of one configuration file (or one list of settings) may have together. */
export const MAX_GLOBS_TOTAL_LENGTH = 16 * 1024;
/**
 * What the matcher itself compiles at most: recognition puts a configuration file's folder before
 * its globs (escaped, so up to twice a path's 4,096 characters), which the user did not write.
 */
const MAX_ANCHORED_GLOB_LENGTH = MAX_GLOB_LENGTH + 2 * 4096 + 8;

export type GlobMatcher = (path: string) => boolean;

export type CompiledGlob = { matches: GlobMatcher; problem?: undefined } | { problem: string; matches?: undefined };

interface GlobOptions {
  dot: boolean;
  basename: boolean;
  windows: boolean;
}

// Compiled globs kept (a hostile one holds up to about half a megabyte of programs)
const COMPILED_LIMIT = 256;
const compiled = new Map<string, CompiledGlob>();

/** Why `glob` cannot be used before it is parsed (its size, its nesting), or undefined. */
function sizeProblem(glob: string, maxLength: number): string | undefined {
  if (glob.length > maxLength)
    return `The glob is ${glob.length.toLocaleString('en-US')} characters long; at most ${maxLength.toLocaleString('en-US')} are allowed.`;
  let depth = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === '\\') index++;
    else if (char === '(' || char === '{') {
      if (++depth > MAX_GLOB_NESTING) return `The glob nests parentheses and braces more than ${MAX_GLOB_NESTING} deep.`;
    } else if ((char === ')' || char === '}') && depth > 0) depth--;
  }
  return undefined;
}

function compile(glob: string, options: GlobOptions, maxLength: number): CompiledGlob {
  const key = `${options.dot ? 'd' : '-'}${options.basename ? 'b' : '-'}${options.windows ? 'w' : '-'}${maxLength}:${glob}`;
  const known = compiled.get(key);
  if (known) {
    // Kept in use order, so the oldest is dropped first.
    compiled.delete(key);
    compiled.set(key, known);
    return known;
  }
  const result = compileAnew(glob, options, maxLength);
  compiled.set(key, result);
  if (compiled.size > COMPILED_LIMIT) compiled.delete(compiled.keys().next().value as string);
  return result;
}

function compileAnew(glob: string, options: GlobOptions, maxLength: number): CompiledGlob {
  if (glob === '') return { problem: 'The glob is empty.' };
  const tooLarge = sizeProblem(glob, maxLength);
  if (tooLarge) return { problem: tooLarge };
  let source: string;
  try {
    source = picomatch.makeRe(glob, options).source;
  } catch (error) {
    return { problem: `The glob cannot be read: ${error instanceof Error ? error.message : String(error)}.` };
  }
  let regExp: LinearRegExp;
  try {
    regExp = new LinearRegExp(source);
  } catch (error) {
    if (error instanceof UnsupportedPattern)
      return { problem: `The glob cannot be matched in linear time: it uses ${error.message}.` };
    return { problem: `The glob cannot be read: ${error instanceof Error ? error.message : String(error)}.` };
  }
  // What picomatch's matcher does around its expression (picomatch.test and matchBase). The
  // last answer is kept: recognition asks about one path several times in a row.
  let lastInput: string | undefined;
  let lastAnswer = false;
  const matches = (input: string): boolean => {
    if (input !== lastInput) {
      lastAnswer = matchesAnew(input);
      lastInput = input;
    }
    return lastAnswer;
  };
  const matchesAnew = (input: string): boolean => {
    if (input === '') return false;
    if (input === glob) return true;
    const output = options.windows ? input.replace(/\\/g, '/') : input;
    if (output === glob) return true;
    return regExp.test(options.basename ? basenameOf(input, options.windows) : output);
  };
  return { matches };
}

/** picomatch's basename: the last segment, or the one before a trailing separator. */
function basenameOf(path: string, windows: boolean): string {
  const segments = path.split(windows ? /[\\/]/ : '/');
  const last = segments[segments.length - 1];
  return last === '' ? (segments[segments.length - 2] ?? '') : last;
}

const onWindows = typeof process !== 'undefined' && process.platform === 'win32';

/**
 * A glob of the settings or a configuration file (or --include, --exclude), with recognition's
 * meaning: dot files match, and a glob without '/' matches the file name in any folder.
 * `anchored`: the glob recognition built from one the user wrote (with a folder before it).
 */
export function recognitionGlob(glob: string, anchored = false): CompiledGlob {
  // picomatch's main export fills in `windows` from the platform when options are given.
  return compile(
    glob,
    { dot: true, basename: !glob.includes('/'), windows: onWindows },
    anchored ? MAX_ANCHORED_GLOB_LENGTH : MAX_GLOB_LENGTH,
  );
}

/** A glob on the CLI's command line as picomatch reads one without options (paths as a shell names them). */
export function shellGlob(glob: string): CompiledGlob {
  return compile(glob, { dot: false, basename: false, windows: false }, MAX_GLOB_LENGTH);
}

/**
 * The recognition globs of a list that can be used (the settings' include or exclude), within
 * MAX_GLOBS_TOTAL_LENGTH together, and what is wrong with each of the others.
 */
export function usableGlobs(globs: readonly string[]): { usable: string[]; problems: Array<{ glob: string; problem: string }> } {
  const usable: string[] = [];
  const problems: Array<{ glob: string; problem: string }> = [];
  let left = MAX_GLOBS_TOTAL_LENGTH;
  for (const glob of globs) {
    const problem =
      glob.length > left
        ? `It would take the globs of the list past ${MAX_GLOBS_TOTAL_LENGTH.toLocaleString('en-US')} characters in all.`
        : recognitionGlob(glob).problem;
    if (problem) problems.push({ glob, problem });
    else {
      usable.push(glob);
      left -= glob.length;
    }
  }
  return { usable, problems };
}
