// Tests run from out/test/..., so repository files are found from the package root, not __dirname.
import * as fs from 'node:fs';
import { repoPath } from '../support/repo';

export { REPO_ROOT, repoPath } from '../support/repo';

/** The bundled server; the tests speak to the artifact that ships, so it must be built first. */
export function builtServerPath(): string {
  const serverPath = repoPath('dist', 'server.js');
  if (!fs.existsSync(serverPath)) {
    throw new Error(`${serverPath} does not exist: run \`npm run build\` first (\`npm test\` does it).`);
  }
  return serverPath;
}
