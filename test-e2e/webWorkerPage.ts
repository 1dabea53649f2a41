// The page side of test-e2e/webWorker.ts, bundled for the browser: starts the browser build's server
// (dist/browser/server.js) as a web worker of this page, as vscode.dev's client does, talks LSP to it
// with vscode-jsonrpc's browser reader and writer, and answers the driver with what it saw.
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { BrowserMessageReader, BrowserMessageWriter, createMessageConnection } from 'vscode-jsonrpc/browser';
import { LspSession } from '../test/web/lspSession';
import { DOCUMENT_RULES_ON, HOSTILE_DOCUMENTS, hostileBesideSmall, type HostileObservations } from '../test/web/hostileScenario';
import { rulePageScenario, type RulePageObservations } from '../test/web/rulePageScenario';
import { elicitationOnly } from '../test/support/ruleScope';
import { NO_CODE_GENERATION_DOCUMENTS } from '../test/web/noCodeGenerationScenario';

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
  // The rule page and the workspace's expected problems are the elicitation rules' (test-e2e/webWorker.ts).
  const session = new LspSession(connection, new Map(Object.entries(input.files)), elicitationOnly());
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

export interface HostileInput {
  docsBaseUri: string;
  folderUri: string;
  smallText: string;
}

export interface HostileRun {
  /** Per hostile document: a fresh server, the hostile document opened, then the small one. */
  cold: HostileObservations[];
  /** Per hostile document: a server that checked a document before (warm), the hostile document opened, then a small one. */
  warm: HostileObservations[];
  workerErrors: string[];
}

/** A fresh server in a web worker of this page, with the whole-document rules on. */
async function startServer(input: HostileInput, workerErrors: string[]): Promise<{ session: LspSession; worker: Worker }> {
  const worker = new Worker('/server.js');
  const connection = createMessageConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
  const session = new LspSession(connection, new Map(), DOCUMENT_RULES_ON);
  worker.addEventListener('error', (event) => {
    workerErrors.push(event.message);
    session.fail(new Error(event.message));
  });
  await session.initialize(null, { docsBaseUri: input.docsBaseUri });
  return { session, worker };
}

/** Issue 32's hostile documents in the browser build, each beside a small document, cold and warm. */
async function runHostile(input: HostileInput): Promise<HostileRun> {
  const workerErrors: string[] = [];
  const cold: HostileObservations[] = [];
  const warm: HostileObservations[] = [];
  for (const hostile of HOSTILE_DOCUMENTS) {
    const { session, worker } = await startServer(input, workerErrors);
    cold.push(await hostileBesideSmall(session, input.folderUri, input.smallText, [hostile], `cold-${hostile.name}`));
    await session.shutdown();
    worker.terminate();
  }
  const { session, worker } = await startServer(input, workerErrors);
  await session.open(`${input.folderUri}/warm-up.mcpdesc.json`, 'json', input.smallText);
  await session.diagnostics(`${input.folderUri}/warm-up.mcpdesc.json`);
  for (const hostile of HOSTILE_DOCUMENTS)
    warm.push(await hostileBesideSmall(session, input.folderUri, input.smallText, [hostile], `warm-${hostile.name}`));
  await session.shutdown();
  worker.terminate();
  return { cold, warm, workerErrors };
}

/**
 * Whether the page's policy refuses generated code, asked as the page loads: code the driver runs
 * through DevTools (page.evaluate) is exempt from the policy, so asking there would say nothing.
 */
const PAGE_REFUSED_EVAL = (() => {
  try {
    new Function('return 1')();
    return false;
  } catch {
    return true;
  }
})();

export interface NoEvalRun {
  /** Whether this page itself was refused `new Function` (the policy is in force). */
  pageRefusedEval: boolean;
  /** Per document of NO_CODE_GENERATION_DOCUMENTS, by name: its diagnostics. */
  diagnostics: Record<string, Diagnostic[]>;
  workerErrors: string[];
}

/** Served under a content security policy without 'unsafe-eval': the server with every rule on, and the no-eval documents. */
async function runNoEval(input: HostileInput): Promise<NoEvalRun> {
  const workerErrors: string[] = [];
  const worker = new Worker('/csp/server.js');
  const connection = createMessageConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
  const session = new LspSession(connection, new Map(), DOCUMENT_RULES_ON);
  worker.addEventListener('error', (event) => {
    workerErrors.push(event.message);
    session.fail(new Error(event.message));
  });
  await session.initialize(null, { docsBaseUri: input.docsBaseUri });
  const diagnostics: Record<string, Diagnostic[]> = {};
  for (const document of NO_CODE_GENERATION_DOCUMENTS) {
    const uri = `${input.folderUri}/${document.name}`;
    await session.open(uri, 'json', document.text);
    diagnostics[document.name] = await session.diagnostics(uri);
  }
  await session.shutdown();
  worker.terminate();
  return { pageRefusedEval: PAGE_REFUSED_EVAL, diagnostics, workerErrors };
}

(window as unknown as { runNoEvalTest: typeof runNoEval }).runNoEvalTest = runNoEval;
(window as unknown as { runWebWorkerTest: typeof run; runHostileTest: typeof runHostile }).runWebWorkerTest = run;
(window as unknown as { runHostileTest: typeof runHostile }).runHostileTest = runHostile;
