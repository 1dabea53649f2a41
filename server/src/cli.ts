// Entry point of `mcpdesc-lint` (bundled to dist/cli.js): wires runCli to the real process.
import { EXIT_TROUBLE, runCli } from './cli/run';
import { checkWorkerScript } from './checkWorkerTasks';

// A reader that stops early (`mcpdesc-lint | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdoutIsTTY: process.stdout.isTTY === true,
  writeOut: (text) => process.stdout.write(text),
  writeErr: (text) => process.stderr.write(text),
  workerScript: checkWorkerScript(__dirname),
}).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`mcpdesc-lint: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = EXIT_TROUBLE;
  },
);
