// The CLI's bulk suppressions in the editor, as ESLint's extension shows them: an error the
// suppressions file baselines does not squiggle as an error; it is shown at the severity of the
// setting mcpdesc.bulkSuppressions.severity (information by default; off: not at all), its message
// saying it is baselined, and "Show Baselined Problems" lists them. Matching is the CLI's own
// (host/bulkSuppressions.ts: counts per document and kind, so moving lines changes nothing), on the
// file of each workspace folder (mcpdesc.bulkSuppressions.location), whose paths are relative to the
// folder: the CLI's, run at the folder's root. The file is read through the runtime (a browser's
// reads none) and kept until it changes on disk.
import { BASELINED_PROBLEMS_LIMITS, cutText, type BaselinedProblem, type BaselinedProblems } from '../../../shared/src/constants';
import { severityNumber } from '../../../shared/src/rules';
import type { McpdescSettings } from '../../../shared/src/settings';
import type { Diagnostic, DiagnosticData } from '../checker';
import { applyBaseline, type SuppressionCounts } from '../host/bulkSuppressions';
import type { SuppressionsReader } from './runtime';
import type { WorkspaceFolders } from './workspaceFolders';

export type BaselineSettings = McpdescSettings['bulkSuppressions'];

/** A baselined diagnostic as sent: its data says so (a client can tell it from an information of its own). */
type BaselinedDiagnostic = Diagnostic & { data: DiagnosticData & { baselined: true } };

export class BulkSuppressionsView {
  /** Per suppressions file (path): its counts, or undefined when there is none or it cannot be used. */
  private readonly files = new Map<string, SuppressionCounts | undefined>();
  /** Per document: what its last publish left out or lowered as baselined, as the check gave it. */
  private readonly baselined = new Map<string, Diagnostic[]>();

  constructor(
    private readonly folders: WorkspaceFolders,
    private readonly read: SuppressionsReader | undefined,
    private readonly log: (message: string) => void,
  ) {}

  /** The diagnostics to send for `uri`: its baselined errors lowered (or left out), the rest as they are. */
  apply(uri: string, diagnostics: Diagnostic[], settings: BaselineSettings | undefined): Diagnostic[] {
    this.baselined.delete(uri);
    if (!this.read || !settings?.enable) return diagnostics;
    const folder = this.folders.folderOf(uri);
    if (!folder) return diagnostics;
    const { paths } = this.folders;
    const folderPath = paths.uriToFsPath(folder.uri);
    const counts = this.countsOf(paths.resolve(folderPath, settings.location), folderPath);
    const entry = counts?.[this.folders.recognitionPath(uri)];
    if (!entry) return diagnostics;
    const outcome = applyBaseline(diagnostics, entry);
    if (outcome.baselined.length === 0) return diagnostics;
    this.baselined.set(uri, outcome.baselined);
    if (settings.severity === 'off') return outcome.shown;
    const baselined = new Set(outcome.baselined);
    const severity = severityNumber(settings.severity);
    return diagnostics.map((diagnostic): Diagnostic => {
      if (!baselined.has(diagnostic)) return diagnostic;
      const lowered: BaselinedDiagnostic = {
        ...diagnostic,
        severity,
        message: `${diagnostic.message} (baselined in ${paths.basename(settings.location)})`,
        data: { ...diagnostic.data, baselined: true },
      };
      return lowered;
    });
  }

  /** The document's diagnostics were cleared. */
  forget(uri: string): void {
    this.baselined.delete(uri);
  }

  /** Whether a file-system path is a suppressions file read (or the default's name): its change re-checks everything. */
  isSuppressionsFile(fsPath: string, defaultName: string): boolean {
    return this.files.has(fsPath) || this.folders.paths.basename(fsPath) === defaultName;
  }

  /** The files are read again on their next use. */
  invalidate(): void {
    this.files.clear();
  }

  /** What "Show Baselined Problems" lists: the first BASELINED_PROBLEMS_LIMITS of them, and how many more. */
  problems(): BaselinedProblems {
    const problems: BaselinedProblem[] = [];
    let omitted = 0;
    for (const [uri, diagnostics] of this.baselined)
      for (const diagnostic of diagnostics) {
        if (problems.length >= BASELINED_PROBLEMS_LIMITS.problems) {
          omitted++;
          continue;
        }
        problems.push({
          uri,
          range: diagnostic.range,
          message: cutText(diagnostic.message, BASELINED_PROBLEMS_LIMITS.messageChars),
          code: diagnostic.code,
          violation: diagnostic.data.violation,
        });
      }
    return { problems, ...(omitted > 0 && { omitted }), files: [...this.files.keys()] };
  }

  private countsOf(file: string, folderPath: string): SuppressionCounts | undefined {
    if (this.files.has(file)) return this.files.get(file);
    const read = this.read!(file, folderPath);
    if ('problem' in read) this.log(`The suppressions file ${file} cannot be used: ${read.problem}`);
    const counts = 'counts' in read ? read.counts : undefined;
    this.files.set(file, counts);
    return counts;
  }
}
