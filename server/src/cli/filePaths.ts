// The two ways a file is named in the CLI's output and in recognition, both '/'-separated.
import * as path from 'node:path';
import { toPosixPath } from './globPattern';

/** Relative to the current directory (with '../' when outside it): what users read and SARIF stores. */
export function displayPath(absolutePath: string, cwd: string): string {
  return toPosixPath(path.relative(cwd, absolutePath)) || toPosixPath(path.basename(absolutePath));
}

/** What globs match against: relative when inside the current directory (the CLI's workspace), else absolute. */
export function recognitionPath(absolutePath: string, cwd: string): string {
  const relative = path.relative(cwd, absolutePath);
  const inside = relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
  return toPosixPath(inside ? relative : absolutePath);
}
