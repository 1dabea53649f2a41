// Which documents the rule applies to: by name, by a root `mcpdesc` member, or by a configured glob.
import { recognitionGlob } from './globMatcher';
import { maySpellMcpdesc } from '../syntax/mcpdescSpelling';
import { syntaxOf } from '../syntax/syntaxOf';

const NAME_PATTERN = /\.mcpdesc\.(json|jsonc|yaml|yml)$/i;
const YAML_NAME_PATTERN = /\.(yaml|yml)$/i;

export interface RecognitionInput {
  /** Path (workspace-relative when the file is inside a workspace folder, else absolute), '/'-separated. */
  path: string;
  /** The text, for the root-member sniff. */
  text: string;
  include?: string[];
  exclude?: string[];
}

/** Whether one of `globs` matches `path` ('/'-separated), with the meaning every glob of the settings and the project configuration has. */
export function matchesGlob(globs: readonly string[] | undefined, path: string): boolean {
  return matches(globs, path);
}

function matches(globs: readonly string[] | undefined, path: string): boolean {
  if (!globs || globs.length === 0) return false;
  const relative = path.replace(/^\/+/, '');
  return globs.some((glob) => {
    // A glob without a slash matches the file name anywhere, as in .gitignore and files.exclude.
    // One that cannot be used (reported where it is written) matches nothing.
    const matcher = recognitionGlob(glob, true).matches;
    return !!matcher && (matcher(path) || (relative !== path && matcher(relative)));
  });
}

export function formatOfPath(path: string): 'json' | 'yaml' {
  return YAML_NAME_PATTERN.test(path) ? 'yaml' : 'json';
}

/**
 * Whether a document may hold comments as its language is defined: YAML, and JSONC (a `.jsonc`
 * name, or the editor's language id `jsonc`, which VS Code gives tsconfig.json and the files its
 * users associate). Plain `.json` is JSON, which has none, although the parse tolerates them.
 */
export function commentsAllowedIn(path: string, languageId?: string): boolean {
  if (languageId === 'jsonc' || languageId === 'yaml') return true;
  return YAML_NAME_PATTERN.test(path) || /\.jsonc$/i.test(path);
}

/** Whether an exclude glob matches `path`: the test isMcpdescDocument starts with, for those that must not read an excluded file. */
export function isExcludedPath(path: string, exclude: string[] | undefined): boolean {
  return matches(exclude, path.replace(/\\/g, '/'));
}

export function isMcpdescDocument(input: RecognitionInput): boolean {
  const path = input.path.replace(/\\/g, '/');
  if (isExcludedPath(path, input.exclude)) return false;
  if (NAME_PATTERN.test(path) || matches(input.include, path)) return true;
  return hasMcpdescRoot(input.text, formatOfPath(path));
}

/**
 * The sniff: a cheap scan first, so that other JSON files cost almost nothing; only a text that
 * could spell `mcpdesc` (plainly or escaped) is parsed to see whether its root, once its keys are
 * unescaped, really has the member.
 */
export function hasMcpdescRoot(text: string, format: 'json' | 'yaml'): boolean {
  return maySpellMcpdesc(text) && syntaxOf(format).hasMcpdescRoot(text);
}
