// What the tests run, brought up to date: the bundles (esbuild, dist/: the CLI and server tests run
// them) and the tests' JavaScript (scripts/compile-tests.mjs: esbuild transpiles each file into
// out/, no type check; `npm run typecheck`, part of `npm run lint`, checks the types, strict). Each
// step runs only when one of its inputs changed since it last succeeded: a hash of every input file's
// name and bytes is kept beside its output (dist/.inputs-hash, out/.inputs-hash). An unchanged tree
// costs a hash of ~1 MB instead of a build. `--force` runs both steps whatever the hashes say.
// The tests were compiled by tsc here before: on a fresh clone its check and emit of the whole project
// were most of the ~30 s this took; transpiling is ~1 s, and CI still type-checks (lint runs first).
// The two steps run at the same time; what the tests import from the build (build/generated/) is
// written first, by the build's own first step (scripts/precompile.mjs), so neither waits on the other.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const force = process.argv.includes('--force');

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
    name: 'tests compiled (esbuild, transpile only: npm run typecheck checks the types)',
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
    outputs: ['out/test/support/repo.js'],
    stamp: 'out/.inputs-hash',
    command: [process.execPath, ['scripts/compile-tests.mjs']],
  },
];

const stale = steps
  .map((step) => ({ ...step, hash: force ? undefined : hashOf(step.inputs()) }))
  .filter((step) => {
    const upToDate =
      step.hash !== undefined &&
      step.outputs.every((output) => fs.existsSync(output)) &&
      fs.existsSync(step.stamp) &&
      fs.readFileSync(step.stamp, 'utf8') === step.hash;
    if (upToDate) console.log(`pretest: ${step.name} up to date`);
    return !upToDate;
  });
if (stale.length > 0) {
  // The generated module first: an input of the tests' JavaScript, and written by the build too
  // (unchanged text keeps its file, so the build's own run of it rewrites nothing while it is read).
  const precompiled = await run(process.execPath, ['scripts/precompile.mjs']);
  if (precompiled !== 0) process.exit(precompiled);
  const results = await Promise.all(
    stale.map(async (step) => {
      // The hash of the inputs as the step reads them: after the generated module was written.
      const hash = hashOf(step.inputs());
      fs.rmSync(step.stamp, { force: true });
      const [command, args] = step.command;
      const status = await run(command, args);
      if (status === 0) {
        fs.mkdirSync(path.dirname(step.stamp), { recursive: true });
        fs.writeFileSync(step.stamp, hash);
      }
      return status;
    }),
  );
  const failed = results.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}

/** Runs a command with this process's output; resolves to its exit status. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (status) => resolve(status ?? 1));
  });
}
