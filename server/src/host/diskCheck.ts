// The server's check of a file nobody has open, as a worker thread runs it: read through the host
// layer (inside its folder, within the size limit), decide and check by the document policy, and
// answer the diagnostics as plain data. Everything that needs the connection (settings, whether the
// file is open, publishing) stays on the server's main thread (lsp/diskDocumentChecks.ts); nothing
// here imports the LSP library, so the worker bundle stays small.
import { answerForRead, type DiskCheckAnswer, type DiskCheckTask } from './closedFileCheck';
import { documentByContent } from './documentPolicy';
import { readHostFile } from './readFile';

export { answerForRead, type DiskCheckAnswer, type DiskCheckTask, type DiskRead } from './closedFileCheck';

export function checkFileOnDisk(task: DiskCheckTask): DiskCheckAnswer {
  return answerForRead(task, readHostFile(task.filePath, task.realFolder, task.maxBytes));
}

/**
 * Whether the file, read as checkFileOnDisk reads it, is no mcpdesc document by its content: what
 * that check would answer without checking anything (skipped). False when it is one, or when the
 * read found anything but its text (the check will say what).
 */
export function isNoMcpdescDocumentOnDisk(task: DiskCheckTask): boolean {
  const read = readHostFile(task.filePath, task.realFolder, task.maxBytes);
  return read.kind === 'text' && !documentByContent(task.path, read.text, task.settings);
}
