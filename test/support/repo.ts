// Tests run from out/test/..., so repository files are found from the package root, not __dirname.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findRepoRoot(start: string): string {
  for (let directory = start; ; directory = dirname(directory)) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'mcpdesc-lsp') {
      return directory;
    }
    if (dirname(directory) === directory) throw new Error(`No mcpdesc-lsp package.json above ${start}`);
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);

export function repoRoot(): string {
  return REPO_ROOT;
}

export function repoPath(...segments: string[]): string {
  return join(REPO_ROOT, ...segments);
}
