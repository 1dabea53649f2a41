// How a file is named relative to the root it was found in, written against the few path
// operations it needs so that both runtimes share it: Node's path module on the machine, and POSIX
// paths of URIs in a browser, where there is no path module (see lsp/browserRuntime.ts).

/** The part of Node's `path` module these rules use (Node's module is one). */
export interface PathOps {
  readonly sep: string;
  relative(from: string, to: string): string;
  isAbsolute(path: string): boolean;
  resolve(...paths: string[]): string;
  dirname(path: string): string;
  basename(path: string): string;
}

export function toPosixPathWith(ops: PathOps, filePath: string): string {
  return filePath.split(ops.sep).join('/');
}

/** `child` is `parent` or lies below it (both absolute, compared as given: resolve symlinks first when that matters). */
export function isInsideWith(ops: PathOps, parent: string, child: string): boolean {
  const relative = ops.relative(parent, child);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${ops.sep}`) && !ops.isAbsolute(relative));
}

/**
 * The path include/exclude globs and recognition see: relative to `root` (a workspace folder, or
 * the CLI's current directory) when the file lies below it, else absolute.
 */
export function recognitionPathWith(ops: PathOps, absolutePath: string, root: string): string {
  const relative = ops.relative(root, absolutePath);
  const below = relative !== '' && isInsideWith(ops, root, absolutePath);
  return toPosixPathWith(ops, below ? relative : absolutePath);
}
