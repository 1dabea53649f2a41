// initialize, initialized and shutdown: the services become ready, the first scan starts, and at the
// end the scheduler and the workers stop.
import { DidChangeConfigurationNotification } from 'vscode-languageserver';
import { SETTINGS_SECTION } from '../../../../shared/src/settings';
import { initializeServer } from '../initializeServer';
import type { ServerServices } from '../serverServices';
import { registerWorkspaceFolderChanges } from './workspaceChanges';

export function registerLifecycle(services: ServerServices): void {
  const { connection, folders, openChecks, runtime, log, logError } = services;
  connection.onInitialize((params) => initializeServer(services, params));

  connection.onInitialized(() => {
    const capabilities = services.client.capabilities;
    log(`mcpdesc language server started (${folders.all.length} workspace folder(s)).`);
    if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
      // Without this, pull-model clients need not tell us that settings changed.
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    }
    if (capabilities.workspace?.workspaceFolders) registerWorkspaceFolderChanges(services);
    services.scanAll();
    void services.updateWatchers();
    runtime.nextTurn(() => openChecks.warmUp(logError));
  });

  connection.onShutdown(async () => {
    services.ready?.scheduler.dispose();
    await openChecks.close();
    await runtime.close?.();
  });
}
