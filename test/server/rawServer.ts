// The built server (dist/server.js --stdio) spoken to with bytes the test chooses: well-framed
// messages, or any bytes at all (broken framing). What the server writes back is parsed with
// vscode-jsonrpc's reader (the server's output framing is not what these tests are about), and its
// exit code and stderr are kept, so a test can assert that a wedged stream ends the process.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  StreamMessageReader,
  type Message,
  type NotificationMessage,
  type ResponseMessage,
} from 'vscode-languageserver-protocol/node';
import { builtServerPath } from './repoRoot';

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A well-framed message: the header counts the UTF-8 bytes of the body. */
export function frame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** The smallest initialize a server must accept. */
export function initializeRequest(id: number | string = 1): unknown {
  return { jsonrpc: '2.0', id, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } };
}

export class RawServer {
  readonly responses: ResponseMessage[] = [];
  readonly notifications: NotificationMessage[] = [];
  private stderrText = '';
  private exitResult: ServerExit | undefined;
  private readonly listeners: Array<() => void> = [];

  private constructor(private readonly child: ChildProcess) {
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrText += chunk.toString();
    });
    // The server may exit while a write is under way; a broken pipe is then expected, not a failure.
    child.stdin?.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      this.exitResult = { code, signal };
      this.changed();
    });
    const reader = new StreamMessageReader(child.stdout!);
    reader.listen((message: Message) => {
      if ('id' in message && !('method' in message)) this.responses.push(message as ResponseMessage);
      else if ('method' in message && !('id' in message)) this.notifications.push(message as NotificationMessage);
      this.changed();
    });
  }

  static start(env: Record<string, string> = {}): RawServer {
    const child = spawn(process.execPath, [builtServerPath(), '--stdio'], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new RawServer(child);
  }

  get stderr(): string {
    return this.stderrText;
  }

  write(bytes: string | Buffer): void {
    this.child.stdin?.write(bytes);
  }

  send(message: unknown): void {
    this.write(frame(message));
  }

  request(id: number | string, method: string, params?: unknown): void {
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
  }

  notify(method: string, params?: unknown): void {
    this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  /** The response to request `id`; fails after `timeoutMs` (a server that never answers is the bug). */
  response(id: number | string, timeoutMs = 10_000): Promise<ResponseMessage> {
    return this.until(`the response to request ${JSON.stringify(id)}`, timeoutMs, () =>
      this.responses.find((response) => response.id === id),
    );
  }

  /** The process's end; fails after `timeoutMs` (the server stayed alive). */
  exited(timeoutMs = 10_000): Promise<ServerExit> {
    return this.until('the server to exit', timeoutMs, () => this.exitResult, true);
  }

  /** Ends the process if it is still running (after a test, pass or fail). */
  async kill(): Promise<void> {
    if (this.exitResult) return;
    this.child.kill('SIGKILL');
    await this.until('the killed server to exit', 5000, () => this.exitResult, true);
  }

  private until<T>(what: string, timeoutMs: number, value: () => T | undefined, exitIsTheAnswer = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.listeners.indexOf(listener);
        if (index >= 0) this.listeners.splice(index, 1);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Server stderr: ${this.stderrText.slice(-2000)}`));
      }, timeoutMs);
      const check = (): boolean => {
        const found = value();
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
          return true;
        }
        if (this.exitResult && !exitIsTheAnswer) {
          clearTimeout(timer);
          reject(
            new Error(
              `The server exited (${JSON.stringify(this.exitResult)}) while waiting for ${what}. stderr: ${this.stderrText.slice(-2000)}`,
            ),
          );
          return true;
        }
        return false;
      };
      if (check()) return;
      const listener = (): void => {
        if (check()) this.listeners.splice(this.listeners.indexOf(listener), 1);
      };
      this.listeners.push(listener);
    });
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
