// A minimal LSP client over stdio (Content-Length framing), written for the benchmark so that it
// knows exactly when a message left and when one arrived: each incoming message is stamped when
// its last byte is read, before any parsing or handling by the benchmark.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface IncomingNotification {
  method: string;
  params: unknown;
  /** performance.now() when the message was complete. */
  at: number;
}

type RequestHandler = (params: unknown) => unknown;

interface PendingRequest {
  method: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Waiter {
  predicate: (notification: IncomingNotification) => boolean;
  resolve: (notification: IncomingNotification) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class LspClient {
  readonly child: ChildProcessWithoutNullStreams;
  /** The last lines the server wrote to stderr, for error messages. */
  readonly stderrTail: string[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, PendingRequest>();
  private readonly listeners = new Set<(notification: IncomingNotification) => void>();
  private readonly waiters = new Set<Waiter>();
  private readonly requestHandlers = new Map<string, RequestHandler>();
  private exited = false;
  private readonly exitPromise: Promise<number | null>;

  /** `env`: set for the server on top of this process's environment. */
  constructor(serverScript: string, args: string[] = ['--stdio'], nodeArgs: string[] = [], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [...nodeArgs, serverScript, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => {
      this.stderrTail.push(...text.split('\n').filter((line) => line.length > 0));
      if (this.stderrTail.length > 40) this.stderrTail.splice(0, this.stderrTail.length - 40);
    });
    this.child.stdin.on('error', () => {
      /* the server went away; the exit handler reports it */
    });
    this.exitPromise = new Promise((resolve) => {
      this.child.on('exit', (code) => {
        this.exited = true;
        const error = new Error(
          `server exited (code ${code})${this.stderrTail.length ? `: ${this.stderrTail.slice(-5).join(' | ')}` : ''}`,
        );
        for (const request of this.pending.values()) {
          clearTimeout(request.timer);
          request.reject(error);
        }
        this.pending.clear();
        for (const waiter of this.waiters) {
          clearTimeout(waiter.timer);
          waiter.reject(error);
        }
        this.waiters.clear();
        resolve(code);
      });
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get hasExited(): boolean {
    return this.exited;
  }

  /** Answers requests the server sends (workspace/configuration, …); unhandled ones get `null`. */
  onRequest(method: string, handler: RequestHandler): void {
    this.requestHandlers.set(method, handler);
  }

  onNotification(listener: (notification: IncomingNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  request<T>(method: string, params: unknown, timeoutMs = 60_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject, timer });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** The first notification from now on that satisfies `predicate`. */
  waitFor(
    predicate: (notification: IncomingNotification) => boolean,
    timeoutMs: number,
    what = 'notification',
  ): Promise<IncomingNotification> {
    return new Promise((resolve, reject) => {
      if (this.exited) {
        reject(new Error('server has exited'));
        return;
      }
      const waiter: Waiter = {
        predicate,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error(`no ${what} within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** shutdown + exit, then a kill of this child if it lingers. */
  async stop(timeoutMs = 5000): Promise<void> {
    if (this.exited) return;
    try {
      await this.request('shutdown', null, timeoutMs);
      this.notify('exit', null);
    } catch {
      // Going away regardless.
    }
    const timer = setTimeout(() => {
      if (!this.exited) this.child.kill('SIGKILL');
    }, timeoutMs);
    await this.exitPromise;
    clearTimeout(timer);
  }

  private send(message: object): void {
    if (this.exited) return;
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf(HEADER_END);
      if (headerEnd === -1) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /Content-Length:\s*(\d+)/i.exec(header);
      if (!match) throw new Error(`bad LSP header from server: ${JSON.stringify(header)}`);
      const length = Number(match[1]);
      const bodyStart = headerEnd + HEADER_END.length;
      if (this.buffer.length < bodyStart + length) return;
      const at = performance.now();
      const body = this.buffer.subarray(bodyStart, bodyStart + length).toString('utf8');
      this.buffer = this.buffer.subarray(bodyStart + length);
      this.dispatch(JSON.parse(body) as Record<string, unknown>, at);
    }
  }

  private dispatch(message: Record<string, unknown>, at: number): void {
    const id = message.id;
    if (typeof message.method === 'string') {
      if (id !== undefined && id !== null) {
        const handler = this.requestHandlers.get(message.method);
        let result: unknown;
        try {
          result = handler ? handler(message.params) : null;
        } catch (error) {
          this.send({ jsonrpc: '2.0', id, error: { code: -32603, message: String(error) } });
          return;
        }
        this.send({ jsonrpc: '2.0', id, result: result ?? null });
        return;
      }
      const notification: IncomingNotification = { method: message.method, params: message.params, at };
      for (const listener of this.listeners) listener(notification);
      for (const waiter of [...this.waiters]) {
        if (waiter.predicate(notification)) {
          this.waiters.delete(waiter);
          clearTimeout(waiter.timer);
          waiter.resolve(notification);
        }
      }
      return;
    }
    if (typeof id === 'number') {
      const request = this.pending.get(id);
      if (!request) return;
      this.pending.delete(id);
      clearTimeout(request.timer);
      if (message.error) {
        const error = message.error as { message?: string };
        request.reject(new Error(`${request.method}: ${error.message ?? 'error'}`));
      } else {
        request.resolve(message.result);
      }
    }
  }
}
