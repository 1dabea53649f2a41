// Where open documents are checked and their checks kept: what the server asks of that place, and
// the place on this thread. A check of an open document cannot be interrupted on the thread that
// runs it (the checker is synchronous), so where the runtime can start workers the server checks
// open documents in workers it can end (workerOpenChecks.ts) and keeps serving meanwhile; the
// checks and everything read from them (code actions, navigation, the fix-all edits, the status
// item's facts) then stay in the worker, and only plain data crosses. Without workers (a browser
// that cannot start one from a worker, a test server that injects its checker) this thread checks,
// as LocalOpenChecks: the same code, called directly.
import type { Diagnostic } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';
import type { CheckOutcome } from '../host/documentPolicy';
import { answerQuery, type QueryAnswers, type QueryKind, type QueryOf } from './documentQueries';
import { warmUpEditPath } from './warmUp';
import { incrementalChecker, type CachedCheck, type OpenChecker, type OpenDocument } from './openDocument';

/** What a check of an open document became, as plain data: what is published for it. */
export type PlainOutcome =
  | { kind: 'checked'; diagnostics: Diagnostic[] }
  | { kind: 'tooLarge' | 'config'; diagnostics: Diagnostic[] }
  /** The check threw: the internal-error notice, and the story for the log. */
  | { kind: 'failed'; diagnostics: Diagnostic[]; error: string }
  | { kind: 'skipped' }
  /** The check did not end within its time box, or its worker ended: the notice that says so (unfinishedCheck.ts). */
  | { kind: 'unfinished'; diagnostics: Diagnostic[]; reason: string };

export interface OpenCheckRequest {
  document: OpenDocument;
  /** The settings for the document (the open document's adjustments included). */
  settings: McpdescSettings;
  /** The path recognition sees. */
  path: string;
  /** Where the rule pages are (the runtime's). */
  docsBaseUri: string;
}

export interface OpenChecks {
  /** Checks the document's current text (its edits since the last check, when it can) and keeps the result. */
  check(request: OpenCheckRequest): Promise<{ outcome: PlainOutcome; durationMs: number }>;
  /**
   * Answers a query on the check of the document's current version, checking it first when none is
   * kept; undefined when that version is not checked (disabled, not mcpdesc, failed, unfinished).
   */
  ask<K extends QueryKind>(request: OpenCheckRequest, query: QueryOf<K>): Promise<QueryAnswers[K] | undefined>;
  /** The document was opened again without being closed: its text was replaced as a whole. */
  reopened(uri: string): void;
  closed(uri: string): void;
  /** Runs the edit path once where checks run, so the first keystroke is as quick as the next ones (warmUp.ts). */
  warmUp(log: (message: string) => void): void;
  /** How many checks of open documents may run at once. */
  readonly capacity: number;
  /** Whether they run off this thread (the scheduler then runs them beside each other and beside closed files). */
  readonly offThread: boolean;
  close(): Promise<void>;
}

export function plainOutcome(outcome: CheckOutcome): PlainOutcome {
  switch (outcome.kind) {
    case 'checked':
      return { kind: 'checked', diagnostics: outcome.result.diagnostics };
    case 'tooLarge':
    case 'config':
      return { kind: outcome.kind, diagnostics: outcome.diagnostics };
    case 'failed':
      return { kind: 'failed', diagnostics: outcome.diagnostics, error: outcome.error };
    case 'skipped':
      return { kind: 'skipped' };
  }
}

/**
 * Checks the document's current text and keeps the result with its version (a result reused
 * unchanged keeps the time of the check that made it: the status item shows that one).
 */
export function checkAndKeep(
  document: OpenDocument,
  settings: McpdescSettings,
  path: string,
  docsBaseUri: string,
  checker: OpenChecker = incrementalChecker,
): { outcome: CheckOutcome; durationMs: number } {
  const previous = document.checkFor(document.version);
  const started = performance.now();
  const outcome = document.check(settings, path, docsBaseUri, checker);
  const elapsedMs = performance.now() - started;
  const durationMs = outcome.kind === 'checked' && previous?.result === outcome.result ? previous.durationMs : elapsedMs;
  document.remember(
    outcome.kind === 'checked' ? { version: document.version, result: outcome.result, settings, durationMs } : undefined,
  );
  return { outcome, durationMs };
}

/** The check of the document's current version: the kept one, else a check now; undefined when that version is not checked. */
export function keptCheck(
  document: OpenDocument,
  settings: McpdescSettings,
  path: string,
  docsBaseUri: string,
  checker: OpenChecker = incrementalChecker,
): CachedCheck | undefined {
  return (
    document.checkFor(document.version) ??
    (checkAndKeep(document, settings, path, docsBaseUri, checker), document.checkFor(document.version))
  );
}

/** Open documents checked on this thread, each keeping its check (OpenDocument). */
export class LocalOpenChecks implements OpenChecks {
  readonly capacity = 1;
  readonly offThread = false;

  constructor(private readonly checker: OpenChecker = incrementalChecker) {}

  async check({
    document,
    settings,
    path,
    docsBaseUri,
  }: OpenCheckRequest): Promise<{ outcome: PlainOutcome; durationMs: number }> {
    const { outcome, durationMs } = checkAndKeep(document, settings, path, docsBaseUri, this.checker);
    return { outcome: plainOutcome(outcome), durationMs };
  }

  async ask<K extends QueryKind>(
    { document, settings, path, docsBaseUri }: OpenCheckRequest,
    query: QueryOf<K>,
  ): Promise<QueryAnswers[K] | undefined> {
    const check = keptCheck(document, settings, path, docsBaseUri, this.checker);
    return check ? answerQuery(query, check, document) : undefined;
  }

  reopened(): void {}

  closed(): void {}

  warmUp(log: (message: string) => void): void {
    try {
      warmUpEditPath();
    } catch (error) {
      log(`Warming up the edit path failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  async close(): Promise<void> {}
}
