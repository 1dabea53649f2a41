// How an editor inserts a scaffold completion, for the snippet tests: every tab stop at its default
// (a choice: its first option), later lines indented as the line it starts on (insertTextMode
// adjustIndentation), the additional edits applied with it.
import { checkDocument } from '../../server/src/checker';
import type { ScaffoldCompletion } from '../../server/src/checker/navigation';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';

/** The text a snippet inserts when every tab stop keeps its default. */
export function expandSnippet(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|((?:[^,|\\]|\\.)*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:((?:[^}\\]|\\.)*)\}/g, '$1')
    .replace(/\\([$}\\,|])/g, '$1');
}

/** `text` with `item` inserted as an editor does. */
export function insertScaffold(text: string, item: ScaffoldCompletion): string {
  const lineStart = text.lastIndexOf('\n', item.edit.offset - 1) + 1;
  const indentation = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const newText = expandSnippet(item.edit.newText).replace(/\n/g, `\n${indentation}`);
  return applyOffsetEdits(text, [{ ...item.edit, newText }, ...item.additionalEdits]);
}

/** Every problem of `text` with every rule on (the default), as `code: message`: an inserted snippet must add none. */
export function problemsOf(text: string, format: 'json' | 'yaml'): string[] {
  return checkDocument(text, { format }).diagnostics.map((d) => `${String(d.code)}: ${d.message}`);
}
