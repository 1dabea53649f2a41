// A closed file's check once its bytes are read: the task (plain data, as it goes to a worker
// thread), what a read can find, and the answer. How the file is read is not decided here: from the
// disk by diskCheck.ts (in Node), through the client in a browser (lsp/browserRuntime.ts).
import type { Diagnostic } from '../checker';
import { fileSymbols, type FileSymbol } from '../checker/navigation/workspaceSymbols';
import type { McpdescSettings } from '../../../shared/src/settings';
import { checkOversized, checkText, type CheckOutcome } from './documentPolicy';

export interface DiskCheckTask {
  uri: string;
  filePath: string;
  /** The real path of the file's workspace folder, which the read must not leave. */
  realFolder: string;
  /** The path recognition sees (relative to its folder). */
  path: string;
  maxBytes: number;
  settings: McpdescSettings;
  /** Where the rule pages are (the server's runtime knows: CheckInput.docsBaseUri). */
  docsBaseUri: string;
}

/** What answerForRead needs of a read: the text, or why there is none. */
export type DiskRead =
  | { kind: 'text'; text: string }
  | { kind: 'tooLarge'; head: string; sizeBytes: number }
  | { kind: 'missing' | 'outside' | 'notRegular' }
  | { kind: 'unreadable'; reason: string };

export type DiskCheckAnswer =
  /** Nothing to show: gone, outside its folder, not a regular file, unreadable, or no mcpdesc document. */
  | { kind: 'skipped'; log?: string }
  /** `symbols`: the file's tools and components for the editor's workspace symbols (a checked document's only). */
  | { kind: 'diagnostics'; diagnostics: Diagnostic[]; symbols?: FileSymbol[]; log?: string };

/** What a closed file's check answers, once read (from the disk here; through the client in a browser). */
export function answerForRead(task: DiskCheckTask, read: DiskRead): DiskCheckAnswer {
  switch (read.kind) {
    case 'missing':
    case 'outside':
    case 'notRegular':
      return { kind: 'skipped' };
    case 'unreadable':
      return { kind: 'skipped', log: `Could not read ${task.uri}: ${read.reason}` };
    case 'tooLarge':
      return answerOf(
        checkOversized(
          { path: task.path, head: read.head, sizeBytes: read.sizeBytes, docsBaseUri: task.docsBaseUri },
          task.settings,
        ),
      );
    case 'text': {
      const outcome = checkText({ text: read.text, path: task.path, once: true, docsBaseUri: task.docsBaseUri }, task.settings);
      return answerOf(outcome, outcome.kind === 'failed' ? `Checking ${task.uri} (on disk) failed: ${outcome.error}` : undefined);
    }
  }
}

function answerOf(outcome: CheckOutcome, log?: string): DiskCheckAnswer {
  switch (outcome.kind) {
    case 'checked':
      return { kind: 'diagnostics', diagnostics: outcome.result.diagnostics, symbols: fileSymbols(outcome.result), log };
    case 'tooLarge':
    case 'failed':
    case 'config':
      return { kind: 'diagnostics', diagnostics: outcome.diagnostics, log };
    case 'skipped':
      return { kind: 'skipped', log };
  }
}
