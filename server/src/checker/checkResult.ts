// What a check of one document gives its callers (the server, the CLI, the library): the
// diagnostics, and the fixes of each on demand.
import type { LineIndex } from './syntax/lineIndex';
import type { SyntaxNode } from './syntax/tree';
import type { Diagnostic, DocumentFormat, Fix, FormattingOptions } from './types';

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
