// The tests' JavaScript, as `npm test` runs it: every TypeScript file tsconfig.json includes (the
// product's sources, test/, bench/, scripts/ and the generated build/generated/), transpiled file by
// file by esbuild into out/ in tsc's layout (out/<path>.js, CommonJS, a source map beside each), and
// the JSON files they import copied beside them as tsc emits them. Transpiling only: the type check
// is `npm run typecheck` (tsc --noEmit, strict), which `npm run lint` runs and CI runs before the
// tests. On a fresh clone tsc's check and emit cost ~28 s of CPU; this costs ~1 s.
// Like tsc, it never deletes in out/: scripts/run-tests.mjs lists the tests from test/, so the old
// JavaScript of a renamed or removed test never runs.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

/** How each file is transpiled (test/structure/sharedProcessBlockers.test.ts transforms with these too). */
export const TRANSPILE_SETTINGS = {
  // What tsconfig.json's module node16 makes of a .ts file in a package without "type": "module".
  format: 'cjs',
  platform: 'node',
  // tsconfig.json's target (ES2022), whose class fields are defined as tsc defines them (esbuild reads
  // useDefineForClassFields and the other emit settings from tsconfig.json itself).
  target: 'es2022',
};

/** tsconfig.json's include; what tsc compiled into out/ before. */
const ROOTS = ['server/src', 'client/src', 'shared/src', 'test', 'scripts', 'bench', 'build/generated'];

function typeScriptFiles(entry) {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isDirectory()) return fs.readdirSync(entry).flatMap((name) => typeScriptFiles(path.join(entry, name)));
  return entry.endsWith('.ts') && !entry.endsWith('.d.ts') ? [entry] : [];
}

async function compileTests() {
  const files = ROOTS.flatMap(typeScriptFiles).sort();
  await esbuild.build({
    ...TRANSPILE_SETTINGS,
    entryPoints: files,
    outdir: 'out',
    outbase: '.',
    sourcemap: true,
    bundle: false,
    logLevel: 'warning',
  });
  // tsc writes an imported JSON file (resolveJsonModule) to its place under out/; the requires above
  // point there.
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/from '(\.{1,2}\/[^']+\.json)'/g)) {
      const json = path.join(path.dirname(file), specifier);
      const target = path.join('out', json);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(json, target);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await compileTests();
