// How a file is named in the CLI's output ('/'-separated). What globs and recognition see is the
// host's recognitionPath, relative to the current directory (the CLI's workspace).
import * as path from 'node:path';
import { toPosixPath } from '../host';

/** Relative to the current directory (with '../' when outside it): what users read and SARIF stores. */
export function displayPath(absolutePath: string, cwd: string): string {
  return toPosixPath(path.relative(cwd, absolutePath)) || toPosixPath(path.basename(absolutePath));
}
