// The server in Node, on the main thread of dist/server.js (server.ts); its runtime is
// lsp/nodeRuntime.ts, the browser's entry browserServer.ts. The transport comes from the command
// line (--stdio, --node-ipc, --socket=N), as every LSP client passes it.
import { writeSync } from 'node:fs';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { LifecycleGate } from './lsp/lifecycleGate';
import { checkFramingOf } from './lsp/messageFraming';
import { requestParamsProblem } from './lsp/requestParams';
import { startServer } from './lsp/startServer';
import { nodeRuntime } from './lsp/nodeRuntime';
import {
  backgroundNicenessFromEnvironment,
  CHECK_WORKERS_NICENESS,
  diskCheckRunner,
  HELPER_THREADS_NICENESS,
  workerCountFromEnvironment,
} from './checkWorkerTasks';
import { defaultWorkerCount } from './host/workerPool';
import { lowerOtherThreadsPriority } from './host/threadPriority';
import { limitHeapGrowth } from './lsp/heapGrowth';

/** Serves the client; `workerScript` is what the check workers run (this very bundle: see server.ts). */
export function startNodeServer(workerScript: string | undefined): void {
  // Before anything large is allocated: see heapGrowth.ts.
  limitHeapGrowth();

  const gate = new LifecycleGate(requestParamsProblem);
  const connection = createConnection(ProposedFeatures.all, { messageStrategy: gate });
  gate.install(connection);

  if (process.argv.includes('--stdio')) {
    // A stream that cannot be framed any more never will be: say so and exit non-zero, so the client
    // sees a crash and restarts the server. Written synchronously, since the process ends right here
    // (a window/logMessage would need the writer's next turn, and the bytes after the error are garbage).
    checkFramingOf(process.stdin, (error) => {
      try {
        writeSync(
          2,
          `mcpdesc language server: framing error in the messages from the client: ${error}. Exiting with code 1 so that the client restarts the server.\n`,
        );
      } finally {
        process.exit(1);
      }
    });
  }

  // Closed files are checked on every core but the one serving the editor (at least one worker).
  const workers = workerCountFromEnvironment(process.env) ?? defaultWorkerCount(true);
  // Everything but this thread is background work: the check workers, and V8's helper threads that
  // collect their garbage (their priorities: see HELPER_THREADS_NICENESS, CHECK_WORKERS_NICENESS).
  const backgroundNiceness = backgroundNicenessFromEnvironment(process.env);
  // Without workers V8's helpers serve this thread alone: they keep its priority.
  if (workers > 0) lowerOtherThreadsPriority(backgroundNiceness ?? HELPER_THREADS_NICENESS);
  // Open documents are checked in document workers (this script again), which the server ends when a
  // check outlasts its time box; MCPDESC_DOCUMENT_WORKERS=0 checks them on this thread instead, and
  // so does MCPDESC_CHECK_WORKERS=0, which checks everything here.
  const documentWorkers = process.env.MCPDESC_DOCUMENT_WORKERS?.trim() === '0' || workers === 0 ? undefined : workerScript;
  startServer(
    connection,
    nodeRuntime({
      runner: diskCheckRunner(workerScript, workers, backgroundNiceness ?? CHECK_WORKERS_NICENESS),
      documentWorkerScript: documentWorkers,
    }),
  );
}
