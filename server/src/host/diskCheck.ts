// The server's check of a file nobody has open, as a worker thread runs it: read through the host
// layer (inside its folder, within the size limit), decide and check by the document policy, and
// answer the diagnostics as plain data. Everything that needs the connection (settings, whether the
// file is open, publishing) stays on the server's main thread (lsp/diskDocumentChecks.ts); nothing
// here imports the LSP library, so the worker bundle stays small.
import type { Diagnostic } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';
import { checkOversized, checkText, documentByContent, type CheckOutcome } from './documentPolicy';
import { readHostFile } from './readFile';

export interface DiskCheckTask {
  uri: string;
  filePath: string;
  /** The real path of the file's workspace folder, which the read must not leave. */
  realFolder: string;
  /** The path recognition sees (relative to its folder). */
  path: string;
  maxBytes: number;
  settings: McpdescSettings;
}

export type DiskCheckAnswer =
  /** Nothing to show: gone, outside its folder, not a regular file, unreadable, or no mcpdesc document. */
  { kind: 'skipped'; log?: string } | { kind: 'diagnostics'; diagnostics: Diagnostic[]; log?: string };

export function checkFileOnDisk(task: DiskCheckTask): DiskCheckAnswer {
  const read = readHostFile(task.filePath, task.realFolder, task.maxBytes);
  switch (read.kind) {
    case 'missing':
    case 'outside':
    case 'notRegular':
      return { kind: 'skipped' };
    case 'unreadable':
      return { kind: 'skipped', log: `Could not read ${task.uri}: ${read.reason}` };
    case 'tooLarge':
      return answerOf(checkOversized({ path: task.path, head: read.head, sizeBytes: read.sizeBytes }, task.settings));
    case 'text': {
      const outcome = checkText({ text: read.text, path: task.path, once: true }, task.settings);
      return answerOf(outcome, outcome.kind === 'failed' ? `Checking ${task.uri} (on disk) failed: ${outcome.error}` : undefined);
    }
  }
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

function answerOf(outcome: CheckOutcome, log?: string): DiskCheckAnswer {
  switch (outcome.kind) {
    case 'checked':
      return { kind: 'diagnostics', diagnostics: outcome.result.diagnostics, log };
    case 'tooLarge':
    case 'failed':
    case 'config':
      return { kind: 'diagnostics', diagnostics: outcome.diagnostics, log };
    case 'skipped':
      return { kind: 'skipped', log };
  }
}
