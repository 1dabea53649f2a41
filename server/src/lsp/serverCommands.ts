// workspace/executeCommand handlers. "Fix all in file" applies the same edits as the fix-all code
// action through workspace/applyEdit (pinned to the document version it was computed from, when the
// client supports versioned edits); "check workspace" re-checks the open documents and re-scans
// every workspace folder.
import {
  ErrorCodes,
  ResponseError,
  type Connection,
  type ExecuteCommandParams,
  type TextDocuments,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import { SERVER_COMMANDS } from '../../../shared/src/constants';
import { usableFormatting, type FormattingOptions } from '../checker';
import type { OpenDocument } from './openDocument';
import type { OpenDocumentChecks } from './openDocumentChecks';

export interface ServerCommandsDeps {
  connection: Connection;
  documents: TextDocuments<OpenDocument>;
  checks: OpenDocumentChecks;
  formattingFor: (uri: string) => FormattingOptions | undefined;
  supportsVersionedEdits: () => boolean;
  checkWorkspace: () => void;
}

export interface FixAllCommandResult {
  /** How many fixes were applied (0 when there was nothing to fix or the document is not checked). */
  applied: number;
}

/** The client asked for something the command does not take: its mistake, not the server's failure. */
function invalidParams(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, message);
}

async function fixAllInFile(deps: ServerCommandsDeps, args: unknown[]): Promise<FixAllCommandResult> {
  const [uri, formattingArgument] = args;
  if (typeof uri !== 'string') throw invalidParams(`${SERVER_COMMANDS.fixAll} expects a document URI as its first argument.`);
  const document = deps.documents.get(uri);
  if (!document) throw invalidParams(`${SERVER_COMMANDS.fixAll}: ${uri} is not open.`);
  // Options the fixes cannot use (a tabSize of 0, 1e9 or 2.5) are passed over as the notification's
  // are: the editor's last reported options, else the document's own indentation.
  const formatting = usableFormatting(formattingArgument) ?? deps.formattingFor(uri);
  // The version the edits are computed on, which a versioned edit is pinned to.
  const version = document.version;
  const fixed = await deps.checks.ask(uri, { kind: 'fixAll', formatting });
  if (!fixed || fixed.applied === 0 || fixed.edits.length === 0) return { applied: 0 };
  if (deps.documents.get(uri)?.version !== version) return { applied: 0 };
  const edit: WorkspaceEdit = deps.supportsVersionedEdits()
    ? { documentChanges: [{ textDocument: { uri, version }, edits: fixed.edits }] }
    : { changes: { [uri]: fixed.edits } };
  const response = await deps.connection.workspace.applyEdit({ label: 'Fix all MCP description problems', edit });
  return { applied: response.applied ? fixed.applied : 0 };
}

export async function executeServerCommand(deps: ServerCommandsDeps, params: ExecuteCommandParams): Promise<unknown> {
  switch (params.command) {
    case SERVER_COMMANDS.fixAll:
      return fixAllInFile(deps, params.arguments ?? []);
    case SERVER_COMMANDS.checkWorkspace:
      deps.checkWorkspace();
      return null;
    default:
      throw invalidParams(`Unknown command ${params.command}: this server runs ${Object.values(SERVER_COMMANDS).join(' and ')}.`);
  }
}
