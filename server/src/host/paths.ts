// How a file is named relative to the root it was found in: '/'-separated on every platform, for
// glob matching, recognition and the CLI's display. The rules are pathRules.ts'; here they get
// Node's path module.
import * as path from 'node:path';
import { isInsideWith, recognitionPathWith, toPosixPathWith } from './pathRules';

export function toPosixPath(filePath: string): string {
  return toPosixPathWith(path, filePath);
}

/** `child` is `parent` or lies below it (both absolute, compared as given: resolve symlinks first when that matters). */
export function isInside(parent: string, child: string): boolean {
  return isInsideWith(path, parent, child);
}

/**
 * The path include/exclude globs and recognition see: relative to `root` (a workspace folder, or
 * the CLI's current directory) when the file lies below it, else absolute.
 */
export function recognitionPath(absolutePath: string, root: string): string {
  return recognitionPathWith(path, absolutePath, root);
}

/** Relative to the current directory (with '../' when outside it): what the CLI's users read and SARIF stores. */
export function displayPath(absolutePath: string, cwd: string): string {
  return toPosixPath(path.relative(cwd, absolutePath)) || toPosixPath(path.basename(absolutePath));
}
