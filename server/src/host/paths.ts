// How a file is named relative to the root it was found in: '/'-separated on every platform, for
// glob matching, recognition and the CLI's display.
import * as path from 'node:path';

export function toPosixPath(filePath: string): string {
  return filePath.split(path.sep).join('/');
}

/** `child` is `parent` or lies below it (both absolute, compared as given: resolve symlinks first when that matters). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/**
 * The path include/exclude globs and recognition see: relative to `root` (a workspace folder, or
 * the CLI's current directory) when the file lies below it, else absolute.
 */
export function recognitionPath(absolutePath: string, root: string): string {
  const relative = path.relative(root, absolutePath);
  const below = relative !== '' && isInside(root, absolutePath);
  return toPosixPath(below ? relative : absolutePath);
}

/** Relative to the current directory (with '../' when outside it): what the CLI's users read and SARIF stores. */
export function displayPath(absolutePath: string, cwd: string): string {
  return toPosixPath(path.relative(cwd, absolutePath)) || toPosixPath(path.basename(absolutePath));
}
