// A rename the server refuses ("'authorize' is already declared by tool …") is an answer, not a
// failure: the server sends it as a ResponseError with code RequestFailed and the reason as its
// message. vscode-languageclient would log every rename error as "Request textDocument/rename
// failed." at error level before rethrowing it; this middleware sends the request itself, so that a
// refusal goes to the log as information and reaches VS Code as a plain Error, whose message VS Code
// shows as the reason in the editor, while any other failure still takes the library's own path.
// Only types come from 'vscode' and the library, so the decision can be tested in plain Node.
import type { CancellationToken, Position, ProviderResult, TextDocument, WorkspaceEdit } from 'vscode';
import type { Middleware, RenameParams, WorkspaceEdit as ProtocolWorkspaceEdit } from 'vscode-languageclient';

/** LSPErrorCodes.RequestFailed: the code of the server's refusals (server/src/lsp/navigationHandlers.ts). */
export const REFUSAL_CODE = -32803;

const RENAME_METHOD = 'textDocument/rename';

/** The part of the LanguageClient a rename needs (a LanguageClient is one). */
export interface RenameClient {
  sendRequest<R>(method: string, param: unknown, token?: CancellationToken): Promise<R>;
  readonly code2ProtocolConverter: {
    asTextDocumentIdentifier(document: TextDocument): { uri: string };
    asPosition(position: Position): { line: number; character: number };
  };
  readonly protocol2CodeConverter: {
    asWorkspaceEdit(
      edit: ProtocolWorkspaceEdit | null | undefined,
      token?: CancellationToken,
    ): Promise<WorkspaceEdit | undefined>;
  };
  /** The library's handling of a failed request: logs it as an error, then rethrows it (or answers the default). */
  handleFailedRequest<T>(
    type: { method: string },
    token: CancellationToken | undefined,
    error: unknown,
    defaultValue: T,
    showNotification?: boolean,
  ): T;
  info(message: string): void;
}

/** True for the server's refusal: a response error with the refusal code and a reason to show. */
export function isRefusal(error: unknown): error is Error & { code: number } {
  return error instanceof Error && (error as { code?: unknown }).code === REFUSAL_CODE && error.message.length > 0;
}

export function renameMiddleware(client: RenameClient): Pick<Middleware, 'provideRenameEdits'> {
  return {
    provideRenameEdits: (document, position, newName, token): ProviderResult<WorkspaceEdit> =>
      renameEdits(client, document, position, newName, token),
  };
}

async function renameEdits(
  client: RenameClient,
  document: TextDocument,
  position: Position,
  newName: string,
  token: CancellationToken,
): Promise<WorkspaceEdit | null> {
  const params: RenameParams = {
    textDocument: client.code2ProtocolConverter.asTextDocumentIdentifier(document),
    position: client.code2ProtocolConverter.asPosition(position),
    newName,
  };
  let result: ProtocolWorkspaceEdit | null;
  try {
    result = await client.sendRequest<ProtocolWorkspaceEdit | null>(RENAME_METHOD, params, token);
  } catch (error) {
    if (isRefusal(error)) {
      client.info(`Rename to '${newName}' refused: ${error.message}`);
      throw new Error(error.message, { cause: error });
    }
    return client.handleFailedRequest({ method: RENAME_METHOD }, token, error, null, false);
  }
  if (token.isCancellationRequested || result === null) return null;
  // The server's edits are `changes` keyed by URI, never versioned document edits: nothing to validate.
  return (await client.protocol2CodeConverter.asWorkspaceEdit(result, token)) ?? null;
}
