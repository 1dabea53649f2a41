// Build step: what the bundles import that the build generates (build/generated/, gitignored, never
// committed). Today one module: the format's schema compiled by ajv's standalone code generation
// (scripts/precompile/formatSchemaSource.ts), so that no process compiles it at start-up and no
// host needs 'unsafe-eval' for it. Run by scripts/build.mjs before it bundles, and by the bench.
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repoFile = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const GENERATED_FORMAT_SCHEMA = 'build/generated/formatSchemaValidators.ts';

/** Writes the generated module; a module whose text did not change keeps its file (and its time stamp, for tsc). */
export async function precompileFormatSchema() {
  const generator = repoFile('build/precompile/formatSchemaSource.cjs');
  await esbuild.build({
    entryPoints: [repoFile('scripts/precompile/formatSchemaSource.ts')],
    outfile: generator,
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    // jsonc-parser's UMD "main" requires its modules dynamically, which esbuild cannot follow; its ESM build bundles.
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
  const require = createRequire(import.meta.url);
  delete require.cache[generator];
  const text = require(generator).formatSchemaModuleSource();
  const target = repoFile(GENERATED_FORMAT_SCHEMA);
  mkdirSync(repoFile('build/generated'), { recursive: true });
  if (!existsSync(target) || readFileSync(target, 'utf8') !== text) writeFileSync(target, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await precompileFormatSchema();
