// Builds a throw-away directory tree from a map of relative paths to contents.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export function makeTempTree(files: Record<string, string | Buffer>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-cli-')));
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(root, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
  return root;
}

export function removeTree(root: string): void {
  fs.rmSync(root, { recursive: true, force: true });
}
