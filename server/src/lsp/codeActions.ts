// Code actions are the checker's fixes wrapped for the protocol: one quickfix per fix, tied to the
// diagnostic it fixes, and the fix-all source action. Nothing here decides what a fix does.
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DIAGNOSTIC_SOURCE, FIX_ALL_CODE_ACTION_KIND, SERVER_COMMANDS } from '../../../shared/src/constants';
import { fixAll, type DiagnosticData, type FormattingOptions } from '../checker';
import { documentFormat } from '../host/documentPolicy';
import type { CachedCheck } from './openDocument';

export const FIX_ALL_TITLE = 'Fix all MCP description problems';
export const FIX_ALL_AUTO_FIXABLE_TITLE = 'Fix all auto-fixable problems';

/** LSP kinds are hierarchical: `source` asks for `source.fixAll.mcpdesc` too. */
function isRequested(kind: string, only: string[] | undefined): boolean {
  if (!only) return true;
  return only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

function isOurDiagnostic(diagnostic: Diagnostic): diagnostic is Diagnostic & { data: DiagnosticData } {
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  return (
    diagnostic.source === DIAGNOSTIC_SOURCE && typeof data === 'object' && data !== null && typeof data.violation === 'string'
  );
}

export function quickFixActions(
  params: CodeActionParams,
  check: CachedCheck,
  formatting: FormattingOptions | undefined,
): CodeAction[] {
  if (!isRequested(CodeActionKind.QuickFix, params.context.only)) return [];
  const actions: CodeAction[] = [];
  for (const diagnostic of params.context.diagnostics) {
    if (!isOurDiagnostic(diagnostic)) continue;
    for (const fix of check.result.fixesFor(diagnostic, formatting)) {
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: fix.isPreferred,
        edit: { changes: { [params.textDocument.uri]: fix.edits } },
      });
    }
  }
  return actions;
}

/**
 * The fix-all action, when asked for: explicitly (`only` contains it or a parent kind, as
 * `editor.codeActionsOnSave` does) or, without `only`, when the request is about one of our
 * diagnostics (clients that show every action at once, such as Neovim, then offer it too).
 */
export function fixAllAction(
  params: CodeActionParams,
  document: TextDocument,
  check: CachedCheck,
  formatting: FormattingOptions | undefined,
): CodeAction | undefined {
  const only = params.context.only;
  if (only) {
    if (!isRequested(FIX_ALL_CODE_ACTION_KIND, only)) return undefined;
  } else if (!params.context.diagnostics.some(isOurDiagnostic)) {
    return undefined;
  }
  if (check.result.diagnostics.length === 0) return undefined;
  const fixed = fixAll(document.getText(), {
    rules: check.settings.rules,
    format: documentFormat(document.uri, document.languageId),
    formatting,
    lastCheck: check.result,
  });
  if (fixed.applied === 0 || fixed.edits.length === 0) return undefined;
  return {
    title: FIX_ALL_TITLE,
    kind: FIX_ALL_CODE_ACTION_KIND,
    edit: { changes: { [params.textDocument.uri]: fixed.edits } },
  };
}

/**
 * The entries vscode-eslint users look for in the quick-fix menu, after the fixes: "Fix all
 * auto-fixable problems" (when the document has more than the one problem at hand; it runs the
 * fix-all command, so nothing is computed until it is chosen) and "Show documentation for <rule>"
 * per rule among the diagnostics at hand. Both only when the client asks for them (its
 * initializationOptions): the second needs a client command, and other clients list every action.
 */
export interface MenuOptions {
  fixAll: boolean;
  documentationCommand?: string;
}

export function menuActions(params: CodeActionParams, check: CachedCheck, options: MenuOptions): CodeAction[] {
  if (!isRequested(CodeActionKind.QuickFix, params.context.only)) return [];
  const ours = params.context.diagnostics.filter(isOurDiagnostic);
  if (ours.length === 0) return [];
  const actions: CodeAction[] = [];
  if (options.fixAll && check.result.diagnostics.length > 1) {
    actions.push({
      title: FIX_ALL_AUTO_FIXABLE_TITLE,
      kind: CodeActionKind.QuickFix,
      command: { title: FIX_ALL_AUTO_FIXABLE_TITLE, command: SERVER_COMMANDS.fixAll, arguments: [params.textDocument.uri] },
    });
  }
  const documentationCommand = options.documentationCommand;
  if (documentationCommand) {
    const pages = new Map<string, string>();
    for (const diagnostic of ours) {
      const href = diagnostic.codeDescription?.href;
      if (href && diagnostic.code !== undefined && !pages.has(String(diagnostic.code))) pages.set(String(diagnostic.code), href);
    }
    for (const [rule, href] of pages) {
      const title = `Show documentation for ${rule}`;
      actions.push({
        title,
        kind: CodeActionKind.QuickFix,
        command: { title, command: documentationCommand, arguments: [href] },
      });
    }
  }
  return actions;
}
