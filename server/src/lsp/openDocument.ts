// One document open in the editor, and everything the server holds about it in one object: its text
// and version (it is the TextDocument the library's TextDocuments keeps), the edits since its last
// check composed into one span, its keystroke debounce, the incremental checker state the next edit
// re-checks from, its last check result, and the editor's formatting options. A keystroke goes
// applyChanges (its span recorded) → delayForEdit (when to check) → check (the document policy
// decides, the incremental document re-checks) → the caller publishes. Dropped when the document
// closes: closed files keep nothing here.
//
// Each didChange notification's content changes are applied one by one, each recorded as a
// ChangeSpan measured against the text just before it; a whole-text replacement is measured by
// comparing the texts, so it is no wider than what changed. A notification with a malformed change
// is rejected whole (see applyChanges).
import {
  Range,
  type Position,
  type TextDocumentContentChangeEvent,
  type TextDocumentsConfiguration,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { McpdescSettings } from '../../../shared/src/settings';
import {
  changeBetween,
  composeChanges,
  IncrementalDocument,
  type ChangeSpan,
  type CheckOptions,
  type CheckResult,
  type FormattingOptions,
} from '../checker';
import { decideText, failedCheck, oversized, type CheckOutcome } from '../host/documentPolicy';
import { KeystrokeDebounce } from './keystrokeDebounce';

export interface CachedCheck {
  version: number;
  result: CheckResult;
  /** The settings the result was computed with (severity overrides change diagnostics, not fixes). */
  settings: McpdescSettings;
  /** How long computing the result took, in milliseconds (the status item shows it). */
  durationMs: number;
}

/**
 * Starts the check of a whole text: the IncrementalDocument that later edits re-check. The server's
 * is IncrementalDocument itself; a test server (test/support/faultingServer.ts) passes one that throws.
 */
export type OpenChecker = (text: string, options: CheckOptions, uri: string) => IncrementalDocument;

export const incrementalChecker: OpenChecker = (text, options) => new IncrementalDocument(text, options);

/** An IncrementalDocument and what it was built for: reusable only while all of these stay the same. */
interface IncrementalState {
  document: IncrementalDocument;
  settings: McpdescSettings;
  path: string;
  languageId: string;
}

export class OpenDocument implements TextDocument {
  private content: TextDocument;
  /** Where the text changed since the last check, in offsets of the text it had then. */
  private pending: ChangeSpan | undefined;
  /** The version of the newest text the client sent, as the numbering is followed (startsNewNumbering). */
  private numberedVersion: number | undefined;
  private readonly debounce = new KeystrokeDebounce();
  private lastCheck: CachedCheck | undefined;
  private incremental: IncrementalState | undefined;
  /** The editor's formatting options for the document, if the client reported any. */
  formatting: FormattingOptions | undefined;

  constructor(uri: string, languageId: string, version: number, text: string) {
    this.content = TextDocument.create(uri, languageId, version, text);
  }

  get uri(): string {
    return this.content.uri;
  }
  get languageId(): string {
    return this.content.languageId;
  }
  get version(): number {
    return this.content.version;
  }
  get lineCount(): number {
    return this.content.lineCount;
  }
  getText(range?: Range): string {
    return this.content.getText(range);
  }
  positionAt(offset: number): Position {
    return this.content.positionAt(offset);
  }
  offsetAt(position: Position): number {
    return this.content.offsetAt(position);
  }
  getLineRange(line: number): Range {
    return this.content.getLineRange(line);
  }
  getEOLCharacters(line: number): string {
    return this.content.getEOLCharacters(line);
  }

  /** A didOpen of a document already open (no didClose between): its new text, nothing known about the change. */
  reopen(languageId: string, version: number, text: string): void {
    this.content = TextDocument.create(this.uri, languageId, version, text);
    this.pending = undefined;
  }

  /**
   * A didChange's content changes, applied one by one with their spans recorded. Applying the good
   * changes before a bad one would leave a text the client never had, and throwing (what
   * TextDocument.update does) would skip the re-check: the previous text and version stay instead,
   * and the document is re-checked as if changed, so what is published is the diagnostics of the
   * text the server holds. `logError` hears of a rejected notification.
   */
  applyChanges(changes: readonly TextDocumentContentChangeEvent[], version: number, logError: (message: string) => void): void {
    const problem = problemOf(changes, version);
    if (problem) {
      logError(
        `Rejected a didChange of ${this.uri} (to version ${String(version)}): ${problem}. The document keeps version ${this.version} and its text.`,
      );
      return;
    }
    for (const change of changes) {
      const span = spanOf(this.content, change);
      this.pending = this.pending ? composeChanges(this.pending, span) : span;
      TextDocument.update(this.content, [change], version);
    }
  }

  /**
   * A copy's edit (a document worker's: documentWorkerService.ts): `span` of its text replaced by
   * `text`, now at `version`, and recorded as a change is; without a span, only the version moves.
   */
  applyEdit(span: ChangeSpan | undefined, text: string, version: number): void {
    if (!span) {
      TextDocument.update(this.content, [], version);
      return;
    }
    // By offsets, not positions: a span measured by comparing texts may start between a \r and its \n,
    // where no position is.
    const old = this.content.getText();
    const replaced = old.slice(0, span.offset) + text + old.slice(span.offset + span.length);
    // Reading a character makes V8 flatten the concatenation once, here: the checker's one-tool
    // re-check of a 1 MB text left as a concatenation took 11-27 ms instead of 0.6-0.9 ms.
    replaced.charCodeAt(0);
    this.pending = this.pending ? composeChanges(this.pending, span) : span;
    TextDocument.update(this.content, [{ text: replaced }], version);
  }

  /**
   * The composed span of every change since the previous call (undefined when nothing changed), and
   * forgets it: the caller moves its own state to the current text.
   */
  takeChanges(): ChangeSpan | undefined {
    const span = this.pending;
    this.pending = undefined;
    return span;
  }

  /** Whether the text changed since the last check took the changes. */
  get changedSinceCheck(): boolean {
    return this.pending !== undefined;
  }

  /**
   * Records the version of the newest text. A version not above the last one (a didChange numbered
   * backwards, a didOpen again without a didClose) starts a new numbering: returns true, and the
   * cached check is dropped, since its version number may now stand for another text.
   */
  startsNewNumbering(version: number): boolean {
    const previous = this.numberedVersion;
    this.numberedVersion = version;
    if (previous === undefined || version > previous) return false;
    this.lastCheck = undefined;
    return true;
  }

  /** The document changed at `now` (call once per change): how long its check waits for the next change (see KeystrokeDebounce). */
  delayForEdit(now = performance.now()): number {
    return this.debounce.delayFor(now);
  }

  /** A check that followed an edit took `ms`: what the next wait is learnt from. */
  editChecked(ms: number): void {
    this.debounce.editChecked(ms);
  }

  /** The cached result if it belongs to exactly this version. */
  checkFor(version: number): CachedCheck | undefined {
    return this.lastCheck && this.lastCheck.version === version ? this.lastCheck : undefined;
  }

  remember(check: CachedCheck | undefined): void {
    this.lastCheck = check;
  }

  /** Checked otherwise than as a document (a configuration file): no edit span nor incremental state is kept. */
  forgetIncremental(): void {
    this.pending = undefined;
    this.incremental = undefined;
  }

  /**
   * Checks the current text: the document policy decides, then the incremental document re-checks
   * the edited tool only when it can, else a fresh one checks the whole text. Every call moves the
   * incremental state to that text (or drops it): the edit span taken here is exactly the changes
   * since the state's own text.
   */
  check(settings: McpdescSettings, path: string, docsBaseUri: string, checker: OpenChecker = incrementalChecker): CheckOutcome {
    const text = this.getText();
    const span = this.takeChanges();
    const previous = this.incremental;
    const reusable =
      previous && previous.settings === settings && previous.path === path && previous.languageId === this.languageId
        ? previous
        : undefined;
    this.incremental = undefined;

    let updated: CheckResult | undefined;
    if (reusable && span && !oversized(text, settings)) {
      try {
        updated = reusable.document.update(text, span);
      } catch (error) {
        return failedCheck(error, { rules: settings.rules, docsBaseUri });
      }
      // Same settings, same path, and the edit stayed inside one tool element, so the root's members
      // (what recognition sniffs) are untouched: still an mcpdesc document, no need to sniff again.
      if (reusable.document.lastUpdateWasIncremental) {
        this.incremental = reusable;
        return { kind: 'checked', result: updated };
      }
    } else if (reusable && reusable.document.result.text === text) {
      updated = reusable.document.result;
    }

    // The policy decides as for any text; whatever checks the text from here on leaves an
    // IncrementalDocument at it: the one updated above, or a fresh one (first check, other settings or
    // path, or nothing known about the edit).
    const decision = decideText({ text, path, languageId: this.languageId, docsBaseUri }, settings);
    if (decision.kind !== 'check') return decision;
    if (updated) {
      this.incremental = reusable;
      return { kind: 'checked', result: updated };
    }
    try {
      const incremental = checker(text, decision.options, this.uri);
      this.incremental = { document: incremental, settings, path, languageId: this.languageId };
      return { kind: 'checked', result: incremental.result };
    } catch (error) {
      return failedCheck(error, decision.options);
    }
  }
}

/**
 * The documents' configuration for `new TextDocuments(...)`: each open document is an OpenDocument.
 * `find` is the document already open under a URI (a didOpen again without a didClose keeps its
 * state and takes the new text).
 */
export function openDocumentsConfiguration(
  find: (uri: string) => OpenDocument | undefined,
  logError: (message: string) => void = () => undefined,
): TextDocumentsConfiguration<OpenDocument> {
  return {
    create: (uri, languageId, version, text) => {
      const open = find(uri);
      if (!open) return new OpenDocument(uri, languageId, version, text);
      open.reopen(languageId, version, text);
      return open;
    },
    update: (document, changes, version) => {
      document.applyChanges(changes, version, logError);
      return document;
    },
  };
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
  if (candidate.range !== undefined && !Range.is(candidate.range))
    return 'has a malformed `range` (start and end positions of non-negative integers)';
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
