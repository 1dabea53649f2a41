// The checker's public face: text in, diagnostics and fixes out. Nothing here knows about LSP
// connections, VS Code or the file system; the server and the CLI are thin fronts on these calls.
import { runCheck, schemaCache } from './check';
import { LineIndex } from './syntax/lineIndex';
import { applyOffsetEdits } from './syntax/textEdits';
import type { CheckResult } from './checkResult';
import type { CheckOptions, TextEdit } from './types';

export * from './types';
export { LineIndex } from './syntax/lineIndex';
export type { SyntaxNode } from './syntax/tree';
export { fixAll, fixAllWithCheck, type FixAllResult } from './fixes/fixAll';
export { IncrementalDocument, changeBetween, composeChanges, type ChangeSpan } from './incremental';
export { isMcpdescDocument, isExcludedPath, hasMcpdescRoot, formatOfPath, type RecognitionInput } from './recognition/recognize';
export { checkerNotice, internalErrorNotice, type CheckerViolation } from './rules/checkerNotices';
export { MAX_TAB_SIZE, usableFormatting } from './syntax/layout';

export type { CheckResult } from './checkResult';

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
export { commentsAllowedIn, matchesGlob } from './recognition/recognize';
export {
  MAX_GLOB_LENGTH,
  MAX_GLOB_NESTING,
  MAX_GLOBS_TOTAL_LENGTH,
  recognitionGlob,
  shellGlob,
  usableGlobs,
} from './recognition/globMatcher';
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
export { FILE_DIRECTIVE, NEXT_LINE_DIRECTIVE } from './rules/suppressions';
