// Tests run from out/test/..., so repository files are found from the package root, not __dirname.
import * as fs from 'node:fs';
import * as path from 'node:path';

function findRepoRoot(start: string): string {
  let directory = start;
  for (;;) {
    const manifest = path.join(directory, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'mcpdesc-lsp') return directory;
    }
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`No mcpdesc-lsp package.json above ${start}`);
    directory = parent;
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);

export function repoPath(...segments: string[]): string {
  return path.join(REPO_ROOT, ...segments);
}

/** The bundled server; the tests speak to the artifact that ships, so it must be built first. */
export function builtServerPath(): string {
  const serverPath = repoPath('dist', 'server.js');
  if (!fs.existsSync(serverPath)) {
    throw new Error(`${serverPath} does not exist: run \`npm run build\` first (\`npm test\` does it).`);
  }
  return serverPath;
}
