// The protocol side of declaration navigation: definition, references, prepareRename/rename,
// completion, hover, document symbols and document links. Each request becomes a NavigationRequest (plain data: the
// params and what the client supports), answered by answerNavigation on the check result of the
// document's current version, wherever that result is kept (this thread, or the document's worker:
// openChecks.ts): it asks the pure navigation module in offsets, and converts to LSP positions with
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
  type CompletionParams,
  type Connection,
  type DefinitionParams,
  type DocumentSymbol,
  type DocumentLink,
  type DocumentLinkParams,
  type DocumentSymbolParams,
  type HoverParams,
  type PrepareRenameParams,
  type Range,
  type ReferenceParams,
  type RenameParams,
  type ServerCapabilities,
  type SymbolInformation,
} from 'vscode-languageserver';
import type { CheckResult } from '../checker';
import {
  completionAt,
  definitionAt,
  documentLinks,
  hoverAt,
  outline,
  prepareRenameAt,
  referencesAt,
  renameAt,
  scaffoldsAt,
  objectScaffoldsAt,
  exampleScaffoldsAt,
  schemaCompletionAt,
  DEFAULT_OUTLINE_LIMIT,
  type NameCompletion,
  type OffsetRange,
  type ScaffoldCompletion,
  type OutlineKind,
  type OutlineSymbol,
} from '../checker/navigation';
import { schemaCompletionItem } from './schemaCompletionItems';

/** One navigation request, as plain data: what the client asked and what it supports. */
export type NavigationRequest =
  | { feature: 'definition'; params: DefinitionParams }
  | { feature: 'references'; params: ReferenceParams }
  | { feature: 'prepareRename'; params: PrepareRenameParams }
  | { feature: 'rename'; params: RenameParams }
  | {
      feature: 'completion';
      params: CompletionParams;
      /** Whether the client shows `labelDetails` (LSP 3.17); the mode then sits next to the name. */
      labelDetails: boolean;
      /** Whether the client takes snippets (the scaffolds of steps and declarations are snippets). */
      snippets: boolean;
    }
  | { feature: 'hover'; params: HoverParams }
  | { feature: 'documentLink'; params: DocumentLinkParams }
  | {
      feature: 'documentSymbol';
      params: DocumentSymbolParams;
      /** Whether the client takes DocumentSymbol trees (otherwise it gets flat SymbolInformation). */
      hierarchical: boolean;
      /** Whether the editor outlines JSON and JSONC documents itself: document symbols then only for YAML. */
      editorOutlinesJson: boolean;
      outlineLimit: number;
    };

export type NavigationFeature = NavigationRequest['feature'];

/** What the server names each feature in its log. */
const FEATURE_NAMES: Record<NavigationFeature, string> = {
  definition: 'Go to definition',
  references: 'Find references',
  prepareRename: 'Prepare rename',
  rename: 'Rename',
  completion: 'Completion',
  hover: 'Hover',
  documentSymbol: 'Document symbols',
  documentLink: 'Document links',
};

/**
 * Answers a navigation request on the document's check result; what the protocol takes for it (null
 * when there is nothing at that position). A rename that cannot be done throws its ResponseError.
 */
export function answerNavigation(request: NavigationRequest, result: CheckResult): unknown {
  const uri = request.params.textDocument.uri;
  switch (request.feature) {
    case 'definition': {
      const target = definitionAt(result, result.lines.offsetAt(request.params.position));
      return target ? { uri, range: toRange(result, target) } : null;
    }
    case 'references': {
      const { params } = request;
      const ranges = referencesAt(result, result.lines.offsetAt(params.position), params.context.includeDeclaration);
      return ranges ? ranges.map((range) => ({ uri, range: toRange(result, range) })) : null;
    }
    case 'prepareRename': {
      const prepared = prepareRenameAt(result, result.lines.offsetAt(request.params.position));
      return prepared ? { range: toRange(result, prepared.range), placeholder: prepared.placeholder } : null;
    }
    case 'rename': {
      const renamed = renameAt(result, result.lines.offsetAt(request.params.position), request.params.newName);
      if (!renamed) return null;
      if (!renamed.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, renamed.message);
      const edits = renamed.edits.map((edit) => ({ range: toRange(result, edit), newText: edit.newText }));
      return { changes: { [uri]: edits } };
    }
    case 'completion': {
      const offset = result.lines.offsetAt(request.params.position);
      const completions = completionAt(result, offset);
      if (completions)
        return {
          isIncomplete: false,
          items: completions.map((completion) => nameItem(result, completion, request.labelDetails)),
        };
      const scaffolds = request.snippets
        ? (scaffoldsAt(result, offset) ?? objectScaffoldsAt(result, offset) ?? exampleScaffoldsAt(result, offset))
        : undefined;
      const fromSchema = schemaCompletionAt(result, offset);
      if (!scaffolds && !fromSchema) return null;
      return {
        isIncomplete: false,
        items: [
          ...(scaffolds ?? []).map((scaffold) => scaffoldItem(result, scaffold)),
          ...(fromSchema ?? []).map((completion) => schemaCompletionItem(result, completion, request.snippets)),
        ],
      };
    }
    case 'hover': {
      const hover = hoverAt(result, result.lines.offsetAt(request.params.position));
      return hover
        ? { contents: { kind: MarkupKind.Markdown, value: hover.markdown }, range: toRange(result, hover.range) }
        : null;
    }
    case 'documentLink':
      return documentLinks(result).map((link): DocumentLink => ({
        range: toRange(result, link.range),
        target: positionUri(uri, result.lines.positionAt(link.target.offset)),
        tooltip: link.tooltip,
      }));
    case 'documentSymbol': {
      // One outline: where the editor has its own (VS Code's JSON one cannot be hidden per language), not ours too.
      if (result.format === 'json' && request.editorOutlinesJson) return null;
      const { symbols } = outline(result, request.outlineLimit);
      return request.hierarchical
        ? symbols.map((symbol): DocumentSymbol => documentSymbol(result, symbol))
        : flatten(result, uri, symbols);
    }
  }
}

