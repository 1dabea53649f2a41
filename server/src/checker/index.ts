// The checker's public face: text in, diagnostics and fixes out. Nothing here knows about LSP
// connections, VS Code or the file system; the server and the CLI are thin fronts on these calls.
import { runCheck, schemaCache } from './check';
// The YAML backend registers itself with the checker's syntax backends.
import './yaml/register';
import { LineIndex } from './lineIndex';
import { applyOffsetEdits } from './textEdits';
import type { SyntaxNode } from './tree';
import type { CheckOptions, Diagnostic, DocumentFormat, Fix, FormattingOptions, TextEdit } from './types';

export * from './types';
export { LineIndex } from './lineIndex';
export type { SyntaxNode } from './tree';
export { fixAll, type FixAllResult } from './fixAll';
export { IncrementalDocument, changeBetween, composeChanges, type ChangeSpan } from './incremental';
export { isMcpdescDocument, isExcludedPath, hasMcpdescRoot, formatOfPath, type RecognitionInput } from './recognize';
export { checkerNotice, internalErrorNotice, type CheckerViolation } from './checkerNotices';
export { MAX_TAB_SIZE, usableFormatting } from './fixes/layout';

export interface CheckResult {
  /** Sorted by position. */
  readonly diagnostics: Diagnostic[];
  /**
   * The quick-fixes for one diagnostic of this result, matched by `data.violation` and `range`
   * (a diagnostic the client sends back in a code action request matches as long as the text
   * has not changed since this result was computed). Computed on demand, not during the check.
   */
  fixesFor(diagnostic: Pick<Diagnostic, 'range' | 'data'>, formatting?: FormattingOptions): Fix[];
  /** How many of the diagnostics have a preferred fix (as fixesFor says), in one pass over them. */
  preferredFixCount(formatting?: FormattingOptions): number;
  /** The text checked, its line index and its parse (one root per document of the text). */
  readonly text: string;
  readonly lines: LineIndex;
  readonly roots: SyntaxNode[];
  readonly format: DocumentFormat;
}

export function checkDocument(text: string, options: CheckOptions = {}): CheckResult {
  return runCheck(text, options);
}

/**
 * Returns the memory of compiled schemas (ajv's generated code) to the process: for the server
 * when a document closes. Schemas still in use are compiled again when next needed.
 */
export function releaseCompiledSchemas(): void {
  schemaCache.releaseCompiledCode();
}

/** Applies non-overlapping LSP edits to a text (used by tests, the CLI's --fix and fix-all). */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = new LineIndex(text);
  return applyOffsetEdits(
    text,
    edits.map((edit) => {
      const offset = lines.offsetAt(edit.range.start);
      return { offset, length: lines.offsetAt(edit.range.end) - offset, newText: edit.newText };
    }),
  );
}
export { commentsAllowedIn, matchesGlob } from './recognize';
export {
  MAX_GLOB_LENGTH,
  MAX_GLOB_NESTING,
  MAX_GLOBS_TOTAL_LENGTH,
  recognitionGlob,
  shellGlob,
  usableGlobs,
} from './globMatcher';
export {
  CONFIG_FILE_NAMES,
  EMPTY_CONFIG,
  configDiagnostics,
  configFormatOf,
  isConfigFileName,
  parseProjectConfig,
  unusedConfigProblem,
  type ConfigOverride,
  type ConfigProblem,
  type ParsedProjectConfig,
  type ProjectConfig,
} from './config/projectConfig';
export { anchorGlob, layerGlobs, layerRules, type ConfigLayer } from './config/resolveConfig';
export { FILE_DIRECTIVE, NEXT_LINE_DIRECTIVE } from './suppressions';
