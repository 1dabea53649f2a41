// A small LSP client for tests: spawns the built server (stdio or node-ipc), answers the requests a
// real editor answers (workspace/configuration from a mutable settings object, workspace/applyEdit by
// applying the edit to its own copy and sending the change), mirrors open documents with incremental
// changes, and records every notification so tests can wait for, and assert on, what was published.
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  ApplyWorkspaceEditRequest,
  CodeActionRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidChangeWorkspaceFoldersNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExecuteCommandRequest,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  IPCMessageReader,
  IPCMessageWriter,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
  type ClientCapabilities,
  type FileEvent,
  type Registration,
  type CodeAction,
  type Command,
  type Diagnostic,
  type InitializeResult,
  type LogMessageParams,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
  type TextDocumentContentChangeEvent,
  type TextEdit,
  type WorkspaceEdit,
  type WorkspaceFolder,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { STATUS_NOTIFICATION, type ServerStatus } from '../../shared/src/constants';
import { builtServerPath } from './repoRoot';

export type Transport = 'stdio' | 'node-ipc';

export interface LspClientOptions {
  transport?: Transport;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  /**
   * Open documents checked on the server's main thread (MCPDESC_DOCUMENT_WORKERS=0), not in the two
   * document workers it starts otherwise, which cost a server start about as much CPU again (each
   * loads the bundle and warms the checker up). For a test of what the editor is answered, not of
   * where a check runs: workerOpenChecks.test.ts holds the workers' answers to this thread's, and the
   * tests that keep the default (diagnostics, code actions, document status, incremental edits,
   * hostile documents, the workspace scan) answer through the workers end to end.
   */
  openChecksOnMainThread?: boolean;
  /** The server's entry point: the built bundle (dist/server.js) unless given, e.g. a test-only entry under test/support/. */
  serverPath?: string;
  workspaceFolders?: WorkspaceFolder[];
  /** The `mcpdesc` section answered to workspace/configuration; change it with `setSettings`. */
  settings?: unknown;
  /** Per-resource overrides: return a value to answer for that scopeUri instead of `settings`. */
  settingsFor?: (scopeUri: string | undefined, section: string | undefined) => unknown;
  /** Merged over the default capabilities (a VS Code-like client). */
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** Milliseconds a wait may take before it fails with a description of what was received. */
  timeoutMs?: number;
}

export interface RecordedStatus {
  status: ServerStatus;
  /** Position in the shared notification sequence (to order statuses against publishes). */
  sequence: number;
}

export interface RecordedPublish extends PublishDiagnosticsParams {
  sequence: number;
}

/** A $/progress notification (the `value` of a work-done progress is begin / report / end). */
export interface RecordedProgress {
  token: string | number;
  value: { kind?: string; title?: string; message?: string; percentage?: number };
  sequence: number;
}

interface Waiter {
  /** True once the waiter is settled (resolved or rejected) and can be dropped. */
  check: () => boolean;
}

const DEFAULT_CAPABILITIES: ClientCapabilities = {
  workspace: {
    configuration: true,
    workspaceFolders: true,
    applyEdit: true,
    workspaceEdit: { documentChanges: true },
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
    codeAction: {
      isPreferredSupport: true,
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'source', 'source.fixAll'] } },
    },
  },
  window: { workDoneProgress: true },
};

export function fileUri(fsPath: string): string {
  return pathToFileURL(fsPath).href;
}

function describe(value: unknown): string {
  return JSON.stringify(value, null, 1).slice(0, 4000);
}

export class LspTestClient {
  readonly publishes: RecordedPublish[] = [];
  readonly statuses: RecordedStatus[] = [];
  readonly logMessages: LogMessageParams[] = [];
  readonly appliedEdits: WorkspaceEdit[] = [];
  readonly registrations: string[] = [];
  /** The full registrations (method, id and options), in order. */
  readonly registrationDetails: Registration[] = [];
  /** Tokens the server asked for with window/workDoneProgress/create. */
  readonly progressTokens: Array<string | number> = [];
  /** $/progress notifications. */
  readonly progress: RecordedProgress[] = [];
  initializeResult!: InitializeResult;

  private readonly documents = new Map<string, TextDocument>();
  private readonly waiters: Waiter[] = [];
  private sequence = 0;
  private settings: unknown;
  private exited = false;
  private stderr = '';

