// A test-only entry of the language server (run as out/test/support/poolLoggingServer.js): the
// shipped server with one check worker (dist/checkWorker.js), whose pool logs on the connection
// each time the server tells it to release its idle workers. The tests then assert when the server
// does so (once the scan is done, never while its walk may still queue files) by the order of the
// log, not by how long a thread takes to end (test/workspace/offThreadChecks.test.ts).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { checkWorkerScript, diskCheckRunner } from '../../server/src/checkWorkerTasks';
import { LifecycleGate } from '../../server/src/lsp/lifecycleGate';
import { requestParamsProblem } from '../../server/src/lsp/requestParams';
import { startServer } from '../../server/src/lsp/startServer';
import { nodeRuntime } from '../../server/src/lsp/nodeRuntime';
import { repoPath } from './repo';

export const RELEASE_IDLE_LOG = 'test pool: release idle workers';

if (require.main === module) {
  const gate = new LifecycleGate(requestParamsProblem);
  const connection = createConnection(ProposedFeatures.all, { messageStrategy: gate });
  gate.install(connection);
  const runner = diskCheckRunner(checkWorkerScript(repoPath('dist')), 1);
  if (!runner) throw new Error('dist/checkWorker.js is not built: run npm run build');
  startServer(
    connection,
    nodeRuntime({
      size: runner.size,
      capacity: runner.capacity,
      run: (task, signal) => runner.run(task, signal),
      releaseIdle: () => {
        connection.console.log(RELEASE_IDLE_LOG);
        runner.releaseIdle();
      },
      close: () => runner.close(),
    }),
  );
}
