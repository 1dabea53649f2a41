// What every offered fix must respect on any input: its edits lie inside the document, do not
// overlap, and applying them to a text that parsed gives a text that still parses (JSONC allowed).
import { parseTree, type ParseError } from 'jsonc-parser';
import { parseAllDocuments } from 'yaml';
import { applyEdits, fixAll, type CheckResult, type DocumentFormat, type FormattingOptions } from '../../../server/src/checker';
import { lineLengths, lineStarts, rangeProblem } from './positions';
import { elicitationOnly } from '../../support/ruleScope';

/** Whether `text` parses without errors as `format` (JSON allows JSONC; YAML, every document of the stream). */
export function parsesAs(text: string, format: DocumentFormat): boolean {
  if (format === 'json') return parsesCleanly(text);
  try {
    return parseAllDocuments(text).every((document) => 'errors' in document && document.errors.length === 0);
  } catch {
    return false;
  }
}

export function parsesCleanly(text: string): boolean {
  const errors: ParseError[] = [];
  try {
    parseTree(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text, errors, {
      allowTrailingComma: true,
      disallowComments: false,
      allowEmptyContent: true,
    });
  } catch {
    // jsonc-parser recurses: 20,000 levels overflow its stack. Such a text does not count as parsing.
    return false;
  }
  return errors.length === 0;
}

export interface FixCheckOptions {
  /** The diagnostics whose fixes are checked (default: all of the result's). */
  diagnostics?: CheckResult['diagnostics'];
  formatting?: FormattingOptions;
  /** Also run fix-all on the text (default true). */
  fixAll?: boolean;
  /** The syntax of the text (default json). */
  format?: DocumentFormat;
}

/** Problems with the fixes offered for the diagnostics of `result` and with fix-all, described. */
export function fixProblems(result: CheckResult, options: FixCheckOptions = {}): string[] {
  const { formatting } = options;
  const format = options.format ?? 'json';
  const problems: string[] = [];
  const parsedBefore = parsesAs(result.text, format);
  const lengths = lineLengths(result.text);
  const starts = lineStarts(result.text);
  for (const diagnostic of options.diagnostics ?? result.diagnostics) {
    for (const fix of result.fixesFor(diagnostic, formatting)) {
      const where = `fix '${fix.title.slice(0, 80)}' for ${diagnostic.data.violation}`;
      const outside = fix.edits
        .map((edit) => rangeProblem(result.text, edit.range, lengths, starts))
        .filter((problem) => problem !== undefined);
      if (outside.length > 0) {
        problems.push(`${where}: edit outside the document: ${outside.join('; ')}`);
        continue;
      }
      let after: string;
      try {
        after = applyEdits(result.text, fix.edits);
      } catch (error) {
        problems.push(`${where}: edits cannot be applied: ${String(error)}`);
        continue;
      }
      if (parsedBefore && !parsesAs(after, format)) problems.push(`${where}: result no longer parses`);
    }
  }
  if (options.fixAll === false) return problems;
  const all = fixAll(result.text, elicitationOnly({ format, ...(formatting ? { formatting } : {}) }));
  if (parsedBefore && !parsesAs(all.text, format)) problems.push('fix-all: result no longer parses');
  if (applyEdits(result.text, all.edits) !== all.text) problems.push('fix-all: its edits do not produce its text');
  return problems;
}