  private constructor(
    private readonly server: ChildProcess,
    private readonly connection: ProtocolConnection,
    private readonly options: LspClientOptions,
  ) {
    this.settings = options.settings ?? {};
    server.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    server.on('exit', () => {
      this.exited = true;
      this.notifyWaiters();
    });
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.publishes.push({ ...params, sequence: this.sequence++ });
      this.notifyWaiters();
    });
    connection.onNotification(STATUS_NOTIFICATION, (status: ServerStatus) => {
      this.statuses.push({ status, sequence: this.sequence++ });
      this.notifyWaiters();
    });
    connection.onNotification(LogMessageNotification.type, (params) => {
      this.logMessages.push(params);
      this.notifyWaiters();
    });
    connection.onRequest(ConfigurationRequest.type, (params) =>
      params.items.map((item) => {
        const override = this.options.settingsFor?.(item.scopeUri, item.section);
        if (override !== undefined) return override;
        return item.section === 'mcpdesc' ? this.settings : null;
      }),
    );
    connection.onRequest(RegistrationRequest.type, (params) => {
      for (const registration of params.registrations) {
        this.registrations.push(registration.method);
        this.registrationDetails.push(registration);
      }
      this.notifyWaiters();
    });
    connection.onRequest(UnregistrationRequest.type, () => undefined);
    connection.onRequest(WorkDoneProgressCreateRequest.type, (params) => {
      this.progressTokens.push(params.token);
    });
    connection.onNotification('$/progress', (params: Omit<RecordedProgress, 'sequence'>) => {
      this.progress.push({ ...params, sequence: this.sequence++ });
      this.notifyWaiters();
    });
    connection.onRequest(ApplyWorkspaceEditRequest.type, (params) => {
      this.appliedEdits.push(params.edit);
      this.applyWorkspaceEdit(params.edit);
      return { applied: true };
    });
  }

  static async start(options: LspClientOptions = {}): Promise<LspTestClient> {
    const serverPath = options.serverPath ?? builtServerPath();
    const transport = options.transport ?? 'stdio';
    const env = { ...process.env, ...(options.openChecksOnMainThread ? { MCPDESC_DOCUMENT_WORKERS: '0' } : {}), ...options.env };
    let child: ChildProcess;
    let connection: ProtocolConnection;
    if (transport === 'stdio') {
      child = spawn(process.execPath, [serverPath, '--stdio'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    } else {
      child = fork(serverPath, ['--node-ipc'], { env, stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
      connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    }
    connection.listen();
    const client = new LspTestClient(child, connection, options);
    await client.initialize();
    return client;
  }

  private async initialize(): Promise<void> {
    const folders = this.options.workspaceFolders ?? null;
    const capabilities: ClientCapabilities = {
      ...DEFAULT_CAPABILITIES,
      ...this.options.capabilities,
    };
    this.initializeResult = await this.withTimeout(
      this.connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: folders?.[0]?.uri ?? null,
        workspaceFolders: folders,
        capabilities,
        initializationOptions: this.options.initializationOptions,
      }),
      'initialize',
    );
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** The server's process id (to look at it in /proc). */
  get pid(): number | undefined {
    return this.server.pid;
  }

  get timeoutMs(): number {
    return this.options.timeoutMs ?? 15000;
  }

  // ---- settings ------------------------------------------------------------------------------

  /** Changes what workspace/configuration answers and tells the server (pull model: settings null). */
  async setSettings(settings: unknown): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  }

  async changeWorkspaceFolders(added: WorkspaceFolder[], removed: WorkspaceFolder[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added, removed } });
  }

  /** What a watching client sends after files changed on disk (type: 1 created, 2 changed, 3 deleted). */
  async filesChanged(changes: FileEvent[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
  }

  // ---- documents -----------------------------------------------------------------------------

  async open(uri: string, text: string, languageId = 'json', version = 1): Promise<TextDocument> {
    const document = TextDocument.create(uri, languageId, version, text);
    this.documents.set(uri, document);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version, text },
    });
    return document;
  }

  document(uri: string): TextDocument {
    const document = this.documents.get(uri);
    if (!document) throw new Error(`${uri} is not open in the test client`);
    return document;
  }

  text(uri: string): string {
    return this.document(uri).getText();
  }

  version(uri: string): number {
    return this.document(uri).version;
  }

  /** Sends content changes (incremental, applied in order) as the next version; returns that version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const current = this.document(uri);
    const version = current.version + 1;
    const updated = TextDocument.update(current, changes, version);
    this.documents.set(uri, updated);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return version;
  }

  /** Applies non-overlapping edits as one incremental change (last edit first, so ranges stay valid). */
  async applyEdits(uri: string, edits: TextEdit[]): Promise<number> {
    const ordered = [...edits].sort(
      (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
    );
    return this.change(
      uri,
      ordered.map((edit) => ({ range: edit.range, text: edit.newText })),
    );
  }

  async replaceText(uri: string, text: string): Promise<number> {
    const document = this.document(uri);
    const end = document.positionAt(document.getText().length);
    return this.change(uri, [{ range: { start: { line: 0, character: 0 }, end }, text }]);
  }

  async close(uri: string): Promise<void> {
    this.documents.delete(uri);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** Edits for one URI out of a WorkspaceEdit (either shape). */
  static editsFor(edit: WorkspaceEdit, uri: string): TextEdit[] {
    const edits: TextEdit[] = [...(edit.changes?.[uri] ?? [])];
    for (const change of edit.documentChanges ?? []) {
      if ('textDocument' in change && change.textDocument.uri === uri) {
        for (const item of change.edits) if ('newText' in item) edits.push(item);
      }
    }
    return edits;
  }

  private applyWorkspaceEdit(edit: WorkspaceEdit): void {
    for (const uri of this.documents.keys()) {
      const edits = LspTestClient.editsFor(edit, uri);
      if (edits.length > 0) void this.applyEdits(uri, edits);
    }
  }

  // ---- requests ------------------------------------------------------------------------------

  codeActions(uri: string, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<Array<CodeAction | Command>> {
    return this.withTimeout(
      this.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range,
        context: { diagnostics, only },
      }),
      'textDocument/codeAction',
    ).then((actions) => actions ?? []);
  }

  executeCommand(command: string, args: unknown[]): Promise<unknown> {
    return this.withTimeout(this.connection.sendRequest(ExecuteCommandRequest.type, { command, arguments: args }), command);
  }

  /** Any request by method name; the caller names the result type it expects. */
  request<R>(method: string, params: unknown): Promise<R> {
    return this.withTimeout(this.connection.sendRequest<R>(method, params), method);
  }

  sendNotification(method: string, params: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  // ---- waiting -------------------------------------------------------------------------------

  /**
   * Resolves once `condition` holds (checked now and after every notification, and every `pollMs`
   * when given: for a condition on the server process that no message announces, such as its
   * thread count), fails after the timeout.
   */
  waitFor<T>(description: string, condition: () => T | undefined | false, options: { pollMs?: number } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const poll = options.pollMs === undefined ? undefined : setInterval(() => waiter.check(), options.pollMs);
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        clearInterval(poll);
        reject(
          new Error(
            `Timed out after ${this.timeoutMs} ms waiting for ${description}.\nPublishes: ${describe(
              this.publishes.map(({ uri, version, diagnostics }) => ({ uri, version, count: diagnostics.length })),
            )}\nServer stderr: ${this.stderr.slice(-2000)}\nLog: ${describe(this.logMessages.slice(-5))}`,
          ),
        );
      }, this.timeoutMs);
      const waiter: Waiter = {
        check: () => {
          if (settled) return true;
          if (this.exited) {
            settled = true;
            clearTimeout(timer);
            clearInterval(poll);
            reject(new Error(`The server exited while waiting for ${description}. stderr: ${this.stderr.slice(-2000)}`));
            return true;
          }
          const value = condition();
          if (value === undefined || value === false) return false;
          settled = true;
          clearTimeout(timer);
          clearInterval(poll);
          resolve(value as T);
          return true;
        },
      };
      if (!waiter.check()) this.waiters.push(waiter);
    });
  }

  /** The first publish for `uri` (after `afterSequence`) matching `predicate`. */
  waitForPublish(
    uri: string,
    predicate: (publish: RecordedPublish) => boolean = () => true,
    afterSequence = -1,
  ): Promise<RecordedPublish> {
    return this.waitFor(`diagnostics for ${uri}`, () =>
      this.publishes.find((publish) => publish.uri === uri && publish.sequence > afterSequence && predicate(publish)),
    );
  }

  /** The diagnostics published for exactly this version of an open document. */
  async diagnosticsFor(uri: string, version = this.version(uri)): Promise<Diagnostic[]> {
    const publish = await this.waitForPublish(uri, (candidate) => candidate.version === version);
    return publish.diagnostics;
  }

  /** The server's next "idle" status after `afterSequence` (everything queued before it has finished). */
  waitForIdle(afterSequence: number): Promise<RecordedStatus> {
    return this.waitFor('the server to become idle', () =>
      this.statuses.find((status) => status.sequence > afterSequence && !status.status.checking),
    );
  }

  get lastSequence(): number {
    return this.sequence - 1;
  }

  lastPublish(uri: string): RecordedPublish | undefined {
    for (let index = this.publishes.length - 1; index >= 0; index--) {
      if (this.publishes[index].uri === uri) return this.publishes[index];
    }
    return undefined;
  }

  private notifyWaiters(): void {
    for (let index = this.waiters.length - 1; index >= 0; index--) {
      if (this.waiters[index].check()) this.waiters.splice(index, 1);
    }
  }

  private withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${what} got no answer within ${this.timeoutMs} ms. stderr: ${this.stderr.slice(-2000)}`)),
        this.timeoutMs,
      );
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  // ---- shutdown ------------------------------------------------------------------------------

  get serverStderr(): string {
    return this.stderr;
  }

  /** shutdown + exit, then waits for the process to end (killing it if it does not). */
  async stop(): Promise<number | null> {
    if (!this.exited) {
      try {
        await this.withTimeout(this.connection.sendRequest(ShutdownRequest.type), 'shutdown');
        await this.connection.sendNotification(ExitNotification.type);
      } catch {
        // Fall through to the kill below.
      }
    }
    const code = await new Promise<number | null>((resolve) => {
      if (this.exited) return resolve(this.server.exitCode);
      const timer = setTimeout(() => this.server.kill('SIGKILL'), 5000);
      this.server.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    this.connection.dispose();
    for (const waiter of this.waiters.splice(0)) waiter.check();
    return code;
  }
}
