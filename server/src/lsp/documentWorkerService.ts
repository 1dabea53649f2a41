// A document worker's side (its entries: server.ts in Node, browserServer.ts in a browser): a copy
// of each open document the server sends it (OpenDocument, brought up to the server's text by the
// edits since), checked as the server's own thread would check it and kept, so that the queries on
// the check (documentQueries.ts) are answered here, and closed files' checks once the server read
// them. One task at a time, in the order sent, each announced as it starts (its time box runs from
// there); the server ends the worker when a task outlasts its box, and whatever it kept goes with it
// (the server sends the documents whole again).
import { ResponseError } from 'vscode-languageserver';
import { releaseCompiledSchemas } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';
import { answerForRead } from '../host/closedFileCheck';
import { describeError } from '../host/documentPolicy';
import { answerQuery } from './documentQueries';
import type {
  DocumentTarget,
  DocumentWorkerAnswer,
  DocumentWorkerMessage,
  DocumentWorkerReply,
  DocumentWorkerTask,
} from './documentWorkerProtocol';
import { checkAndKeep, keptCheck, plainOutcome } from './openChecks';
import { OpenDocument } from './openDocument';
import { warmUpEditPath } from './warmUp';

/** What the worker's entry gives it: its messages from the server, and a way to answer. */
export interface DocumentWorkerScope {
  onMessage(listener: (message: DocumentWorkerMessage) => void): void;
  post(reply: DocumentWorkerReply): void;
  /** Where the rule pages are until the server says (its warm-up message, before any task): Node's finds them itself. */
  docsBaseUri?: string;
}

interface DocumentCopy {
  document: OpenDocument;
  /** The settings of its last task, as one object while they stay the same (the incremental check reuses its state only then). */
  settings?: McpdescSettings;
  settingsKey?: string;
}

export function serveDocumentWorker(scope: DocumentWorkerScope): void {
  const copies = new Map<string, DocumentCopy>();
  let docsBaseUri = scope.docsBaseUri ?? '';

  const copyFor = (target: DocumentTarget): DocumentCopy => {
    const { uri, version, sync } = target;
    let copy = copies.get(uri);
    if (sync?.kind === 'whole') {
      copy = { document: new OpenDocument(uri, sync.languageId, version, sync.text) };
      copies.set(uri, copy);
    } else if (!copy) {
      throw new Error(`the document worker has no copy of ${uri}`);
    } else if (sync || copy.document.version !== version) {
      // A version not above the copy's starts a new numbering: what it kept for that number is dropped.
      copy.document.startsNewNumbering(version);
      copy.document.applyEdit(sync?.span, sync?.text ?? '', version);
    }
    const key = JSON.stringify(target.settings);
    if (copy.settingsKey !== key) {
      copy.settings = target.settings;
      copy.settingsKey = key;
    }
    return copy;
  };

  const run = (task: DocumentWorkerTask): DocumentWorkerAnswer => {
    switch (task.kind) {
      case 'closedFile':
        return answerForRead(task.task, task.read);
      case 'check': {
        const copy = copyFor(task);
        const { outcome, durationMs } = checkAndKeep(copy.document, copy.settings!, task.path, docsBaseUri);
        return { outcome: plainOutcome(outcome), durationMs };
      }
      case 'query': {
        const copy = copyFor(task);
        const check = keptCheck(copy.document, copy.settings!, task.path, docsBaseUri);
        return check ? { checked: true, answer: answerQuery(task.query, check, copy.document) } : { checked: false };
      }
    }
  };

  scope.onMessage((message) => {
    switch (message.kind) {
      case 'forget':
        if (copies.delete(message.uri)) releaseCompiledSchemas();
        return;
      case 'warmUp':
        if (message.docsBaseUri) docsBaseUri = message.docsBaseUri;
        try {
          warmUpEditPath(message.rules);
        } catch {
          // The server's log is on another thread; a failed warm-up only costs the first keystroke a little.
        }
        scope.post({ kind: 'warm' });
        return;
      case 'task':
        break;
    }
    scope.post({ kind: 'started', id: message.id });
    let reply: DocumentWorkerReply;
    try {
      reply = { kind: 'answer', id: message.id, ok: true, answer: run(message.task) };
    } catch (error) {
      reply =
        error instanceof ResponseError
          ? {
              kind: 'answer',
              id: message.id,
              ok: false,
              error: error.message,
              responseError: { code: error.code, message: error.message },
            }
          : { kind: 'answer', id: message.id, ok: false, error: describeError(error) };
    }
    scope.post(reply);
  });
}
