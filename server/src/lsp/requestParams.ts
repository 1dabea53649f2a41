// What the params of each request the server answers must look like: the members its handler reads,
// checked before the handler runs, so a malformed request is an InvalidParams saying which member is
// wrong instead of a TypeError deep in a handler (an internal error, or a silent null). A request
// handled here and missing from this table gets no check: add its shape when adding its handler.
import { CodeActionContext, Position, Range, TextDocumentIdentifier, WorkspaceFolder } from 'vscode-languageserver';

/** Returns what is wrong with `params`, or undefined when they are acceptable. */
type ParamsCheck = (params: Record<string, unknown>) => string | undefined;

const TEXT_DOCUMENT = '`textDocument` must be { uri: string }';
const POSITION = '`position` must be { line, character } with non-negative integers';

function textDocumentProblem(params: Record<string, unknown>): string | undefined {
  return TextDocumentIdentifier.is(params.textDocument) ? undefined : TEXT_DOCUMENT;
}

function positionProblem(params: Record<string, unknown>): string | undefined {
  return textDocumentProblem(params) ?? (Position.is(params.position) ? undefined : POSITION);
}

function isNullOr<T>(value: unknown, is: (value: unknown) => value is T): boolean {
  return value === undefined || value === null || is(value);
}

const CHECKS: Record<string, ParamsCheck> = {
  initialize: (params) => {
    if (typeof params.capabilities !== 'object' || params.capabilities === null) return '`capabilities` must be an object';
    if (!isNullOr(params.processId, (value): value is number => Number.isInteger(value)))
      return '`processId` must be an integer or null';
    if (!isNullOr(params.rootUri, (value): value is string => typeof value === 'string'))
      return '`rootUri` must be a string or null';
    const folders = params.workspaceFolders;
    if (!isNullOr(folders, Array.isArray) || (Array.isArray(folders) && !folders.every((folder) => WorkspaceFolder.is(folder)))) {
      return '`workspaceFolders` must be null or an array of { uri: string, name: string }';
    }
    return undefined;
  },
  'textDocument/codeAction': (params) =>
    textDocumentProblem(params) ??
    (Range.is(params.range) ? undefined : '`range` must be { start, end } positions of non-negative integers') ??
    (CodeActionContext.is(params.context) ? undefined : '`context` must be { diagnostics: Diagnostic[], only?: string[] }'),
  'textDocument/definition': positionProblem,
  'textDocument/references': (params) =>
    positionProblem(params) ??
    (typeof (params.context as { includeDeclaration?: unknown } | null | undefined)?.includeDeclaration === 'boolean'
      ? undefined
      : '`context` must be { includeDeclaration: boolean }'),
  'textDocument/prepareRename': positionProblem,
  'textDocument/rename': (params) =>
    positionProblem(params) ?? (typeof params.newName === 'string' ? undefined : '`newName` must be a string'),
  'textDocument/completion': positionProblem,
  'textDocument/hover': positionProblem,
  'textDocument/documentSymbol': textDocumentProblem,
  'mcpdesc/documentStatus': (params) => (typeof params.uri === 'string' ? undefined : '`uri` must be a string'),
  'workspace/executeCommand': (params) => {
    if (typeof params.command !== 'string') return '`command` must be a string';
    if (params.arguments !== undefined && !Array.isArray(params.arguments)) return '`arguments` must be an array';
    return undefined;
  },
};

/** What is wrong with a request's params, or undefined when they suit its method (or nothing is known of it). */
export function requestParamsProblem(method: string, params: unknown): string | undefined {
  const check = Object.hasOwn(CHECKS, method) ? CHECKS[method] : undefined;
  if (!check) return undefined;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return '`params` must be an object';
  return check(params as Record<string, unknown>);
}
