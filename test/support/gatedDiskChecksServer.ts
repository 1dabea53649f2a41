// A test-only entry of the language server (run as out/test/support/gatedDiskChecksServer.js): the
// shipped server with one check worker (dist/checkWorker.js), whose checks of closed files wait at
// a gate the test opens. Each check logs when it reaches the gate, so a test knows that a disk check
// is in flight (handed to the check runner, its slot taken) for as long as it likes, and then asserts
// what the server does meanwhile (an open document checked and published, the check cancelled)
// without a file big enough that its check happens to last long enough
// (test/workspace/offThreadChecks.test.ts; the 10 MB and 4 MB variants are in its thorough file).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { checkWorkerScript, diskCheckRunner } from '../../server/src/checkWorkerTasks';
import { TaskCancelled } from '../../server/src/host/taskRunner';
import { LifecycleGate } from '../../server/src/lsp/lifecycleGate';
import { requestParamsProblem } from '../../server/src/lsp/requestParams';
import { startServer } from '../../server/src/lsp/startServer';
import { nodeRuntime } from '../../server/src/lsp/nodeRuntime';
import { repoPath } from './repo';

/** Logged (followed by the file's path) when a disk check reaches the gate. */
export const DISK_CHECK_WAITING_LOG = 'test gate: disk check waiting: ';
/** The notification that opens the gate: every waiting check and every later one runs. */
export const OPEN_DISK_CHECK_GATE = 'test/openDiskCheckGate';

if (require.main === module) {
  const gate = new LifecycleGate(requestParamsProblem);
  const connection = createConnection(ProposedFeatures.all, { messageStrategy: gate });
  gate.install(connection);
  const runner = diskCheckRunner(checkWorkerScript(repoPath('dist')), 1);
  if (!runner) throw new Error('dist/checkWorker.js is not built: run npm run build');
  let openGate: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (openGate = resolve));
  connection.onNotification(OPEN_DISK_CHECK_GATE, () => openGate());
  startServer(
    connection,
    nodeRuntime({
      size: runner.size,
      capacity: runner.capacity,
      run: async (task, signal) => {
        connection.console.log(`${DISK_CHECK_WAITING_LOG}${task.filePath}`);
        // Cancelled while held, as the pool cancels a check in flight (it ends the worker): at once.
        const cancelled = new Promise<never>((_resolve, reject) => {
          if (signal?.aborted) reject(new TaskCancelled());
          signal?.addEventListener('abort', () => reject(new TaskCancelled()), { once: true });
        });
        await Promise.race([opened, cancelled]);
        return runner.run(task, signal);
      },
      releaseIdle: () => runner.releaseIdle(),
      close: () => runner.close(),
    }),
  );
}
