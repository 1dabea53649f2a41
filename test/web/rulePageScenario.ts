// One conversation with a server about the rule page's invalid example, the same whichever server
// and wherever it runs (the browser build in a real Chromium, the desktop build over stdio: see
// test-e2e/webWorker.ts): open it, take its diagnostics, ask for the quick-fixes of the first one,
// apply the preferred fix as the editor would and take the diagnostics of the fixed text.
import type { CodeAction, Command, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import type { LspSession } from './lspSession';

export interface RulePageObservations {
  diagnostics: Diagnostic[];
  quickFixes: Array<{ title: string; isPreferred: boolean; edits: TextEdit[] }>;
  textAfterFix: string;
  diagnosticsAfterFix: Diagnostic[];
}

function isCodeAction(action: CodeAction | Command): action is CodeAction {
  return 'edit' in action || 'kind' in action;
}

export async function rulePageScenario(session: LspSession, uri: string, text: string): Promise<RulePageObservations> {
  await session.open(uri, 'json', text);
  const diagnostics = await session.diagnostics(uri);
  const [first] = diagnostics;
  if (!first) throw new Error(`no diagnostics for ${uri}`);
  const actions = (await session.codeActions(uri, first.range, [first])).filter(isCodeAction);
  const quickFixes = actions
    .filter((action) => action.edit)
    .map((action) => ({
      title: action.title,
      isPreferred: action.isPreferred === true,
      edits: action.edit?.changes?.[uri] ?? [],
    }));
  const preferred = actions.find((action) => action.isPreferred && action.edit);
  if (!preferred?.edit) throw new Error(`no preferred fix among ${JSON.stringify(actions.map((action) => action.title))}`);
  session.applyWorkspaceEdit(preferred.edit);
  return { diagnostics, quickFixes, textAfterFix: session.text(uri), diagnosticsAfterFix: await session.diagnostics(uri) };
}
