// Tests run from out/test/cli/…; the repository is the first ancestor holding the package manifest.
import * as fs from 'node:fs';
import * as path from 'node:path';

export function repoRoot(): string {
  let directory = __dirname;
  while (!fs.existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`no package.json above ${__dirname}`);
    directory = parent;
  }
  return directory;
}
