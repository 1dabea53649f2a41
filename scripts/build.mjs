// Bundles the entry points (the worker thread that checks closed files is one of its own); everything they import is inlined so the .vsix ships no node_modules.
// The browser's two (dist/browser/: the extension in vscode.dev's extension host, the server in a
// web worker) share all but their entry files with the Node build, and must hold nothing of Node:
// checked after every build (browser-bundle-check.mjs).
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { nodeOnlyUses } from './browser-bundle-check.mjs';
import { precompileValidators } from './precompile.mjs';

const entries = {
  extension: 'client/src/extension.ts',
  server: 'server/src/server.ts',
  cli: 'server/src/cli.ts',
  checkWorker: 'server/src/checkWorker.ts',
};

const browserEntries = {
  extension: { entry: 'client/src/browserExtension.ts', format: 'cjs', allowedRequires: ['vscode'] },
  server: { entry: 'server/src/browserServer.ts', format: 'iife', allowedRequires: [] },
};

const production = process.argv.includes('--production');
// --outdir DIR: somewhere else than dist/ (the .vsix test packages a copy without touching dist/).
const outdirIndex = process.argv.indexOf('--outdir');
const outdir = outdirIndex >= 0 ? process.argv[outdirIndex + 1] : 'dist';

const sourceFile = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * What the checker takes from Node, given its browser stand-in: its time budget's node:vm
 * (server/src/browser/vm.ts; docs/architecture.md says why this is not a runtime member). The global
 * Buffer is injected (browser/buffer.ts). Everything else that differs is the ServerRuntime's.
 */
const browserStandIns = {
  name: 'browser-stand-ins',
  setup(build) {
    build.onResolve({ filter: /^node:vm$/ }, () => ({ path: sourceFile('server/src/browser/vm.ts') }));
  },
};

const shared = {
  bundle: true,
  // jsonc-parser's UMD "main" requires its modules dynamically, which esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  external: ['vscode'],
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

// Generated modules the bundles import (build/generated/), written first.
await precompileValidators();

await Promise.all([
  ...Object.entries(entries).map(([name, entry]) =>
    esbuild.build({
      ...shared,
      entryPoints: [entry],
      outfile: `${outdir}/${name}.js`,
      platform: 'node',
      target: 'node18',
      format: 'cjs',
      banner: name === 'cli' ? { js: '#!/usr/bin/env node' } : undefined,
    }),
  ),
  ...Object.entries(browserEntries).map(([name, { entry, format }]) =>
    esbuild.build({
      ...shared,
      entryPoints: [entry],
      outfile: `${outdir}/browser/${name}.js`,
      platform: 'browser',
      mainFields: ['browser', 'module', 'main'],
      target: 'es2022',
      format,
      plugins: [browserStandIns],
      inject: [sourceFile('server/src/browser/buffer.ts')],
    }),
  ),
]);

const leaks = [];
for (const [name, { allowedRequires }] of Object.entries(browserEntries)) {
  const file = `${outdir}/browser/${name}.js`;
  for (const use of nodeOnlyUses(await readFile(file, 'utf8'), allowedRequires)) leaks.push(`${file}: ${use}`);
}
if (leaks.length > 0) {
  console.error(`The browser bundles use Node-only modules, which vscode.dev does not have:\n${leaks.join('\n')}`);
  process.exit(1);
}
