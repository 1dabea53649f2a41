// --changed-since <ref>: which files a change touched, from git (run as a child process: the CLI's
// business, never the checker's). "Changed since the ref" is what a pull request shows: the files
// that differ between where the branch left the ref (their merge base) and the working tree, which
// includes commits, staged and unstaged edits, added and renamed files (under their new name), and
// files git does not track yet (not ignored). Deleted files are not there to lint.
//
// In a shallow clone (CI's usual checkout) the merge base may be out of reach; then the ref itself is
// the base, which is exact for a pull request's merge commit, whose first parent is the base branch.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { realPathOf } from './readFile';

export interface ChangedFiles {
  /** The commit compared with (the merge base, or the ref itself). */
  base: string;
  /** Whether `base` is the merge base of the ref and HEAD (false: the ref itself, none being found). */
  mergeBase: boolean;
  /** Absolute paths, each with its folders' real path (see canonicalFilePath). */
  files: ReadonlySet<string>;
}

const GIT_OUTPUT_MAX_BYTES = 512 * 1024 * 1024;

/** A file's path as changed-file sets hold it: its folder's real path and its own name (a changed symlink is the link). */
export function canonicalFilePath(filePath: string): string {
  return path.join(realPathOf(path.dirname(path.resolve(filePath))), path.basename(filePath));
}

/** The files changed since `ref`, seen from `cwd` (inside the repository); or what went wrong, in words. */
export function changedFilesSince(ref: string, cwd: string): ChangedFiles | { problem: string } {
  if (ref.trim() === '' || ref.startsWith('-')) return { problem: `'${ref}' is not a git revision` };
  try {
    const root = git(['rev-parse', '--show-toplevel'], cwd).trim();
    const commit = revision(`${ref}^{commit}`, root);
    if (!commit) return { problem: `'${ref}' is not a commit of the repository at ${root} (in a shallow clone, fetch it first)` };
    const head = revision('HEAD', root);
    const mergeBase = head ? mergeBaseOf(commit, head, root) : undefined;
    const base = mergeBase ?? commit;
    // The working tree against the base: commits since it, staged and unstaged edits. Renames are
    // found so that a renamed file counts under its new name (R), even where diff.renames is off.
    const diffed = git(
      ['-c', 'diff.relative=false', 'diff', '--name-only', '-z', '--find-renames', '--diff-filter=ACMRT', base, '--'],
      root,
    );
    const untracked = git(['ls-files', '--others', '--exclude-standard', '-z', '--full-name'], root);
    const files = new Set<string>();
    for (const name of [...splitNul(diffed), ...splitNul(untracked)]) files.add(canonicalFilePath(path.join(root, name)));
    return { base, mergeBase: mergeBase !== undefined, files };
  } catch (error) {
    return { problem: gitProblem(error) };
  }
}

function git(args: readonly string[], cwd: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: GIT_OUTPUT_MAX_BYTES,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No pager, no prompt for credentials, the user's locale for nothing we parse.
    env: { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
  });
}

function revision(spec: string, cwd: string): string | undefined {
  try {
    return git(['rev-parse', '--verify', '--quiet', '--end-of-options', spec], cwd).trim() || undefined;
  } catch {
    return undefined;
  }
}

function mergeBaseOf(a: string, b: string, cwd: string): string | undefined {
  try {
    return git(['merge-base', a, b], cwd).trim() || undefined;
  } catch {
    // None reachable (a shallow clone, unrelated histories).
    return undefined;
  }
}

function splitNul(output: string): string[] {
  return output.split('\0').filter((name) => name !== '');
}

function gitProblem(error: unknown): string {
  const failed = error as { code?: string; stderr?: string | Buffer; message?: string };
  if (failed.code === 'ENOENT') return 'git is not installed (or not on the PATH)';
  const stderr = String(failed.stderr ?? '').trim();
  const firstLine = stderr.split('\n').find((line) => line.trim() !== '');
  return firstLine ? `git: ${firstLine.replace(/^fatal:\s*/, '')}` : (failed.message ?? String(error));
}
