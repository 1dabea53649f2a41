// Small mcpdesc documents with a chosen number of known errors, for the CI options' tests: one tool
// declaring `confirm` (form) and `authorize` (url), and one interaction example per step, each step
// naming the declaration given (a name the tool does not declare is one unknown-declaration error
// on that name, and nothing else). `padding` blank lines after the first line move every finding
// down without changing any.
import { spawnSync } from 'node:child_process';

export { documentWithSteps } from './stepDocuments';

/** Runs git in `cwd` (a test's repository), failing the test with git's own words when it fails. */
export function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${run.stderr}`);
  return run.stdout;
}

/** A repository in `root` with everything in it committed on `main`. */
export function initRepository(root: string): void {
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'base');
}
