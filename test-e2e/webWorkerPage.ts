// The page side of test-e2e/webWorker.ts, bundled for the browser: starts the browser build's server
// (dist/browser/server.js) as a web worker of this page, as vscode.dev's client does, talks LSP to it
// with vscode-jsonrpc's browser reader and writer, and answers the driver with what it saw.
import { BrowserMessageReader, BrowserMessageWriter, createMessageConnection } from 'vscode-jsonrpc/browser';
import { LspSession } from '../test/web/lspSession';
import { rulePageScenario, type RulePageObservations } from '../test/web/rulePageScenario';

export interface WebWorkerInput {
  docsBaseUri: string;
  folderUri: string;
  /** The virtual workspace: URI -> text. */
  files: Record<string, string>;
  rulePageUri: string;
  rulePageText: string;
}

export interface WebWorkerObservations {
  rulePage: RulePageObservations;
  /** Per file of the workspace, the violations its last publish named (none: left out). */
  scanned: Record<string, string[]>;
  /** How many files the server read through the client. */
  reads: number;
  workerErrors: string[];
}

async function run(input: WebWorkerInput): Promise<WebWorkerObservations> {
  const worker = new Worker('/server.js');
  const workerErrors: string[] = [];
  const connection = createMessageConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
  const session = new LspSession(connection, new Map(Object.entries(input.files)));
  worker.addEventListener('error', (event) => {
    workerErrors.push(event.message);
    session.fail(new Error(event.message));
  });
  await session.initialize([{ uri: input.folderUri, name: 'workspace' }], { docsBaseUri: input.docsBaseUri });
  const rulePage = await rulePageScenario(session, input.rulePageUri, input.rulePageText);
  await session.logLine('Workspace scan done');
  const scanned: Record<string, string[]> = {};
  for (const publish of session.publishes) {
    if (publish.uri === input.rulePageUri) continue;
    const violations = publish.diagnostics.map((diagnostic) =>
      String((diagnostic.data as { violation?: unknown } | undefined)?.violation),
    );
    if (violations.length > 0) scanned[publish.uri.slice(input.folderUri.length + 1)] = violations;
    else delete scanned[publish.uri.slice(input.folderUri.length + 1)];
  }
  await session.shutdown();
  worker.terminate();
  return { rulePage, scanned, reads: session.reads.length, workerErrors };
}

(window as unknown as { runWebWorkerTest: typeof run }).runWebWorkerTest = run;
