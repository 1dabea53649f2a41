// The protocol side of declaration navigation: definition, references, prepareRename/rename,
// completion, hover and document symbols. Each handler takes the check result of the document's
// current version, asks the pure navigation module in offsets, and converts to LSP positions with
// that result's line index. No rule or navigation logic lives here.
import {
  CompletionItemKind,
  InsertTextFormat,
  InsertTextMode,
  LSPErrorCodes,
  MarkupKind,
  ResponseError,
  SymbolKind,
  type ClientCapabilities,
  type CompletionItem,
  type Connection,
  type DocumentSymbol,
  type Range,
  type ServerCapabilities,
  type SymbolInformation,
} from 'vscode-languageserver';
import type { CheckResult } from '../checker';
import {
  completionAt,
  definitionAt,
  hoverAt,
  outline,
  prepareRenameAt,
  referencesAt,
  renameAt,
  scaffoldsAt,
  DEFAULT_OUTLINE_LIMIT,
  type NameCompletion,
  type OffsetRange,
  type ScaffoldCompletion,
  type OutlineKind,
  type OutlineSymbol,
} from '../checker/navigation';

/** The check result of the open document's current version; undefined when it is not checked. */
export type CheckResultOf = (uri: string) => Promise<CheckResult | undefined> | CheckResult | undefined;

export interface NavigationOptions {
  /** Whether the client takes DocumentSymbol trees (otherwise it gets flat SymbolInformation). */
  hierarchicalDocumentSymbols?: () => boolean;
  /** Whether the client shows `labelDetails` (LSP 3.17); the mode then sits next to the name. */
  completionLabelDetails?: () => boolean;
  /** Whether the client takes snippets (the scaffolds of steps and declarations are snippets). */
  completionSnippets?: () => boolean;
  /** Whether the editor outlines JSON and JSONC documents itself: document symbols then only for YAML. */
  editorOutlinesJson?: () => boolean;
  outlineLimit?: number;
  log?: (message: string) => void;
}

/** What the server announces for these features, given what the client said it supports. */
export function navigationCapabilities(client: ClientCapabilities): ServerCapabilities {
  return {
    definitionProvider: true,
    referencesProvider: true,
    // RenameOptions are only for clients that support prepareRename; the others get a plain rename.
    renameProvider: client.textDocument?.rename?.prepareSupport === true ? { prepareProvider: true } : true,
    // `"` opens the string a name goes into (VS Code auto-closes it); `'` the same in YAML; `{` opens
    // a new element of `steps` or `elicitations`, which a scaffold fills.
    completionProvider: { triggerCharacters: ['"', "'", '{'], resolveProvider: false },
    hoverProvider: true,
    documentSymbolProvider: { label: 'MCP description' },
  };
}

const SYMBOL_KINDS: Record<OutlineKind, SymbolKind> = {
  tool: SymbolKind.Function,
  group: SymbolKind.Namespace,
  declaration: SymbolKind.Interface,
  example: SymbolKind.Object,
  step: SymbolKind.Event,
  notice: SymbolKind.Null,
};

function toRange(result: CheckResult, range: OffsetRange): Range {
  return result.lines.rangeOf(range.offset, range.length);
}

