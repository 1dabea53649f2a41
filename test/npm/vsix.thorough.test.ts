// The .vsix as `npm run package` makes it, built from a copy of the files it ships (so dist/ of the
// checkout is left alone while other tests use it) with the same vsce flags as the package script:
// under 1 MB, exactly the bundles (the browser's two included; not the CLI's, which the npm package carries), the rule pages, the icon and the documents, and a manifest with
// our publisher, license, icon, categories and keywords. It has no `repository`: there is no public
// repository of ours to name (vsce's --allow-missing-repository).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { repoPath } from '../support/repo';

const MAX_VSIX_BYTES = 1024 * 1024;
const SHIPPED = [
  'package.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  '.vscodeignore',
  'docs/rules',
  'schemas',
  'images/icon.png',
];

interface Manifest {
  name: string;
  publisher: string;
  license: string;
  icon: string;
  categories: string[];
  keywords: string[];
  repository?: unknown;
  scripts: Record<string, string>;
}

describe('the .vsix', () => {
  it('is under 1 MB and carries the bundles, rule pages, icon, license, categories and keywords', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-vsix-'));
    try {
      const staging = path.join(work, 'extension');
      for (const item of SHIPPED) fs.cpSync(repoPath(item), path.join(staging, item), { recursive: true });
      execFileSync(process.execPath, [repoPath('scripts', 'build.mjs'), '--production', '--outdir', path.join(staging, 'dist')], {
        cwd: repoPath(),
        stdio: 'pipe',
      });

      const manifest = JSON.parse(fs.readFileSync(repoPath('package.json'), 'utf8')) as Manifest;
      const vsceFlags = /vsce package (.*)$/.exec(manifest.scripts.package)?.[1].split(/\s+/) ?? [];
      assert.ok(vsceFlags.includes('--no-dependencies'), manifest.scripts.package);
      const vsix = path.join(work, 'out.vsix');
      execFileSync(
        process.execPath,
        [repoPath('node_modules', '@vscode', 'vsce', 'vsce'), 'package', ...vsceFlags, '--out', vsix],
        { cwd: staging, stdio: 'pipe' },
      );

      const size = fs.statSync(vsix).size;
      assert.ok(size < MAX_VSIX_BYTES, `${size} bytes`);
      const entries = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).trim().split('\n').sort();
      const docs = fs.readdirSync(repoPath('docs', 'rules')).map((name) => `extension/docs/rules/${name}`);
      const schemas = fs.readdirSync(repoPath('schemas')).map((name) => `extension/schemas/${name}`);
      assert.deepEqual(
        entries,
        [
          '[Content_Types].xml',
          'extension.vsixmanifest',
          'extension/LICENSE.txt',
          'extension/changelog.md',
          'extension/dist/browser/extension.js',
          'extension/dist/browser/server.js',
          'extension/dist/extension.js',
          'extension/dist/server.js',
          ...docs,
          ...schemas,
          'extension/images/icon.png',
          'extension/package.json',
          'extension/readme.md',
        ].sort(),
      );

      const shipped = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' })) as Manifest;
      assert.equal(shipped.publisher, 'mcpdesc-lint');
      assert.equal(shipped.license, 'MIT');
      assert.equal(shipped.icon, 'images/icon.png');
      assert.ok(shipped.categories.includes('Linters'));
      assert.ok(shipped.keywords.includes('mcpdesc') && shipped.keywords.length <= 30);
      assert.equal(shipped.repository, undefined, 'no public repository of ours exists to name');
      const vsixManifest = execFileSync('unzip', ['-p', vsix, 'extension.vsixmanifest'], { encoding: 'utf8' });
      assert.match(vsixManifest, /<Icon>extension\/images\/icon\.png<\/Icon>/);
      assert.match(vsixManifest, /<License>extension\/LICENSE\.txt<\/License>/);
      // The icon is a real PNG image, not a placeholder.
      const icon = execFileSync('unzip', ['-p', vsix, 'extension/images/icon.png']);
      assert.deepEqual([...icon.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      assert.ok(icon.readUInt32BE(16) >= 128 && icon.readUInt32BE(20) >= 128, 'at least 128x128, as the Marketplace asks');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
