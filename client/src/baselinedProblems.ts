// "MCP Description: Show Baselined Problems": the errors the bulk suppressions file baselines, which
// the editor shows as information (or not at all: mcpdesc.bulkSuppressions.severity), in a quick pick
// that opens each at its place. The server knows them (it matched them); this only shows them.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { BASELINED_PROBLEMS_REQUEST, type BaselinedProblem, type BaselinedProblems } from '../../shared/src/constants';

interface ProblemItem extends vscode.QuickPickItem {
  problem: BaselinedProblem;
}

export async function showBaselinedProblems(client: BaseLanguageClient): Promise<void> {
  const { problems, files } = await client.sendRequest<BaselinedProblems>(BASELINED_PROBLEMS_REQUEST, {});
  if (problems.length === 0) {
    const where =
      files.length > 0 ? files.map((file) => vscode.workspace.asRelativePath(file)).join(', ') : 'mcpdesc-lint-suppressions.json';
    void vscode.window.showInformationMessage(`No baselined problems in the documents checked (suppressions file: ${where}).`);
    return;
  }
  const items: ProblemItem[] = problems.map((problem) => ({
    label: problem.message,
    description: `${vscode.workspace.asRelativePath(vscode.Uri.parse(problem.uri))}:${problem.range.start.line + 1}:${problem.range.start.character + 1}`,
    detail: `${problem.code}/${problem.violation}`,
    problem,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: `${problems.length} baselined problem${problems.length === 1 ? '' : 's'} (mcpdesc-lint --prune-suppressions drops the fixed ones)`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return;
  const { start, end } = picked.problem.range;
  await vscode.window.showTextDocument(vscode.Uri.parse(picked.problem.uri), {
    selection: new vscode.Range(start.line, start.character, end.line, end.character),
  });
}
