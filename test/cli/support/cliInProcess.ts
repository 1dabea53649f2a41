// Runs the CLI's whole command (runCli) in the test's own process, wired as cli.ts wires the real
// one: the same argv, working directory, environment, streams as text, the built worker script for
// --jobs and the built bundle as the cache's identity. A spawned dist/cli.js costs about 0.3 s of CPU
// before it checks anything (node itself 0.1 s, loading the 2.7 MB bundle 0.2 s); the behaviour behind
// the argv is the same code, so most cases run here and each file keeps a few through the real process
// (runBuiltCli), for what only a process has: its argv, exit code, pipes, stdin, signals. A file with
// one or two runs gains nothing: loading the compiled checker here costs what one start does.
// Worker threads only where the test asks for them (--jobs, or countWorkersIn): a run over more than a
// few files would otherwise start a worker per core, each compiling the checker again (~0.4 s of CPU),
// while the checker is already loaded here. Which thread checks a file changes nothing in the report:
// jobs.cli.test.ts holds one job and two to the same bytes, and each file's spawned runs keep the default.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../../server/src/cli/run';
import { builtCliPath, type ProcessRun } from './cliProcess';
import { repoRoot } from './repoRoot';
import { WORKER_LOG_ENV } from './workerLog';

export interface InProcessOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Standard input's bytes (--stdin); without it, standard input is empty, as a spawned run with no input. */
  stdin?: string | Buffer;
  /**
   * A file each worker thread of the run appends its thread id to (as workerThreadLog.js preloaded
   * into a spawned CLI does), so a test can tell how many workers checked files.
   */
  countWorkersIn?: string;
}

/** Whether the run names its jobs (--jobs N, --jobs=N, -j N, -jN): then its workers are what the test is about. */
function asksForJobs(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--jobs' || arg.startsWith('--jobs=') || arg.startsWith('-j'));
}

/** What runBuiltCli(args, options) gives, with the same defaults (the repository as cwd, NO_COLOR set). */
export async function runCliInProcess(args: readonly string[], options: InProcessOptions = {}): Promise<ProcessRun> {
  const bundle = builtCliPath();
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env };
  const input = options.stdin ?? '';
  const log = options.countWorkersIn;
  if (log === undefined) return runWired(args, options, env, input, bundle, asksForJobs(args) ? builtWorker(bundle) : undefined);
  const script = loggingWorkerScript(log);
  try {
    return await runWired(args, options, env, input, bundle, script);
  } finally {
    fs.rmSync(script, { force: true });
  }
}

function builtWorker(bundle: string): string {
  return path.join(path.dirname(bundle), 'checkWorker.js');
}

/**
 * A worker script beside `log` that names the log in its own thread's environment, then loads
 * loggingCheckWorker.js. A worker thread's process.env is its own copy (taken when it starts), so
 * this process's environment is never written: the files that use this runner share their folder's
 * process, and no other file sees the variable.
 */
function loggingWorkerScript(log: string): string {
  const script = `${log}.worker.js`;
  const named = JSON.stringify({ [WORKER_LOG_ENV]: log });
  const worker = JSON.stringify(path.join(__dirname, 'loggingCheckWorker.js'));
  fs.writeFileSync(script, `Object.assign(process.env, ${named});\nrequire(${worker});\n`);
  return script;
}

async function runWired(
  args: readonly string[],
  options: InProcessOptions,
  env: Record<string, string | undefined>,
  input: string | Buffer,
  bundle: string,
  workerScript: string | undefined,
): Promise<ProcessRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await runCli(args, {
    cwd: options.cwd ?? repoRoot(),
    env,
    // A spawned run's stdout is a pipe, never a terminal.
    stdoutIsTTY: false,
    writeOut: (text) => void stdout.push(text),
    writeErr: (text) => void stderr.push(text),
    workerScript,
    readStdin: () => Promise.resolve(Buffer.isBuffer(input) ? input : Buffer.from(input, 'utf8')),
    bundleFile: bundle,
  });
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}
