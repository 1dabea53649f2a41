// What the client, the server and the CLI must agree on: identifiers that appear in settings,
// diagnostics and commands. Changing one here changes it everywhere.
import type { SeveritySetting } from './rules';

export {
  CHECKER_RULE_ID,
  DECLARATION_RULE_ID,
  DIAGNOSTIC_SOURCE,
  ELICITATION_RULE_ID,
  RULE_IDS,
  SYNTAX_RULE_ID,
  type RuleId,
} from './rules';

export const FIX_ALL_CODE_ACTION_KIND = 'source.fixAll.mcpdesc';

export const COMMANDS = {
  restartServer: 'mcpdesc.restartServer',
  showOutput: 'mcpdesc.showOutput',
  fixAllInFile: 'mcpdesc.fixAllInFile',
  checkWorkspace: 'mcpdesc.checkWorkspace',
  /** Opens a rule's page; argument: its URI (from a "Show documentation" code action). */
  showRuleDocumentation: 'mcpdesc.showRuleDocumentation',
  /** Lists the problems the bulk suppressions file baselines (shown as information, or not at all). */
  showBaselinedProblems: 'mcpdesc.showBaselinedProblems',
} as const;

/** Client -> server request: the problems the bulk suppressions files baseline, in the documents checked. */
export const BASELINED_PROBLEMS_REQUEST = 'mcpdesc/baselinedProblems';
export interface BaselinedProblem {
  uri: string;
  /** LSP positions (zero-based line, UTF-16 character). */
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  code: string;
  violation: string;
}
export interface BaselinedProblems {
  /** At most BASELINED_PROBLEMS_LIMITS.problems, each message cut to BASELINED_PROBLEMS_LIMITS.messageChars. */
  problems: BaselinedProblem[];
  /** How many more there are than `problems` lists (absent when none). */
  omitted?: number;
  /** The suppressions files read (file-system paths): where to look when there are none. */
  files: string[];
}
/** What mcpdesc/baselinedProblems echoes at most, whatever the workspace holds: a quick pick's worth. */
export const BASELINED_PROBLEMS_LIMITS = { problems: 1000, messageChars: 500 } as const;

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

/**
 * The client's initializationOptions: what the editor already does itself, so that the server does
 * not do it a second time. `editorReportsJsonSyntax`: the editor reports syntax errors of the JSON
 * and JSONC documents it has open (VS Code's JSON language features do); the server then leaves
 * those to it unless the user set a severity for `mcpdesc.syntax` explicitly.
 */
export interface InitializationOptions {
  editorReportsJsonSyntax?: boolean;
  /**
   * The editor has a document outline of its own for JSON and JSONC documents (VS Code's JSON
   * language features do); the server then returns no document symbols for those, so that the
   * Outline, breadcrumbs and Go to Symbol show one outline, not two.
   */
  editorOutlinesJson?: boolean;
  /**
   * A command of the client's that opens a rule's documentation, given its page's URI (the
   * diagnostic's codeDescription.href): the server then offers "Show documentation for …" actions.
   */
  ruleDocumentationCommand?: string;
  /** Add "Fix all auto-fixable problems" to the quick-fix menu (as vscode-eslint does). */
  fixAllInQuickFixMenu?: boolean;
  /**
   * The browser's client only: the URI of the extension's docs/rules/ folder, which diagnostics link
   * to (a server in a web worker cannot find it from its own location, as the Node server does).
   */
  docsBaseUri?: string;
}

/**
 * Client -> server request: whether the server checks an open document and, if not, why (the status
 * item says so instead of showing the workspace's counts as if they were the file's).
 */
export const DOCUMENT_STATUS_REQUEST = 'mcpdesc/documentStatus';
export interface DocumentStatusParams {
  uri: string;
}
/** A rule that ran on a checked document: with the severity it had there and its page. */
export interface RuleRun {
  id: string;
  /** As configured: a severity for all of the rule's diagnostics, or 'on' (each kind at its default). */
  severity: Exclude<SeveritySetting, 'off'>;
  docsUri: string;
}
/**
 * What mcpdesc/documentStatus echoes of text a document or a workspace controls (its version
 * strings, an exclude glob) is cut to this much, whatever the document holds, so the answer stays
 * small however long the text; configuration file paths are listed whole (the client opens them),
 * the innermost ones.
 */
