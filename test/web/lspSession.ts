// An LSP client for the browser build's server, written against a bare JSON-RPC connection so that
// the same code drives it in a Node worker thread (the fast test, workerServer.ts) and in a page of
// a real Chromium (test-e2e/webWorker.ts): no Node module here. It answers what VS Code's browser
// client answers: configuration, registrations, progress, applyEdit (applied to its own copy of the
// documents and sent back as a change), and the two requests of the browser runtime, listing and
// reading the files of a virtual workspace (`files`: URI -> text), as workspace.fs would.
import type {
  ClientCapabilities,
  CodeAction,
  Command,
  Diagnostic,
  InitializeResult,
  PublishDiagnosticsParams,
  Range,
  TextEdit,
  WorkspaceEdit,
  WorkspaceFolder,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  READ_FILE_REQUEST,
  WORKSPACE_FILES_REQUEST,
  type ReadFileParams,
  type ReadFileResult,
  type WorkspaceFilesParams,
  type WorkspaceFilesResult,
} from '../../shared/src/constants';

/** What the session needs of a JSON-RPC connection (vscode-jsonrpc's MessageConnection is one). */
export interface RpcConnection {
  sendRequest<R>(method: string, params?: unknown): Promise<R>;
  sendNotification(method: string, params?: unknown): Promise<void> | void;
  onNotification(method: string, handler: (params: unknown) => void): unknown;
  onRequest(method: string, handler: (params: unknown) => unknown): unknown;
  listen(): void;
}

/** What the session tells the server it can do (VS Code's, as far as these tests use it). */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  workspace: {
    configuration: true,
    workspaceFolders: true,
    applyEdit: true,
    didChangeWatchedFiles: { dynamicRegistration: true },
  },
  textDocument: {
    publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
    codeAction: {
      isPreferredSupport: true,
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
    },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    completion: { completionItem: { snippetSupport: true, labelDetailsSupport: true } },
  },
};

/** A wait that never ends is a failure with what was received, not a hung test. */
const WAIT_LIMIT_MS = 30_000;

interface Waiter {
  settled: () => boolean;
}

export class LspSession {
  readonly publishes: PublishDiagnosticsParams[] = [];
  /** When each URI's last publish arrived (performance.now()): for reports, never for assertions. */
  readonly publishedAt = new Map<string, number>();
  readonly logMessages: string[] = [];
  /** The URIs the server asked to read (mcpdesc/readFile), in order. */
  readonly reads: string[] = [];
  initializeResult: InitializeResult | undefined;
  private readonly documents = new Map<string, TextDocument>();
  private readonly waiters: Waiter[] = [];
  private failure: Error | undefined;
  private readonly failed: Promise<never>;
  private rejectFailed: (error: Error) => void = () => undefined;