/**
 * Answers a navigation request where the document's check is kept; undefined when the document is
 * not checked. A ResponseError is the client's answer; anything else thrown is logged by the caller.
 */
export type NavigationAsk = (request: NavigationRequest) => Promise<unknown>;

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
    // `:` asks for a member's values (`"type":`).
    completionProvider: { triggerCharacters: ['"', "'", '{', ':'], resolveProvider: false },
    hoverProvider: true,
    documentSymbolProvider: { label: 'MCP description' },
    documentLinkProvider: { resolveProvider: false },
    workspaceSymbolProvider: true,
  };
}

/**
 * A position in the document as a link target: the URI with a `#L<line>,<column>` fragment (1-based),
 * which VS Code opens at that place (its JSON support links local `$ref`s the same way).
 */
function positionUri(uri: string, position: { line: number; character: number }): string {
  return `${uri.replace(/#.*$/, '')}#L${position.line + 1},${position.character + 1}`;
}

const SYMBOL_KINDS: Record<OutlineKind, SymbolKind> = {
  tool: SymbolKind.Function,
  group: SymbolKind.Namespace,
  declaration: SymbolKind.Interface,
  example: SymbolKind.Object,
  step: SymbolKind.Event,
  notice: SymbolKind.Null,
  section: SymbolKind.Module,
  transport: SymbolKind.Constructor,
  resource: SymbolKind.File,
  prompt: SymbolKind.String,
  component: SymbolKind.Class,
};

function toRange(result: CheckResult, range: OffsetRange): Range {
  return result.lines.rangeOf(range.offset, range.length);
}

export function registerNavigationHandlers(connection: Connection, ask: NavigationAsk, options: NavigationOptions = {}): void {
  const log = options.log ?? ((message: string) => connection.console.error(message));
  const limit = options.outlineLimit ?? DEFAULT_OUTLINE_LIMIT;

  /** Asks where the check is kept; a document that is not checked, or a failure, answers null. */
  async function answer<T>(request: NavigationRequest): Promise<T | null> {
    try {
      return ((await ask(request)) ?? null) as T | null;
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      const uri = request.params.textDocument.uri;
      log(
        `${FEATURE_NAMES[request.feature]} on ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return null;
    }
  }

  connection.onDefinition((params) => answer({ feature: 'definition', params }));
  connection.onReferences((params) => answer({ feature: 'references', params }));
  connection.onPrepareRename((params) => answer({ feature: 'prepareRename', params }));
  connection.onRenameRequest((params) => answer({ feature: 'rename', params }));
  connection.onCompletion((params) =>
    answer({
      feature: 'completion',
      params,
      labelDetails: options.completionLabelDetails?.() ?? false,
      snippets: options.completionSnippets?.() ?? true,
    }),
  );
  connection.onHover((params) => answer({ feature: 'hover', params }));
  connection.onDocumentLinks((params) => answer<DocumentLink[]>({ feature: 'documentLink', params }));
  connection.onDocumentSymbol((params) =>
    answer<DocumentSymbol[] | SymbolInformation[]>({
      feature: 'documentSymbol',
      params,
      hierarchical: options.hierarchicalDocumentSymbols?.() ?? true,
      editorOutlinesJson: options.editorOutlinesJson?.() ?? false,
      outlineLimit: limit,
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
