// Bundles the entry points (the worker thread that checks closed files is one of its own); everything they import is inlined so the .vsix ships no node_modules.
import * as esbuild from 'esbuild';

const entries = {
  extension: 'client/src/extension.ts',
  server: 'server/src/server.ts',
  cli: 'server/src/cli.ts',
  checkWorker: 'server/src/checkWorker.ts',
};

const production = process.argv.includes('--production');
// --outdir DIR: somewhere else than dist/ (the .vsix test packages a copy without touching dist/).
const outdirIndex = process.argv.indexOf('--outdir');
const outdir = outdirIndex >= 0 ? process.argv[outdirIndex + 1] : 'dist';

await Promise.all(
  Object.entries(entries).map(([name, entry]) =>
    esbuild.build({
      entryPoints: [entry],
      outfile: `${outdir}/${name}.js`,
      bundle: true,
      platform: 'node',
      // jsonc-parser's UMD "main" requires its modules dynamically, which esbuild cannot follow; its ESM build bundles.
      mainFields: ['module', 'main'],
      target: 'node18',
      format: 'cjs',
      external: ['vscode'],
      sourcemap: !production,
      minify: production,
      logLevel: 'warning',
      banner: name === 'cli' ? { js: '#!/usr/bin/env node' } : undefined,
    }),
  ),
);
