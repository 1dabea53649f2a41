// File-system errors in words a user can act on, without node's stack-trace style prefix.
const DESCRIPTIONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
};

export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code && DESCRIPTIONS[code]) ?? (error instanceof Error ? error.message : String(error));
}
