// Where each open document changed since its last check, in offsets of the text it had then. The
// TextDocuments configuration below applies a didChange notification's content changes one by one
// and records each as a ChangeSpan measured against the text just before it; the spans since the
// last check are composed into one, which the incremental re-check takes with the newest text. A
// whole-text replacement is measured by comparing the texts, so it is no wider than what changed.
// A notification with a malformed change is rejected whole (see `update`).
import { Range, type TextDocumentContentChangeEvent, type TextDocumentsConfiguration } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { changeBetween, composeChanges, type ChangeSpan } from '../checker';

export class EditSpans {
  private readonly pending = new Map<string, ChangeSpan>();

  /** `logError` hears of every rejected notification. */
  constructor(private readonly logError: (message: string) => void = () => undefined) {}

  /** The documents' configuration for `new TextDocuments(...)`: records spans as it applies changes. */
  readonly documentsConfiguration: TextDocumentsConfiguration<TextDocument> = {
    create: (uri, languageId, version, content) => {
      this.pending.delete(uri);
      return TextDocument.create(uri, languageId, version, content);
    },
    // Applying the good changes before a bad one would leave a text the client never had, and
    // throwing (what TextDocument.update does) would skip the re-check: the previous text and
    // version stay instead, and the document is re-checked as if changed, so what is published is
    // the diagnostics of the text the server holds.
    update: (document, changes, version) => {
      const problem = problemOf(changes, version);
      if (problem) {
        this.logError(
          `Rejected a didChange of ${document.uri} (to version ${String(version)}): ${problem}. The document keeps version ${document.version} and its text.`,
        );
        return document;
      }
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

  /** Whether the document changed since the last `take`. */
  has(uri: string): boolean {
    return this.pending.has(uri);
  }

  forget(uri: string): void {
    this.pending.delete(uri);
  }

  private record(uri: string, span: ChangeSpan): void {
    const previous = this.pending.get(uri);
    this.pending.set(uri, previous ? composeChanges(previous, span) : span);
  }
}

/** What is wrong with a didChange notification's version or content changes, if anything. */
function problemOf(changes: readonly unknown[], version: unknown): string | undefined {
  if (!Number.isInteger(version)) return 'its version is not an integer';
  for (let index = 0; index < changes.length; index++) {
    const problem = changeProblemOf(changes[index]);
    if (problem) return `content change ${index + 1} of ${changes.length} ${problem}`;
  }
  return undefined;
}

function changeProblemOf(change: unknown): string | undefined {
  if (typeof change !== 'object' || change === null) return 'is not an object';
  const candidate = change as { text?: unknown; range?: unknown; rangeLength?: unknown };
  if (typeof candidate.text !== 'string') return 'has no string `text`';
  if (candidate.range !== undefined && !Range.is(candidate.range)) return 'has a malformed `range` (start and end positions of non-negative integers)';
  if (candidate.rangeLength !== undefined && (candidate.range === undefined || typeof candidate.rangeLength !== 'number')) {
    return 'has a `rangeLength` that is not a number, or without a `range`';
  }
  return undefined;
}

/**
 * The span one change covers in `document`'s current text. A whole-text replacement (an undo, a
 * client without incremental sync) covers what differs between the two texts.
 */
function spanOf(document: TextDocument, change: TextDocumentContentChangeEvent): ChangeSpan {
  if ('range' in change) {
    // Like TextDocument.update, a range given end-first is taken start-first.
    const [offset, end] = [document.offsetAt(change.range.start), document.offsetAt(change.range.end)].sort((a, b) => a - b);
    return { offset, length: end - offset, newLength: change.text.length };
  }
  return changeBetween(document.getText(), change.text);
}
