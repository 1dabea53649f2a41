// Build step: what the bundles import that the build generates (build/generated/, gitignored, never
// committed): the format's schema and the JSON Schema dialects' meta-schemas, compiled by ajv's
// standalone code generation (scripts/precompile/*Source.ts), so that no process compiles them at
// start-up and no host needs 'unsafe-eval' for them. Run by scripts/build.mjs before it bundles, and
// by the bench.
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repoFile = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const GENERATED_FORMAT_SCHEMA = 'build/generated/formatSchemaValidators.ts';
export const GENERATED_META_SCHEMAS = 'build/generated/metaSchemaValidators.ts';
export const GENERATED_RE2_TRANSLATIONS = 'build/generated/re2Translations.ts';

/** Each generated module: the generator's source, the function returning its text, where it goes. */
const MODULES = [
  // First: the other generators' code imports it (safeRegExp.ts reads it), and it imports none of theirs.
  { source: 're2TranslationsSource', text: 're2TranslationsModuleSource', target: GENERATED_RE2_TRANSLATIONS },
  { source: 'formatSchemaSource', text: 'formatSchemaModuleSource', target: GENERATED_FORMAT_SCHEMA },
  { source: 'metaSchemaSource', text: 'metaSchemaModuleSource', target: GENERATED_META_SCHEMAS },
];

/** Writes one generated module; a module whose text did not change keeps its file (and its time stamp, for tsc). */
async function precompile({ source, text, target }) {
  const generator = repoFile(`build/precompile/${source}.cjs`);
  await esbuild.build({
    entryPoints: [repoFile(`scripts/precompile/${source}.ts`)],
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
  const generated = require(generator)[text]();
  const file = repoFile(target);
  mkdirSync(repoFile('build/generated'), { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== generated) writeFileSync(file, generated);
}

/** Every generated module. */
export async function precompileValidators() {
  for (const module of MODULES) await precompile(module);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await precompileValidators();
