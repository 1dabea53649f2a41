// The open documents' notifications: opened, changed, closed, and what the client says of their
// editors (formatting options, the lines in view).
import { releaseCompiledSchemas } from '../../checker';
import { FORMATTING_OPTIONS_NOTIFICATION, VISIBLE_RANGES_NOTIFICATION } from '../../../../shared/src/constants';
import { CheckPriority } from '../checkScheduler';
import { parseFormattingOptionsParams } from '../formattingOptions';
import type { ServerServices } from '../serverServices';
import { parseVisibleRangesParams } from '../visibleRanges';

export function registerDocumentEvents(services: ServerServices): void {
  const { documents, openIndex, openChecks, publisher } = services;
  documents.onDidOpen((event) => {
    // A didOpen of a document already open replaced its text as a whole.
    if (openIndex.has(event.document.uri)) openChecks.reopened(event.document.uri);
    openIndex.opened(event.document.uri);
    services.ready?.scheduler.schedule(event.document.uri, CheckPriority.Open);
  });

  documents.onDidChangeContent((event) => {
    // A version numbered backwards is a new state of the document, whose diagnostics must replace
    // those of the "newer" old version; the publisher would otherwise drop them as overtaken.
    if (event.document.startsNewNumbering(event.document.version)) publisher.endVersioning(event.document.uri);
    // Also fires right after onDidOpen; the scheduler keeps the earlier (immediate) due time.
    services.ready?.scheduler.schedule(event.document.uri, CheckPriority.Open, event.document.delayForEdit());
  });

  documents.onDidClose((event) => closed(services, event.document.uri));
}

function closed(services: ServerServices, uri: string): void {
  const { openIndex, openChecks, publisher, folders, ready } = services;
  const { paths, files } = services.runtime;
  openIndex.closed(uri);
  publisher.forgetView(uri);
  ready?.scheduler.cancel(uri);
  ready?.settings.forget(uri);
  openChecks.closed(uri);
  releaseCompiledSchemas();
  ready?.documentSettings.forget(uri);
  // A file of the workspace falls back to its content on disk (which replaces the editor's
  // diagnostics, or clears them when it is gone or no mcpdesc document); anything else is cleared.
  const onDisk = paths.canonicalUri(uri);
  if (!ready || !files.reads(uri) || !folders.folderOf(uri)) {
    publisher.clear(uri);
    return;
  }
  if (onDisk !== uri) publisher.clear(uri);
  publisher.endVersioning(onDisk);
  ready.scheduler.schedule(onDisk, CheckPriority.Open);
}

export function registerEditorViews(services: ServerServices): void {
  const { connection, documents, publisher } = services;
  connection.onNotification(FORMATTING_OPTIONS_NOTIFICATION, (params: unknown) => {
    const parsed = parseFormattingOptionsParams(params);
    const document = parsed && documents.get(parsed.uri);
    if (document) document.formatting = parsed.options;
  });

  // Where the editors look: a document with more problems than are sent shows those nearest, chosen
  // again from its last check (no new check) as the view moves.
  connection.onNotification(VISIBLE_RANGES_NOTIFICATION, (params: unknown) => {
    const parsed = parseVisibleRangesParams(params);
    if (parsed) publisher.showLines(parsed.uri, parsed.lines);
  });
}
