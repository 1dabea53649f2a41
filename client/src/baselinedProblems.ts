// "MCP Description: Show Baselined Problems": the errors the bulk suppressions file baselines, which
// the editor shows as information (or not at all: mcpdesc.bulkSuppressions.severity), in a quick pick
// that opens each at its place. The server knows them (it matched them); this only shows them.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { BASELINED_PROBLEMS_REQUEST, type BaselinedProblem, type BaselinedProblems } from '../../shared/src/constants';
import { shownText } from './shownText';

/** Characters of a problem's message, location and code a quick pick row shows. */
const SHOWN_CHARS = 300;

interface ProblemItem extends vscode.QuickPickItem {
  problem: BaselinedProblem;
}

export async function showBaselinedProblems(client: BaseLanguageClient): Promise<void> {
  const { problems, omitted, files } = await client.sendRequest<BaselinedProblems>(BASELINED_PROBLEMS_REQUEST, {});
  if (problems.length === 0) {
    const where =
      files.length > 0 ? files.map((file) => vscode.workspace.asRelativePath(file)).join(', ') : 'mcpdesc-lint-suppressions.json';
    void vscode.window.showInformationMessage(`No baselined problems in the documents checked (suppressions file: ${where}).`);
    return;
  }
  // A quick pick draws `$(name)` as an icon: what the documents wrote is shown as text (shownText.ts).
  const items: ProblemItem[] = problems.map((problem) => ({
    label: shownText(problem.message, SHOWN_CHARS),
    description: shownText(
      `${vscode.workspace.asRelativePath(vscode.Uri.parse(problem.uri))}:${problem.range.start.line + 1}:${problem.range.start.character + 1}`,
      SHOWN_CHARS,
    ),
    detail: shownText(`${problem.code}/${problem.violation}`, SHOWN_CHARS),
    problem,
  }));
  const count = problems.length + (omitted ?? 0);
  const listed = omitted ? `, the first ${problems.length} listed` : '';
  const picked = await vscode.window.showQuickPick(items, {
    title: `${count} baselined problem${count === 1 ? '' : 's'}${listed} (mcpdesc-lint --prune-suppressions drops the fixed ones)`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return;
  const { start, end } = picked.problem.range;
  await vscode.window.showTextDocument(vscode.Uri.parse(picked.problem.uri), {
    selection: new vscode.Range(start.line, start.character, end.line, end.character),
  });
}
