// Wires the server to one connection: the services (serverServices.ts: the open documents, folders,
// publisher and where open documents are checked; on `initialize`, initializeServer.ts makes the
// settings, the scheduler, the checks, the scan and the watchers) and the handlers (handlers/), each
// registered with one line below and taking from the services what it uses.
import type { Connection } from 'vscode-languageserver';
import { registerDocumentEvents, registerEditorViews } from './handlers/documentEvents';
import { registerLifecycle } from './handlers/lifecycle';
import {
  registerCodeActions,
  registerCommands,
  registerNavigation,
  registerStatusRequests,
  registerWorkspaceSymbols,
} from './handlers/requests';
import { registerConfigurationChanges, registerWatchedFiles } from './handlers/workspaceChanges';
import type { ServerRuntime } from './runtime';
import { ServerServices, type ServerOptions } from './serverServices';

export type { ServerOptions } from './serverServices';

/** The server's handlers: a new one is a function of the services, added here. */
const HANDLERS: readonly ((services: ServerServices) => void)[] = [
  registerLifecycle,
  registerWatchedFiles,
  registerConfigurationChanges,
  registerDocumentEvents,
  registerEditorViews,
  registerCodeActions,
  registerNavigation,
  registerWorkspaceSymbols,
  registerCommands,
  registerStatusRequests,
];

/** Serves `connection` with what `runtime` gives (file access, timers: see runtime.ts). */
export function startServer(connection: Connection, runtime: ServerRuntime, options: ServerOptions = {}): void {
  const services = new ServerServices(connection, runtime, options);
  for (const register of HANDLERS) register(services);
  services.documents.listen(connection);
  connection.listen();
}
