// What is asked of an open document's last check: its code actions, navigation, the fix-all
// command's edits, and what the status item shows of it. Each query is plain data, and so is its
// answer: it is answered where the check is kept (on this thread, or in the document's worker: see
// openChecks.ts), so a check's trees, models and compiled schemas never cross a thread, and the
// protocol side sends only what the query names.
import type { CodeAction, CodeActionParams, TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fixAll, type FormattingOptions } from '../checker';
import { fileSymbols, type FileSymbol } from '../checker/navigation';
import { documentFormat } from '../host/documentPolicy';
import { fixAllAction, menuActions, quickFixActions, type MenuOptions } from './codeActions';
import { checkFactsOf, type CheckFacts } from './checkFacts';
import { answerNavigation, type NavigationRequest } from './navigationHandlers';
import type { CachedCheck } from './openDocument';

export type DocumentQuery =
  | { kind: 'codeActions'; params: CodeActionParams; formatting?: FormattingOptions; menu: MenuOptions }
  | { kind: 'navigation'; request: NavigationRequest }
  /** The edits of "Fix all in file" (the command; the code action is one of `codeActions`). */
  | { kind: 'fixAll'; formatting?: FormattingOptions }
  /** What the status item shows of the check: see documentStatus.ts. */
  | { kind: 'status' }
  /** The document's tools and components, for workspace symbols (workspaceSymbols.ts). */
  | { kind: 'symbols' };

export type QueryKind = DocumentQuery['kind'];
export type QueryOf<K extends QueryKind> = Extract<DocumentQuery, { kind: K }>;

export interface FixAllEdits {
  applied: number;
  edits: TextEdit[];
}

export interface QueryAnswers {
  codeActions: CodeAction[];
  /** What the protocol takes for the navigation request (null: nothing there). */
  navigation: unknown;
  fixAll: FixAllEdits;
  status: CheckFacts;
  symbols: FileSymbol[];
}

/** Answers `query` on `check`, the check of `document`'s current version. */
export function answerQuery<K extends QueryKind>(query: QueryOf<K>, check: CachedCheck, document: TextDocument): QueryAnswers[K] {
  const answer = answerAny(query, check, document);
  return answer as QueryAnswers[K];
}

function answerAny(query: DocumentQuery, check: CachedCheck, document: TextDocument): QueryAnswers[QueryKind] {
  switch (query.kind) {
    case 'codeActions': {
      const actions = quickFixActions(query.params, check, query.formatting);
      const fixAllInFile = fixAllAction(query.params, document, check, query.formatting);
      if (fixAllInFile) actions.push(fixAllInFile);
      actions.push(...menuActions(query.params, check, query.menu));
      return actions;
    }
    case 'navigation':
      return answerNavigation(query.request, check.result);
    case 'fixAll': {
      if (check.result.diagnostics.length === 0) return { applied: 0, edits: [] };
      const fixed = fixAll(document.getText(), {
        rules: check.settings.rules,
        format: documentFormat(document.uri, document.languageId),
        formatting: query.formatting,
        lastCheck: check.result,
      });
      return { applied: fixed.applied, edits: fixed.edits };
    }
    case 'status':
      return checkFactsOf(check);
    case 'symbols':
      return fileSymbols(check.result);
  }
}