export function registerNavigationHandlers(
  connection: Connection,
  resultOf: CheckResultOf,
  options: NavigationOptions = {},
): void {
  const log = options.log ?? ((message: string) => connection.console.error(message));
  const limit = options.outlineLimit ?? DEFAULT_OUTLINE_LIMIT;

  /** Runs `answer` on the document's check; a document that is not checked, or a failure, answers null. */
  async function withResult<T>(feature: string, uri: string, answer: (result: CheckResult) => T): Promise<T | null> {
    try {
      const result = await resultOf(uri);
      return result ? answer(result) : null;
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      log(`${feature} on ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return null;
    }
  }

  connection.onDefinition((params) =>
    withResult('Go to definition', params.textDocument.uri, (result) => {
      const target = definitionAt(result, result.lines.offsetAt(params.position));
      return target ? { uri: params.textDocument.uri, range: toRange(result, target) } : null;
    }),
  );

  connection.onReferences((params) =>
    withResult('Find references', params.textDocument.uri, (result) => {
      const ranges = referencesAt(result, result.lines.offsetAt(params.position), params.context.includeDeclaration);
      return ranges ? ranges.map((range) => ({ uri: params.textDocument.uri, range: toRange(result, range) })) : null;
    }),
  );

  connection.onPrepareRename((params) =>
    withResult('Prepare rename', params.textDocument.uri, (result) => {
      const prepared = prepareRenameAt(result, result.lines.offsetAt(params.position));
      return prepared ? { range: toRange(result, prepared.range), placeholder: prepared.placeholder } : null;
    }),
  );

  connection.onRenameRequest((params) =>
    withResult('Rename', params.textDocument.uri, (result) => {
      const renamed = renameAt(result, result.lines.offsetAt(params.position), params.newName);
      if (!renamed) return null;
      if (!renamed.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, renamed.message);
      const edits = renamed.edits.map((edit) => ({ range: toRange(result, edit), newText: edit.newText }));
      return { changes: { [params.textDocument.uri]: edits } };
    }),
  );

  connection.onCompletion((params) =>
    withResult('Completion', params.textDocument.uri, (result) => {
      const offset = result.lines.offsetAt(params.position);
      const completions = completionAt(result, offset);
      if (completions)
        return {
          isIncomplete: false,
          items: completions.map((completion) => nameItem(result, completion, options.completionLabelDetails?.() ?? false)),
        };
      const scaffolds = (options.completionSnippets?.() ?? true) ? scaffoldsAt(result, offset) : undefined;
      if (!scaffolds) return null;
      return { isIncomplete: false, items: scaffolds.map((scaffold) => scaffoldItem(result, scaffold)) };
    }),
  );

  connection.onHover((params) =>
    withResult('Hover', params.textDocument.uri, (result) => {
      const hover = hoverAt(result, result.lines.offsetAt(params.position));
      return hover
        ? { contents: { kind: MarkupKind.Markdown, value: hover.markdown }, range: toRange(result, hover.range) }
        : null;
    }),
  );

  connection.onDocumentSymbol((params) =>
    withResult('Document symbols', params.textDocument.uri, (result): DocumentSymbol[] | SymbolInformation[] | null => {
      // One outline: where the editor has its own (VS Code's JSON one cannot be hidden per language), not ours too.
      if (result.format === 'json' && options.editorOutlinesJson?.()) return null;
      const { symbols } = outline(result, limit);
      const hierarchical = options.hierarchicalDocumentSymbols?.() ?? true;
      return hierarchical
        ? symbols.map((symbol) => documentSymbol(result, symbol))
        : flatten(result, params.textDocument.uri, symbols);
    }),
  );
}

/**
 * A declaration name. Its label is the scalar it writes (`"confirm"` in JSON, as the editor's own
 * JSON value suggestions label theirs) and its range starts at the opening quote, so both are scored
 * alike; among equals VS Code orders by label and then by kind, and Interface (what the outline calls
 * a declaration) comes before the Value kind of the editor's suggestions.
 */
function nameItem(result: CheckResult, completion: NameCompletion, labelDetails: boolean): CompletionItem {
  const range = toRange(result, completion.edit);
  const item: CompletionItem = {
    label: completion.label,
    kind: CompletionItemKind.Interface,
    detail: completion.detail,
    documentation: { kind: MarkupKind.Markdown, value: completion.documentation },
    sortText: completion.sortText,
    filterText: completion.label,
  };
  if (labelDetails) item.labelDetails = { description: completion.mode };
  if (completion.preselect) item.preselect = true;
  // Editors take only single-line replace ranges; a multi-line scalar gets plain insert text.
  if (range.start.line === range.end.line) item.textEdit = { range, newText: completion.edit.newText };
  else item.insertText = completion.edit.newText;
  return item;
}

function scaffoldItem(result: CheckResult, scaffold: ScaffoldCompletion): CompletionItem {
  const item: CompletionItem = {
    label: scaffold.label,
    kind: CompletionItemKind.Snippet,
    detail: scaffold.detail,
    sortText: scaffold.sortText,
    filterText: scaffold.filterText,
    insertTextFormat: InsertTextFormat.Snippet,
    insertTextMode: InsertTextMode.adjustIndentation,
    textEdit: { range: toRange(result, scaffold.edit), newText: scaffold.edit.newText },
  };
  if (scaffold.additionalEdits.length > 0) {
    item.additionalTextEdits = scaffold.additionalEdits.map((edit) => ({ range: toRange(result, edit), newText: edit.newText }));
  }
  if (scaffold.documentation !== undefined) item.documentation = { kind: MarkupKind.Markdown, value: scaffold.documentation };
  return item;
}

function documentSymbol(result: CheckResult, symbol: OutlineSymbol): DocumentSymbol {
  const converted: DocumentSymbol = {
    name: symbol.name,
    kind: SYMBOL_KINDS[symbol.kind],
    range: toRange(result, symbol.range),
    selectionRange: toRange(result, symbol.selection),
    children: symbol.children.map((child) => documentSymbol(result, child)),
  };
  if (symbol.detail !== undefined) converted.detail = symbol.detail;
  return converted;
}

function flatten(
  result: CheckResult,
  uri: string,
  symbols: OutlineSymbol[],
  containerName?: string,
  into: SymbolInformation[] = [],
): SymbolInformation[] {
  for (const symbol of symbols) {
    const information: SymbolInformation = {
      name: symbol.name,
      kind: SYMBOL_KINDS[symbol.kind],
      location: { uri, range: toRange(result, symbol.range) },
    };
    if (containerName !== undefined) information.containerName = containerName;
    into.push(information);
    flatten(result, uri, symbol.children, symbol.name, into);
  }
  return into;
}
