// The messages between the language server and a document worker (documentWorkerService.ts), the
// thread that checks open documents and keeps their checks, so that a check the server cannot
// interrupt on its own thread runs where it can be ended (see workerOpenChecks.ts). Plain data both
// ways (structured clone: a web worker's postMessage, a worker thread's): a document is sent whole
// once and then as the edits since, a check comes back as its diagnostics, a query as its answer.
import type { ChangeSpan } from '../checker';
import type { McpdescSettings, RuleSeverity } from '../../../shared/src/settings';
import type { DiskCheckAnswer, DiskCheckTask, DiskRead } from '../host/closedFileCheck';
import type { DocumentQuery } from './documentQueries';
import type { PlainOutcome } from './openChecks';

/** How the worker's copy of a document becomes the server's current text. */
export type DocumentSync =
  /** The worker has no copy (or an outdated one): the whole text. */
  | { kind: 'whole'; languageId: string; text: string }
  /** The edits since the copy's text, composed into one span, and the text that replaces it. */
  | { kind: 'edit'; span: ChangeSpan; text: string };

/** Which open document, at which version, checked with what. */
export interface DocumentTarget {
  uri: string;
  version: number;
  /** Absent when the worker's copy already has the server's text (the version alone may differ). */
  sync?: DocumentSync;
  settings: McpdescSettings;
  /** The path recognition sees. */
  path: string;
}

export type DocumentWorkerTask =
  | ({ kind: 'check' } & DocumentTarget)
  | ({ kind: 'query'; query: DocumentQuery } & DocumentTarget)
  /** A closed file's check once its text is read (the browser's; Node's workers read the disk themselves). */
  | { kind: 'closedFile'; task: DiskCheckTask; read: DiskRead };

export type DocumentWorkerMessage =
  | { kind: 'task'; id: number; task: DocumentWorkerTask }
  /** The document closed, or moved to another worker: its copy and check are dropped. */
  | { kind: 'forget'; uri: string }
  /**
   * Sent first, and again when the rules change: where the rule pages are (a browser's server learns
   * it from its client), and the edit path run once with these rules (warmUp.ts), before any task.
   */
  | { kind: 'warmUp'; rules: Record<string, RuleSeverity>; docsBaseUri: string };

export interface CheckAnswer {
  outcome: PlainOutcome;
  /** How long computing the result took (for a result reused unchanged: the time of the check that made it). */
  durationMs: number;
}

/** A query's answer, or `checked: false` when the document's current version is not checked (disabled, not mcpdesc, failed). */
export type QueryAnswer = { checked: true; answer: unknown } | { checked: false };

export type DocumentWorkerAnswer = CheckAnswer | QueryAnswer | DiskCheckAnswer;

export type DocumentWorkerReply =
  /** The warm-up asked last is done: the worker's next task starts at once. */
  | { kind: 'warm' }
  /** The worker starts the task now (its time box runs from here: not while the worker loads or warms up). */
  | { kind: 'started'; id: number }
  | { kind: 'answer'; id: number; ok: true; answer: DocumentWorkerAnswer }
  /** The task threw: `responseError` is an LSP error for the client (a rename that cannot be done), else `error` is for the log. */
  | { kind: 'answer'; id: number; ok: false; error: string; responseError?: { code: number; message: string } };

/** What a document worker's global scope is told to be: the name it is started with. */
export const DOCUMENT_WORKER_NAME = 'mcpdesc-document-worker';
