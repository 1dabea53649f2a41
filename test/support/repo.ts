// Locating repository files from compiled tests (they run from out/test/...).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function repoRoot(): string {
  let directory = __dirname;
  while (!existsSync(join(directory, 'package.json')) || existsSync(join(directory, 'tsconfig.json')) === false) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error('package.json not found above ' + __dirname);
    directory = parent;
  }
  return directory;
}

export function repoPath(...segments: string[]): string {
  return join(repoRoot(), ...segments);
}
