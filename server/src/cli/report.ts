// What a run produced, as the formatters receive it. One file's report is made where the file is
// checked (host/lintFile.ts, on a worker thread).
import type { FileReport } from '../host/lintFile';

export type { FileReport };

export interface RunReport {
  /** The directory paths are shown relative to (SARIF's %SRCROOT%). */
  cwd: string;
  files: FileReport[];
  /** Files that could not be read or checked, as shown on stderr. */
  failures: string[];
  toolVersion: string;
  /** How many errors the suppressions file baselined (not in `files`). */
  baselined?: number;
}
