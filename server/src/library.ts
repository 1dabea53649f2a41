// The npm package's library entry (`import { checkDocument } from 'mcpdesc-lint'`): the checker as a
// function of text, without the LSP server or the CLI. Its declarations are what the package ships
// as types, so every type reachable from here must be the project's own: nothing from jsonc-parser,
// yaml or the LSP libraries, which are bundled, not installed.
import { applyEdits as applyCheckerEdits, checkDocument as runChecker, fixAll as runFixAll } from './checker';
import type { CheckOptions, Diagnostic, Fix, FormattingOptions, TextEdit } from './checker/types';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';

export type {
  CheckOptions,
  Diagnostic,
  DiagnosticData,
  DocumentFormat,
  Fix,
  FormattingOptions,
  Position,
  Range,
  Severity,
  TextEdit,
  ViolationKind,
} from './checker/types';
export { VIOLATION_KINDS } from './checker/types';
export {
  RULES,
  RULE_IDS,
  type RuleDescription,
  type RuleId,
  type SeverityName,
  type SeveritySetting,
} from '../../shared/src/rules';

export interface DocumentCheck {
  /** Sorted by position. Each links (codeDescription.href) to its rule's page shipped in the package. */
  readonly diagnostics: Diagnostic[];
  /** The quick-fixes of one of these diagnostics (matched by range and data.violation). */
  fixesFor(diagnostic: Pick<Diagnostic, 'range' | 'data'>, formatting?: FormattingOptions): Fix[];
}

export interface FixAllOutcome {
  /** The text with every preferred fix applied (re-checked round after round). */
  text: string;
  /** How many fixes were applied. */
  applied: number;
}

/** Checks one MCP Description document (JSON/JSONC by default; `format: 'yaml'` for YAML). */
export function checkDocument(text: string, options: CheckOptions = {}): DocumentCheck {
  const result = runChecker(text, withShippedDocs(options));
  return { diagnostics: result.diagnostics, fixesFor: (diagnostic, formatting) => result.fixesFor(diagnostic, formatting) };
}

/** Applies every preferred quick-fix, as `mcpdesc-lint --fix` does. */
export function fixAll(text: string, options: CheckOptions & { formatting?: FormattingOptions } = {}): FixAllOutcome {
  const { text: fixed, applied } = runFixAll(text, withShippedDocs(options));
  return { text: fixed, applied };
}

/** Applies non-overlapping edits (a Fix's) to a text. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  return applyCheckerEdits(text, edits);
}

function withShippedDocs<T extends CheckOptions>(options: T): T {
  return options.docsBaseUri === undefined ? { ...options, docsBaseUri: shippedDocsBaseUri() } : options;
}
