// A test-only entry of the language server (run as out/test/support/gatedServer.js): the shipped
// server with one check worker (dist/checkWorker.js), whose pool logs each time the server tells it
// to release its idle workers (so a test asserts when it does so by the order of the log, not by how
// long a thread takes to end), and with gates the test may close:
// - MCPDESC_TEST_GATE_DISK_CHECKS=1: each check of a closed file logs when it reaches its gate and
//   waits there (cancelled at once if the server cancels it, as the pool does), so a test knows
//   that a disk check is in flight for as long as it likes;
// - MCPDESC_TEST_GATE_WALK=1: the workspace walk, once it has queued every file, logs and waits
//   before it is over, so a test knows that the checks ran out while the walk may still queue files.
// The tests then assert what the server does meanwhile by what it publishes and logs, in order,
// rather than with a file big enough, or a tree deep enough, that the overlap happens to occur
// (test/workspace/offThreadChecks.test.ts; the big-file variants are in its thorough file).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { checkWorkerScript, diskCheckRunner } from '../../server/src/checkWorkerTasks';
import { TaskCancelled } from '../../server/src/host/taskRunner';
import { LifecycleGate } from '../../server/src/lsp/lifecycleGate';
import { requestParamsProblem } from '../../server/src/lsp/requestParams';
import { startServer } from '../../server/src/lsp/startServer';
import { nodeRuntime } from '../../server/src/lsp/nodeRuntime';
import type { DiskCheckRunner, ServerRuntime } from '../../server/src/lsp/runtime';
import { repoPath } from './repo';

/** Logged each time the server tells the check workers' pool to release its idle workers. */
export const RELEASE_IDLE_LOG = 'test pool: release idle workers';

/** Logged (followed by the file's path) when a disk check reaches its gate. */
export const DISK_CHECK_WAITING_LOG = 'test gate: disk check waiting: ';
/** Logged when the walk has queued its files and waits at its gate. */
export const WALK_WAITING_LOG = 'test gate: walk waiting';
/** The notification that opens the disk checks' gate: every waiting check and every later one runs. */
export const OPEN_DISK_CHECK_GATE = 'test/openDiskCheckGate';
/** The notification that lets the walk end. */
export const OPEN_WALK_GATE = 'test/openWalkGate';

/** A gate: `passed` resolves once `open` is called. */
function gate(): { passed: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

/**
 * `runner` whose releases of idle workers are logged, with each task held at `diskChecks` first (when
 * given; logged by `log`), or cancelled there by its signal.
 */
function gatedRunner(
  runner: DiskCheckRunner,
  diskChecks: Promise<void> | undefined,
  log: (message: string) => void,
): DiskCheckRunner {
  return {
    size: runner.size,
    capacity: runner.capacity,
    run: async (task, signal) => {
      if (diskChecks === undefined) return runner.run(task, signal);
      log(`${DISK_CHECK_WAITING_LOG}${task.filePath}`);
      const cancelled = new Promise<never>((_resolve, reject) => {
        if (signal?.aborted) reject(new TaskCancelled());
        signal?.addEventListener('abort', () => reject(new TaskCancelled()), { once: true });
      });
      await Promise.race([diskChecks, cancelled]);
      return runner.run(task, signal);
    },
    releaseIdle: () => {
      log(RELEASE_IDLE_LOG);
      runner.releaseIdle();
    },
    close: () => runner.close(),
  };
}

/** `runtime` whose walks, once they have listed their files, wait for `walk` (logged by `log`). */
function withGatedWalk(runtime: ServerRuntime, walk: Promise<void>, log: (message: string) => void): ServerRuntime {
  const files = runtime.files;
  return {
    ...runtime,
    files: {
      ...files,
      listFiles: async (folderUri, options) => {
        const count = await files.listFiles(folderUri, options);
        log(WALK_WAITING_LOG);
        await walk;
        return count;
      },
    },
  };
}

if (require.main === module) {
  const lifecycle = new LifecycleGate(requestParamsProblem);
  const connection = createConnection(ProposedFeatures.all, { messageStrategy: lifecycle });
  lifecycle.install(connection);
  const log = (message: string): void => connection.console.log(message);
  const runner = diskCheckRunner(checkWorkerScript(repoPath('dist')), 1);
  if (!runner) throw new Error('dist/checkWorker.js is not built: run npm run build');
  const gatedDiskChecks = process.env.MCPDESC_TEST_GATE_DISK_CHECKS === '1';
  const gatedWalk = process.env.MCPDESC_TEST_GATE_WALK === '1';
  const diskChecks = gate();
  const walk = gate();
  connection.onNotification(OPEN_DISK_CHECK_GATE, () => diskChecks.open());
  connection.onNotification(OPEN_WALK_GATE, () => walk.open());
  const runtime = nodeRuntime(gatedRunner(runner, gatedDiskChecks ? diskChecks.passed : undefined, log));
  startServer(connection, gatedWalk ? withGatedWalk(runtime, walk.passed, log) : runtime);
}
