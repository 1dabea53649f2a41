// A test-only entry of the language server (run as out/test/support/faultingServer.js): the shipped
// server with a checker whose every check of a document whose URI contains FAULT_MARKER throws. It
// proves that one document whose check throws does not stop the server serving the others
// (test/server/faultIsolation.test.ts) without any such hook in the shipped bundle. Only open
// documents meet it: closed files are checked by the host's plain check, on this thread.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { IncrementalDocument } from '../../server/src/checker';
import { LifecycleGate } from '../../server/src/lsp/lifecycleGate';
import type { OpenChecker } from '../../server/src/lsp/openDocument';
import { requestParamsProblem } from '../../server/src/lsp/requestParams';
import { startServer } from '../../server/src/lsp/startServer';
import { nodeRuntime } from '../../server/src/lsp/nodeRuntime';

export const FAULT_MARKER = 'explodes';
export const FAULT_MESSAGE = 'test fault injected';

const faultingChecker: OpenChecker = (text, options, uri) => {
  if (uri.includes(FAULT_MARKER)) throw new Error(`${FAULT_MESSAGE} for ${uri}`);
  return new IncrementalDocument(text, options);
};

if (require.main === module) {
  const gate = new LifecycleGate(requestParamsProblem);
  const connection = createConnection(ProposedFeatures.all, { messageStrategy: gate });
  gate.install(connection);
  startServer(connection, nodeRuntime(), { checker: faultingChecker });
}
