// The format schema's completions (member names, values) as LSP completion items. Their text is
// snippet syntax; a client without snippets gets the same text with the tab stops taken out.
import {
  CompletionItemKind,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type CompletionItem,
  type Range,
} from 'vscode-languageserver';
import type { CheckResult } from '../checker';
import type { SchemaCompletion } from '../checker/navigation';

function toRange(result: CheckResult, range: { offset: number; length: number }): Range {
  return result.lines.rangeOf(range.offset, range.length);
}

/** Snippet text as plain text: a choice becomes its first option, a tab stop its default or nothing. */
export function plainSnippetText(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|((?:\\.|[^,|\\])*)[,|][^}]*\}/g, '$1')
    .replace(/\$\{\d+:((?:\\.|[^}\\])*)\}/g, '$1')
    .replace(/\$\d+/g, '')
    .replace(/\\([$}\\,|])/g, '$1');
}

export function schemaCompletionItem(result: CheckResult, completion: SchemaCompletion, snippets: boolean): CompletionItem {
  const range = toRange(result, completion.edit);
  const newText = snippets ? completion.edit.newText : plainSnippetText(completion.edit.newText);
  const item: CompletionItem = {
    label: completion.label,
    kind: completion.kind === 'member' ? CompletionItemKind.Property : CompletionItemKind.Value,
    sortText: completion.sortText,
    filterText: completion.filterText,
    insertTextFormat: snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    insertTextMode: InsertTextMode.adjustIndentation,
  };
  if (completion.detail) item.detail = completion.detail;
  if (completion.documentation) item.documentation = { kind: MarkupKind.Markdown, value: completion.documentation };
  // Editors take only single-line replace ranges.
  if (range.start.line === range.end.line) item.textEdit = { range, newText };
  else item.insertText = newText;
  if (completion.additionalEdits.length > 0)
    item.additionalTextEdits = completion.additionalEdits.map((edit) => ({
      range: toRange(result, edit),
      newText: edit.newText,
    }));
  return item;
}
