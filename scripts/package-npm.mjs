// `npm run package:npm`: the npm package `mcpdesc-lint` as a tarball, for editors other than VS Code
// and for CI. It is not the extension's manifest (which stays private): this script writes a package
// of its own into a staging folder and packs that.
//
//   dist/cli.js      bin mcpdesc-lint             (the CLI)
//   dist/server.js   bin mcpdesc-language-server  (the language server; pass --stdio)
//   dist/index.js    the library (checkDocument, fixAll, applyEdits, RULES), types in types/
//   docs/rules/      the rule pages the diagnostics link to
//
// Every dependency is bundled by esbuild, so the package has no runtime dependencies. The types are
// tsc's declarations for server/src/library.ts and the files they import, and only those: the
// script fails if they would import anything but each other (a bare import would need a dependency).
//
// Usage: node scripts/package-npm.mjs [--out DIR]   (default artifacts/npm, which git ignores);
// prints the tarball's path on the last line of stdout.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { precompileValidators } from './precompile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const outDir = path.resolve(outIndex >= 0 ? process.argv[outIndex + 1] : path.join(root, 'artifacts', 'npm'));
const staging = path.join(outDir, 'package');
const declarationsDir = path.join(outDir, 'declarations');
const LIBRARY_ENTRY = 'server/src/library.ts';

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

fs.rmSync(staging, { recursive: true, force: true });
fs.rmSync(declarationsDir, { recursive: true, force: true });
fs.mkdirSync(staging, { recursive: true });

const SHEBANG = { js: '#!/usr/bin/env node' };
const bundles = [
  { entry: 'server/src/cli.ts', out: 'dist/cli.js', banner: SHEBANG },
  { entry: 'server/src/server.ts', out: 'dist/server.js', banner: SHEBANG },
  { entry: LIBRARY_ENTRY, out: 'dist/index.js' },
];
// The generated modules the bundles import (scripts/precompile.mjs).
await precompileValidators();
await Promise.all(
  bundles.map(({ entry, out, banner }) =>
    esbuild.build({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(staging, out),
      bundle: true,
      platform: 'node',
      // As in build.mjs: jsonc-parser's UMD "main" cannot be followed, its ESM build bundles.
      mainFields: ['module', 'main'],
      target: 'node20',
      format: 'cjs',
      // Readable stack traces for library users; size matters little outside the .vsix.
      minify: false,
      logLevel: 'warning',
      banner,
    }),
  ),
);
for (const { out, banner } of bundles) if (banner) fs.chmodSync(path.join(staging, out), 0o755);

const typesEntry = writeDeclarations();

for (const file of ['README.md', 'LICENSE']) fs.copyFileSync(path.join(root, file), path.join(staging, file));
fs.cpSync(path.join(root, 'docs', 'rules'), path.join(staging, 'docs', 'rules'), { recursive: true });

const packageManifest = {
  name: 'mcpdesc-lint',
  version: manifest.version,
  description:
    "Linter and language server for MCP Description (mcpdesc) documents, JSON, JSONC and YAML: elicitation steps checked against their tool's declarations, with quick-fixes. An independent tool for the MCP Description format.",
  license: manifest.license,
  keywords: manifest.keywords,
  bin: { 'mcpdesc-lint': 'dist/cli.js', 'mcpdesc-language-server': 'dist/server.js' },
  main: 'dist/index.js',
  types: typesEntry,
  exports: {
    '.': { types: `./${typesEntry}`, default: './dist/index.js' },
    './package.json': './package.json',
  },
  files: ['dist/', 'types/', 'docs/rules/', 'README.md', 'LICENSE'],
  engines: { node: '>=20' },
};
fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(packageManifest, null, 2)}\n`);

const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: staging, encoding: 'utf8' }),
);
process.stdout.write(`${path.join(outDir, packed[0].filename)}\n`);

/** Declarations of the library entry and what it imports, copied into types/; returns the entry's path in the package. */
function writeDeclarations() {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(
    process.execPath,
    [
      tsc,
      '--declaration',
      '--emitDeclarationOnly',
      '--strict',
      '--skipLibCheck',
      '--esModuleInterop',
      '--resolveJsonModule',
      '--target',
      'ES2022',
      '--module',
      'node16',
      '--moduleResolution',
      'node16',
      '--types',
      'node',
      '--rootDir',
      root,
      '--outDir',
      declarationsDir,
      path.join(root, LIBRARY_ENTRY),
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const entry = LIBRARY_ENTRY.replace(/\.ts$/, '.d.ts');
  const pending = [entry];
  const copied = new Set();
  while (pending.length > 0) {
    const relative = pending.pop();
    if (copied.has(relative)) continue;
    copied.add(relative);
    const text = fs.readFileSync(path.join(declarationsDir, relative), 'utf8');
    if (/\/\/\/\s*<reference/.test(text))
      throw new Error(`${relative}: a triple-slash reference would need a package the user may not have`);
    for (const [, specifier] of text.matchAll(/(?:from\s+|import\()\s*['"]([^'"]+)['"]/g)) {
      if (!specifier.startsWith('.'))
        throw new Error(`${relative} imports '${specifier}': the library's types must not need a dependency`);
      pending.push(path.posix.join(path.posix.dirname(relative), `${specifier}.d.ts`));
    }
    const target = path.join(staging, 'types', relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  fs.rmSync(declarationsDir, { recursive: true, force: true });
  return `types/${entry}`;
}
