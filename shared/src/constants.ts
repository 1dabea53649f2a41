// What the client, the server and the CLI must agree on: identifiers that appear in settings,
// diagnostics and commands. Changing one here changes it everywhere.

export const DIAGNOSTIC_SOURCE = 'mcpdesc';

export const ELICITATION_RULE_ID = 'mcpdesc.tool.interaction.elicitation-consistency';
/** Syntax errors get their own code so they can be told apart from (and configured unlike) the rule. */
export const SYNTAX_RULE_ID = 'mcpdesc.syntax';
/** A document the checker skipped or could not finish (too large, too deep, internal error). */
export const CHECKER_RULE_ID = 'mcpdesc.checker';

export const RULE_IDS = [ELICITATION_RULE_ID, SYNTAX_RULE_ID, CHECKER_RULE_ID] as const;
export type RuleId = (typeof RULE_IDS)[number];

export const DOCS_BASE_URL = 'https://github.com/mcpdesc/mcpdesc-lsp/blob/main/docs/rules/';
export const RULE_DOCS: Record<RuleId, string> = {
  [ELICITATION_RULE_ID]: `${DOCS_BASE_URL}elicitation-consistency.md`,
  [SYNTAX_RULE_ID]: `${DOCS_BASE_URL}syntax.md`,
  [CHECKER_RULE_ID]: `${DOCS_BASE_URL}checker.md`,
};

export const FIX_ALL_CODE_ACTION_KIND = 'source.fixAll.mcpdesc';

export const COMMANDS = {
  restartServer: 'mcpdesc.restartServer',
  showOutput: 'mcpdesc.showOutput',
  fixAllInFile: 'mcpdesc.fixAllInFile',
  checkWorkspace: 'mcpdesc.checkWorkspace',
} as const;

/** Server-side command behind "Fix All Problems in File" (workspace/executeCommand). */
export const SERVER_COMMANDS = {
  fixAll: 'mcpdesc.server.fixAll',
  checkWorkspace: 'mcpdesc.server.checkWorkspace',
} as const;

/** Server -> client notification: whether checks are queued or running (drives the language status item). */
export const STATUS_NOTIFICATION = 'mcpdesc/status';
export interface ServerStatus {
  /** True while any check is queued or running; false once the server is idle again. */
  checking: boolean;
  /** How many documents (open or on disk) the server checked and shows diagnostics for, when idle. */
  documents?: number;
}

/**
 * Client -> server notification: the editor's own FormattingOptions for a document (VS Code's per-editor
 * tabSize/insertSpaces, after indentation detection). Code action requests carry none, so the server
 * remembers these per open document and lets the checker infer the indentation when none were sent.
 */
export const FORMATTING_OPTIONS_NOTIFICATION = 'mcpdesc/formattingOptions';
export interface FormattingOptionsParams {
  uri: string;
  options: { tabSize: number; insertSpaces: boolean };
}
