// Entry point of `mcpdesc-lint` (bundled to dist/cli.js): wires runCli to the real process.
import { EXIT_TROUBLE, runCli } from './cli/run';
import { checkWorkerScript } from './checkWorkerTasks';
import { stderrLine, visibleText } from './cli/outputText';

// A reader that stops early (`mcpdesc-lint | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

/** Standard input, whole (--stdin): what a pipe or a redirected file gives until its end. */
async function readStandardInput(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdoutIsTTY: process.stdout.isTTY === true,
  writeOut: (text) => process.stdout.write(text),
  writeErr: (text) => process.stderr.write(text),
  workerScript: checkWorkerScript(__dirname),
  readStdin: readStandardInput,
  bundleFile: __filename,
}).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    // The message may quote a file name: shown visibly, on its one line. The stack's frames follow,
    // one per line as usual; a piece of one that a line break in a file name split off is dropped.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)) : [];
    process.stderr.write(stderrLine(`internal error: ${message}`) + frames.map((frame) => `${visibleText(frame)}\n`).join(''));
    process.exitCode = EXIT_TROUBLE;
  },
);
