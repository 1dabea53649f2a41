// The npm package as a user gets it: packed by scripts/package-npm.mjs, installed from the tarball
// into an empty project with `npm install --offline` (it has no dependencies, so no registry is
// needed). Packing and installing take seconds, and two test files use the result (the package's
// own test and the Neovim one), so it is kept in .cache/ under a key of everything that goes into
// the package: a changed source file gives a fresh install, an unchanged tree reuses the last one.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoPath } from './repo';

export interface InstalledPackage {
  /** The packed tarball. */
  tarball: string;
  /** The consumer project it is installed in (node_modules/mcpdesc-lint, node_modules/.bin). */
  project: string;
  /** node_modules/.bin/NAME of the consumer project. */
  bin(name: 'mcpdesc-lint' | 'mcpdesc-language-server'): string;
  /** Where the package itself is installed. */
  packageDir: string;
}

const INPUTS = [
  'server/src',
  'shared/src',
  'docs/rules',
  'scripts/package-npm.mjs',
  'package.json',
  'package-lock.json',
  'README.md',
  'LICENSE',
];

let installed: InstalledPackage | undefined;

export function installedPackage(): InstalledPackage {
  if (installed) return installed;
  const cacheRoot = repoPath('.cache', 'npm-package');
  const home = path.join(cacheRoot, inputsKey());
  fs.mkdirSync(cacheRoot, { recursive: true });
  // The test files that use the package run at the same time: one builds it, the others wait for it.
  const releaseLock = waitForBuildLock(`${home}.lock`, path.join(home, 'installed'));
  if (!fs.existsSync(path.join(home, 'installed'))) {
    const work = fs.mkdtempSync(path.join(cacheRoot, 'tmp-'));
    try {
      build(work);
      fs.writeFileSync(path.join(work, 'installed'), '');
      // Atomic: `home` exists only complete. When another test process got there first, the rename
      // fails and its install (the same inputs) is used.
      fs.renameSync(work, home);
      // Installs of older trees are of no more use.
      for (const name of fs.readdirSync(cacheRoot)) {
        if (name !== path.basename(home) && !name.startsWith('tmp-') && !name.endsWith('.lock'))
          fs.rmSync(path.join(cacheRoot, name), { recursive: true, force: true });
      }
    } catch (error) {
      fs.rmSync(work, { recursive: true, force: true });
      if (!fs.existsSync(path.join(home, 'installed'))) throw error;
    } finally {
      releaseLock();
    }
  } else {
    releaseLock();
  }
  const project = path.join(home, 'project');
  const tarball = fs.readdirSync(path.join(home, 'pack')).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`no tarball in ${home}/pack`);
  installed = {
    tarball: path.join(home, 'pack', tarball),
    project,
    packageDir: path.join(project, 'node_modules', 'mcpdesc-lint'),
    bin: (name) => path.join(project, 'node_modules', '.bin', name),
  };
  return installed;
}

/** A lock held longer than this is taken to be left by a test process that died. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Takes the lock (a directory, made atomically) unless `done` appears first; returns what releases
 * it (nothing to release when `done` appeared). Waits without a busy loop.
 */
function waitForBuildLock(lock: string, done: string): () => void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    if (fs.existsSync(done)) return () => undefined;
    try {
      fs.mkdirSync(lock);
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
    }
    Atomics.wait(pause, 0, 0, 200);
  }
}

function build(work: string): void {
  const pack = path.join(work, 'pack');
  const output = execFileSync(process.execPath, [repoPath('scripts', 'package-npm.mjs'), '--out', pack], {
    cwd: repoPath(),
    encoding: 'utf8',
  });
  const tarball = output.trim().split('\n').pop() ?? '';
  fs.rmSync(path.join(pack, 'package'), { recursive: true, force: true });
  const project = path.join(work, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', path.join(work, 'npm-cache'), tarball], {
    cwd: project,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  fs.rmSync(path.join(work, 'npm-cache'), { recursive: true, force: true });
}

function inputsKey(): string {
  const hash = createHash('sha256');
  const visit = (relative: string): void => {
    const absolute = repoPath(relative);
    const stat = fs.statSync(absolute);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(absolute).sort()) visit(path.posix.join(relative, name));
      return;
    }
    hash.update(relative).update('\0').update(fs.readFileSync(absolute)).update('\0');
  };
  INPUTS.forEach(visit);
  return hash.digest('hex').slice(0, 16);
}
