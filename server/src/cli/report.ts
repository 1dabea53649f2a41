// What a run produced, as the formatters receive it.
import type { AnchoredDiagnostic } from './findingAnchor';

export interface FileReport {
  absolutePath: string;
  /** Relative to the current directory, '/'-separated. */
  displayPath: string;
  /** Sorted by position; may be empty (a clean file). Anchored for SARIF's fingerprints. */
  diagnostics: AnchoredDiagnostic[];
  /** How many of them have a preferred fix, which --fix would apply (0 after --fix). */
  fixable?: number;
}

export interface RunReport {
  /** The directory paths are shown relative to (SARIF's %SRCROOT%). */
  cwd: string;
  files: FileReport[];
  /** Files that could not be read or checked, as shown on stderr. */
  failures: string[];
  toolVersion: string;
}
