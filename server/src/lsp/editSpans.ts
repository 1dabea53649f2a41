// Where each open document changed since its last check, in offsets of the text it had then. The
// TextDocuments configuration below applies a didChange notification's content changes one by one
// and records each as a ChangeSpan measured against the text just before it; the spans since the
// last check are composed into one, which the incremental re-check takes with the newest text.
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { composeChanges, type ChangeSpan } from '../checker';

export class EditSpans {
  private readonly pending = new Map<string, ChangeSpan>();

  /** The documents' configuration for `new TextDocuments(...)`: records spans as it applies changes. */
  readonly documentsConfiguration: TextDocumentsConfiguration<TextDocument> = {
    create: (uri, languageId, version, content) => {
      this.pending.delete(uri);
      return TextDocument.create(uri, languageId, version, content);
    },
    update: (document, changes, version) => {
      for (const change of changes) {
        this.record(document.uri, spanOf(document, change));
        TextDocument.update(document, [change], version);
      }
      return document;
    },
  };

  /**
   * The composed span of every change since the previous call for this document (undefined when
   * nothing changed), and forgets it: the caller moves its own state to the current text.
   */
  take(uri: string): ChangeSpan | undefined {
    const span = this.pending.get(uri);
    this.pending.delete(uri);
    return span;
  }

  forget(uri: string): void {
    this.pending.delete(uri);
  }

  private record(uri: string, span: ChangeSpan): void {
    const previous = this.pending.get(uri);
    this.pending.set(uri, previous ? composeChanges(previous, span) : span);
  }
}

/** The span one change covers in `document`'s current text; a whole-text replacement covers all of it. */
function spanOf(document: TextDocument, change: TextDocumentContentChangeEvent): ChangeSpan {
  if ('range' in change) {
    // Like TextDocument.update, a range given end-first is taken start-first.
    const [offset, end] = [document.offsetAt(change.range.start), document.offsetAt(change.range.end)].sort((a, b) => a - b);
    return { offset, length: end - offset, newLength: change.text.length };
  }
  return { offset: 0, length: document.getText().length, newLength: change.text.length };
}
