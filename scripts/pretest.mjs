// What the tests run, brought up to date: the bundles (esbuild, dist/: the CLI and server tests run
// them) and the compiled tests (tsc, strict, into out/). Each step runs only when one of its inputs
// changed since it last succeeded: a hash of every input file's name and bytes is kept beside its
// output (dist/.inputs-hash, out/.inputs-hash). An unchanged tree costs a hash of ~1 MB instead of
// a build and a type check (tsc --incremental alone still reads and checks the program: ~6 s of CPU).
// `--force` runs both steps whatever the hashes say.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const force = process.argv.includes('--force');
const TSC = path.join('node_modules', 'typescript', 'bin', 'tsc');

/** Every file under `roots` (files or folders) whose name passes `keep`, sorted, as paths relative to the repo. */
function filesUnder(roots, keep) {
  const files = [];
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    if (fs.statSync(entry).isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) visit(path.join(entry, name));
    } else if (keep(entry)) files.push(entry);
  };
  roots.forEach(visit);
  return files;
}

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const steps = [
  {
    name: 'bundles (scripts/build.mjs)',
    inputs: () =>
      filesUnder(
        [
          'server/src',
          'client/src',
          'shared/src',
          'scripts/build.mjs',
          'scripts/browser-bundle-check.mjs',
          'scripts/precompile.mjs',
          'scripts/precompile',
          'schemas',
          'package.json',
          'package-lock.json',
        ],
        () => true,
      ),
    outputs: [
      'dist/extension.js',
      'dist/server.js',
      'dist/cli.js',
      'dist/checkWorker.js',
      'dist/browser/extension.js',
      'dist/browser/server.js',
      // Written by build.mjs first (scripts/precompile.mjs); the compiled tests import it too.
      'build/generated/formatSchemaValidators.ts',
      'build/generated/metaSchemaValidators.ts',
    ],
    stamp: 'dist/.inputs-hash',
    command: [process.execPath, ['scripts/build.mjs']],
  },
  {
    name: 'tests compiled (tsc)',
    // tsconfig.json's include, and what decides how it compiles.
    inputs: () =>
      filesUnder(
        [
          'server/src',
          'client/src',
          'shared/src',
          'test',
          'scripts',
          'bench',
          'build/generated',
          'schemas',
          'tsconfig.json',
          'package-lock.json',
        ],
        (file) => file.endsWith('.ts') || file.endsWith('.json'),
      ),
    outputs: ['out/tsconfig.tsbuildinfo'],
    stamp: 'out/.inputs-hash',
    command: [process.execPath, [TSC, '-p', '.', '--incremental', '--tsBuildInfoFile', 'out/tsconfig.tsbuildinfo']],
  },
];

for (const step of steps) {
  const hash = hashOf(step.inputs());
  const upToDate =
    !force &&
    step.outputs.every((output) => fs.existsSync(output)) &&
    fs.existsSync(step.stamp) &&
    fs.readFileSync(step.stamp, 'utf8') === hash;
  if (upToDate) {
    console.log(`pretest: ${step.name} up to date`);
    continue;
  }
  fs.rmSync(step.stamp, { force: true });
  const [command, args] = step.command;
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  fs.mkdirSync(path.dirname(step.stamp), { recursive: true });
  fs.writeFileSync(step.stamp, hash);
}
