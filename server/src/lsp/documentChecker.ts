// One document's check, from text to diagnostics, with everything the server (not the checker)
// decides: whether the document is checked at all (enabled? an mcpdesc document?), with which
// options, and what an exception turns into. No connection here, so the workspace scan can reuse it
// for files on disk.
import { checkDocument, isMcpdescDocument, type CheckResult, type Diagnostic, type DocumentFormat } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';
import { describeError, internalErrorDiagnostics } from './internalErrorDiagnostic';
import { throwIfTestFault } from './testFaultHook';

export interface CheckInput {
  uri: string;
  text: string;
  /** The path the recognition rule sees (see WorkspaceFolders.recognitionPath). */
  path: string;
  /** The editor's language id, when the document is open. */
  languageId?: string;
}

export type CheckOutcome =
  /** Disabled by settings, or not an mcpdesc document: it must show no diagnostics from us. */
  | { kind: 'skipped' }
  | { kind: 'checked'; result: CheckResult }
  | { kind: 'failed'; diagnostics: Diagnostic[]; error: string };

export function documentFormat(path: string, languageId?: string): DocumentFormat {
  if (languageId === 'yaml' || /\.ya?ml$/i.test(path)) return 'yaml';
  return 'json';
}

export function checkTextDocument(input: CheckInput, settings: McpdescSettings): CheckOutcome {
  if (!settings.enable) return { kind: 'skipped' };
  try {
    const recognized = isMcpdescDocument({
      path: input.path,
      text: input.text,
      include: settings.files.include,
      exclude: settings.files.exclude,
    });
    if (!recognized) return { kind: 'skipped' };
    throwIfTestFault(input.uri);
    const result = checkDocument(input.text, { rules: settings.rules, format: documentFormat(input.path, input.languageId) });
    return { kind: 'checked', result };
  } catch (error) {
    return { kind: 'failed', diagnostics: internalErrorDiagnostics(error, settings.rules), error: describeError(error) };
  }
}
