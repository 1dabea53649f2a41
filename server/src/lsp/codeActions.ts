// Code actions are the checker's fixes wrapped for the protocol: one quickfix per fix, tied to the
// diagnostic it fixes, and the fix-all source action. Nothing here decides what a fix does.
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DIAGNOSTIC_SOURCE, FIX_ALL_CODE_ACTION_KIND } from '../../../shared/src/constants';
import { fixAll, type DiagnosticData, type FormattingOptions } from '../checker';
import { documentFormat } from './documentChecker';
import type { CachedCheck } from './documentStates';

export const FIX_ALL_TITLE = 'Fix all MCP description problems';

/** LSP kinds are hierarchical: `source` asks for `source.fixAll.mcpdesc` too. */
function isRequested(kind: string, only: string[] | undefined): boolean {
  if (!only) return true;
  return only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

function isOurDiagnostic(diagnostic: Diagnostic): diagnostic is Diagnostic & { data: DiagnosticData } {
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  return diagnostic.source === DIAGNOSTIC_SOURCE && typeof data === 'object' && data !== null && typeof data.violation === 'string';
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
  });
  if (fixed.applied === 0 || fixed.edits.length === 0) return undefined;
  return {
    title: FIX_ALL_TITLE,
    kind: FIX_ALL_CODE_ACTION_KIND,
    edit: { changes: { [params.textDocument.uri]: fixed.edits } },
  };
}
