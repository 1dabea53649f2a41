// The version printed by --version and written into SARIF: the package's own, found by walking up
// from this file (dist/cli.js in the extension or the npm package, out/server/src/cli/ when run from
// compiled tests).
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository's (and the .vsix's) manifest, and the npm package's generated one. */
const PACKAGE_NAMES: readonly unknown[] = ['mcpdesc-lsp', 'mcpdesc-lint'];

export function packageVersion(startDirectory: string = __dirname): string {
  let directory = startDirectory;
  for (;;) {
    const manifest = readManifest(path.join(directory, 'package.json'));
    if (manifest && PACKAGE_NAMES.includes(manifest.name) && typeof manifest.version === 'string') return manifest.version;
    const parent = path.dirname(directory);
    if (parent === directory) return '0.0.0-unknown';
    directory = parent;
  }
}

function readManifest(file: string): { name?: unknown; version?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as { name?: unknown; version?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}
