// The LSP lifecycle, enforced on every incoming message before any handler sees it (vscode-jsonrpc's
// message strategy): vscode-languageserver answers whatever arrives, whenever it arrives. Before
// initialize, requests are refused with ServerNotInitialized and notifications dropped (exit aside);
// initialize is accepted once; after shutdown, every request is an InvalidRequest. A request whose
// params do not suit its method (requestParams.ts) is an InvalidParams. Exit always goes through:
// vscode-languageserver ends the process with 0 after shutdown, 1 otherwise.
import {
  ErrorCodes,
  ExitNotification,
  InitializeRequest,
  Message,
  ResponseError,
  ShutdownRequest,
  type Connection,
  type MessageStrategy,
  type RequestMessage,
} from 'vscode-languageserver';

/**
 * A refused request is handed on as a request of this method, whose handler answers with the error:
 * the strategy itself cannot send a response, and the request's id must get exactly one.
 */
const REFUSAL_METHOD = '$/mcpdesc/refuse';

interface Refusal {
  code: number;
  message: string;
}

type HandleResult = ReturnType<MessageStrategy['handleMessage']>;

type Phase = 'uninitialized' | 'running' | 'shutDown';

export class LifecycleGate implements MessageStrategy {
  private phase: Phase = 'uninitialized';

  constructor(private readonly paramsProblem: (method: string, params: unknown) => string | undefined) {}

  /** Registers the handler that sends the refusals; before `connection.listen()`. */
  install(connection: Connection): void {
    connection.onRequest(REFUSAL_METHOD, (refusal: Refusal) => {
      throw new ResponseError(refusal.code, refusal.message);
    });
  }

  handleMessage(message: Message, next: (message: Message) => HandleResult): HandleResult {
    if (Message.isRequest(message)) {
      const refusal = this.refusalOf(message);
      return next(
        refusal
          ? ({ jsonrpc: message.jsonrpc, id: message.id, method: REFUSAL_METHOD, params: refusal } as RequestMessage)
          : message,
      );
    }
    if (Message.isNotification(message) && this.phase === 'uninitialized' && message.method !== ExitNotification.method) return;
    return next(message);
  }

  /** Why the request is refused, or undefined when it goes to its handler (and moves the phase on). */
  private refusalOf(request: RequestMessage): Refusal | undefined {
    if (request.method === REFUSAL_METHOD)
      return { code: ErrorCodes.MethodNotFound, message: `Unhandled method ${REFUSAL_METHOD}` };
    const isInitialize = request.method === InitializeRequest.method;
    switch (this.phase) {
      case 'uninitialized':
        if (!isInitialize)
          return {
            code: ErrorCodes.ServerNotInitialized,
            message: `The server is not initialized: send initialize before ${request.method}.`,
          };
        break;
      case 'running':
        if (isInitialize)
          return { code: ErrorCodes.InvalidRequest, message: 'The server is already initialized: initialize is sent once.' };
        break;
      case 'shutDown':
        return {
          code: ErrorCodes.InvalidRequest,
          message: `The server is shut down: it answers no ${request.method} after shutdown, only exit.`,
        };
    }
    const problem = this.paramsProblem(request.method, request.params);
    if (problem) return { code: ErrorCodes.InvalidParams, message: `Invalid params for ${request.method}: ${problem}.` };
    if (isInitialize) this.phase = 'running';
    if (request.method === ShutdownRequest.method) this.phase = 'shutDown';
    return undefined;
  }
}