export const DOCUMENT_STATUS_LIMITS = {
  /** Characters of one string (a longer one keeps its first ones and ends with '…'). */
  chars: 120,
  /** Revisions listed (the others are counted). */
  revisions: 16,
  /** Configuration file paths listed (the innermost ones, which decide). */
  configFiles: 8,
} as const;

/** `text` cut to at most `maxChars` UTF-16 units, its end replaced with '…' when cut (never half a surrogate pair). */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars - 1);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

export type DocumentStatus =
  | {
      kind: 'checked';
      /**
       * The root `mcpdesc` member: the format version the document says it is written in (absent when
       * it has none, or not a string). Text of the document: at most DOCUMENT_STATUS_LIMITS.chars
       * characters, a longer one cut and ended with '…'.
       */
      formatVersion?: string;
      /**
       * The root `protocolVersions`: the MCP revisions the document is in scope for (absent when it
       * names none); at most DOCUMENT_STATUS_LIMITS.revisions of them, each shortened as `formatVersion` is.
       */
      revisions?: string[];
      /** How many more revisions the document names than `revisions` carries (absent when none). */
      revisionsOmitted?: number;
      /** The rules that ran on it (not off), in the order of the rule table. */
      rules: RuleRun[];
      /** How long the last check of its current text took, in milliseconds (absent when that check did not finish). */
      lastCheckMs?: number;
      /** The project configuration files that apply (absolute paths, outermost first). */
      configFiles: string[];
      /** Whether project configuration files are read at all (not in a browser: the settings alone apply). */
      configFilesRead: boolean;
    }
  /** A project configuration file (mcpdesc-lint.config.*): checked as one, not as a document. */
  | { kind: 'configuration' }
  /** `mcpdesc.enable` is off for it. */
  | { kind: 'disabled' }
  /** An exclude glob matches its path: `pattern`, from the settings or from the project configuration `files`. */
  | { kind: 'excluded'; pattern: string; from: 'settings' | 'configuration'; files?: string[] }
  /** Neither its name, nor an include glob, nor a root `mcpdesc` member make it an mcpdesc document. */
  | { kind: 'notMcpdesc' }
  /** An mcpdesc document over `mcpdesc.maxFileSizeMB`: not parsed. */
  | { kind: 'tooLarge'; sizeBytes: number; limitMB: number }
  /** The server has no such open document. */
  | { kind: 'notOpen' };

/**
 * Client -> server notification: the ranges of a document its editors show (all of its visible
 * editors', in document order). When a document has more problems than the editor keeps
 * (mcpdesc.maxProblemsPerFile), the server publishes those nearest these ranges first.
 */
export const VISIBLE_RANGES_NOTIFICATION = 'mcpdesc/visibleRanges';
export interface VisibleRangesParams {
  uri: string;
  /** Zero-based LSP ranges; empty when no editor shows the document any more. */
  ranges: Array<{ start: { line: number; character: number }; end: { line: number; character: number } }>;
}

/**
 * Server -> client request, from the server in a browser's web worker (which has no disk): the files
 * below a workspace folder, listed by the client with vscode.workspace.fs (virtual workspaces such as
 * github.dev's included). Folders named in `skipDirectoryNames` are not entered. The server picks the
 * candidates from the list.
 */
export const WORKSPACE_FILES_REQUEST = 'mcpdesc/workspaceFiles';
export interface WorkspaceFilesParams {
  folderUri: string;
  skipDirectoryNames: string[];
}
export interface WorkspaceFilesResult {
  uris: string[];
  /** Folders that could not be read, with why. */
  problems: Array<{ uri: string; message: string }>;
  /** The listing stopped at its limit (WORKSPACE_FILES_MAX): the files after it were not listed. */
  truncated: boolean;
}
/** The most files one listing returns: a huge repository opened in the browser is listed in part, not without end. */
export const WORKSPACE_FILES_MAX = 20000;

/**
 * Server -> client request, from the server in a browser: one file's text, read with
 * vscode.workspace.fs and decoded as VS Code opens it (UTF-8, invalid bytes as U+FFFD, no BOM).
 * A file over `maxBytes` answers only its first `headBytes`, for the root-member sniff.
 */
export const READ_FILE_REQUEST = 'mcpdesc/readFile';
export interface ReadFileParams {
  uri: string;
  maxBytes: number;
  headBytes: number;
}
export type ReadFileResult =
  | { kind: 'text'; text: string }
  | { kind: 'tooLarge'; head: string; sizeBytes: number }
  /** Gone, or not a file. */
  | { kind: 'missing' }
  | { kind: 'unreadable'; reason: string };