  constructor(
    private readonly connection: RpcConnection,
    /** The virtual workspace's files, URI -> text. */
    private readonly files: ReadonlyMap<string, string> = new Map(),
    /** What workspace/configuration answers for the `mcpdesc` section (the defaults when empty). */
    private readonly settings: unknown = {},
  ) {
    this.failed = new Promise<never>((_resolve, reject) => {
      this.rejectFailed = reject;
    });
    // Nobody may be waiting when the server dies; the waits that come later see the failure.
    this.failed.catch(() => undefined);
    connection.onNotification('textDocument/publishDiagnostics', (params) => {
      this.publishes.push(params as PublishDiagnosticsParams);
      this.publishedAt.set((params as PublishDiagnosticsParams).uri, performance.now());
      this.notify();
    });
    connection.onNotification('window/logMessage', (params) => {
      this.logMessages.push((params as { message: string }).message);
      this.notify();
    });
    connection.onNotification('mcpdesc/status', () => undefined);
    connection.onNotification('$/progress', () => undefined);
    connection.onRequest('workspace/configuration', (params) => (params as { items: unknown[] }).items.map(() => this.settings));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('client/unregisterCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onRequest('workspace/applyEdit', (params) => {
      this.applyWorkspaceEdit((params as { edit: WorkspaceEdit }).edit);
      return { applied: true };
    });
    connection.onRequest(WORKSPACE_FILES_REQUEST, (params): WorkspaceFilesResult => {
      const { folderUri } = params as WorkspaceFilesParams;
      const prefix = folderUri.endsWith('/') ? folderUri : `${folderUri}/`;
      return { uris: [...this.files.keys()].filter((uri) => uri.startsWith(prefix)).sort(), problems: [], truncated: false };
    });
    connection.onRequest(READ_FILE_REQUEST, (params): ReadFileResult => {
      const { uri } = params as ReadFileParams;
      this.reads.push(uri);
      const text = this.files.get(uri);
      return text === undefined ? { kind: 'missing' } : { kind: 'text', text };
    });
    connection.listen();
  }

  /** The server died (its worker raised `error`): every wait and request fails with it instead of hanging. */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.rejectFailed(new Error(`the server failed: ${error.stack ?? error.message}`));
    this.notify();
  }

  async initialize(workspaceFolders: WorkspaceFolder[] | null, initializationOptions: unknown): Promise<InitializeResult> {
    this.initializeResult = await this.request<InitializeResult>('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders,
      initializationOptions,
      capabilities: CLIENT_CAPABILITIES,
    });
    await this.connection.sendNotification('initialized', {});
    return this.initializeResult;
  }

  async open(uri: string, languageId: string, text: string): Promise<void> {
    this.documents.set(uri, TextDocument.create(uri, languageId, 1, text));
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  text(uri: string): string {
    const document = this.documents.get(uri);
    if (!document) throw new Error(`${uri} is not open`);
    return document.getText();
  }

  /** The diagnostics published for the open document's current version (for a closed file: the first published at all). */
  diagnostics(uri: string): Promise<Diagnostic[]> {
    const current = (): PublishDiagnosticsParams | undefined => {
      const version = this.documents.get(uri)?.version;
      for (let index = this.publishes.length - 1; index >= 0; index--) {
        const params = this.publishes[index];
        if (params.uri === uri && (version === undefined || params.version === version)) return params;
      }
      return undefined;
    };
    return this.waitFor(`diagnostics of ${uri}`, () => current()?.diagnostics);
  }

  request<R>(method: string, params?: unknown): Promise<R> {
    return Promise.race([this.connection.sendRequest<R>(method, params), this.failed]);
  }

  codeActions(uri: string, range: Range, diagnostics: Diagnostic[]): Promise<Array<CodeAction | Command>> {
    return this.request<Array<CodeAction | Command>>('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics, only: ['quickfix'] },
    });
  }

  /** Applies an edit as the editor would: to its copy of each document, then a change to the server. */
  applyWorkspaceEdit(edit: WorkspaceEdit): void {
    const byUri = new Map<string, TextEdit[]>(Object.entries(edit.changes ?? {}));
    for (const change of edit.documentChanges ?? []) {
      if ('textDocument' in change)
        byUri.set(
          change.textDocument.uri,
          change.edits.filter((item): item is TextEdit => 'range' in item),
        );
    }
    for (const [uri, edits] of byUri) {
      const document = this.documents.get(uri);
      if (!document) throw new Error(`an edit of ${uri}, which is not open`);
      const text = TextDocument.applyEdits(document, edits);
      const next = TextDocument.update(document, [{ text }], document.version + 1);
      this.documents.set(uri, next);
      void this.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: next.version },
        contentChanges: [{ text }],
      });
    }
  }

  async shutdown(): Promise<void> {
    await this.request('shutdown');
    await this.connection.sendNotification('exit');
  }

  /** The first log line starting with `prefix`. */
  logLine(prefix: string): Promise<string> {
    return this.waitFor(`a log line "${prefix}…"`, () => this.logMessages.find((message) => message.startsWith(prefix)));
  }

  /** Resolves with `probe`'s first defined value, probed now and after every notification. */
  waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const timer = setTimeout(() => {
        done = true;
        reject(
          new Error(
            `no ${what} after ${WAIT_LIMIT_MS} ms; published: ${JSON.stringify(this.publishes.map((p) => [p.uri, p.version, p.diagnostics.length]))}; log: ${this.logMessages.slice(-5).join(' | ')}`,
          ),
        );
      }, WAIT_LIMIT_MS);
      const settled = (): boolean => {
        if (done) return true;
        if (this.failure) {
          done = true;
          clearTimeout(timer);
          reject(new Error(`waiting for ${what}: the server failed: ${this.failure.message}`));
          return true;
        }
        const value = probe();
        if (value === undefined) return false;
        done = true;
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      if (!settled()) this.waiters.push({ settled });
    });
  }

  private notify(): void {
    for (let index = this.waiters.length - 1; index >= 0; index--)
      if (this.waiters[index].settled()) this.waiters.splice(index, 1);
  }
}
