// Runs the built CLI (dist/cli.js) as a user would, building it first when it is missing.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './repoRoot';

export interface ProcessRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function builtCliPath(): string {
  const cli = path.join(repoRoot(), 'dist', 'cli.js');
  if (!fs.existsSync(cli)) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot(), encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  return cli;
}

/** NO_COLOR is set unless `env` says otherwise, so output is plain whatever the test runner's terminal. */
export function runBuiltCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): ProcessRun {
  const result = spawnSync(process.execPath, [builtCliPath(), ...args], {
    cwd: options.cwd ?? repoRoot(),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env },
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
