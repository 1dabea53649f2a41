// What the server remembers about each open document besides its text (TextDocuments holds that):
// the last check result with the version it was computed from, so code actions reuse it instead of
// re-checking; the incremental checker state the next edit re-checks from; and the formatting
// options the editor reported. Dropped when the document closes: closed files keep nothing here.
import type { CheckResult, FormattingOptions, IncrementalDocument } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';

export interface CachedCheck {
  version: number;
  result: CheckResult;
  /** The settings the result was computed with (severity overrides change diagnostics, not fixes). */
  settings: McpdescSettings;
}

/** An IncrementalDocument and what it was built for: reusable only while all of these stay the same. */
export interface IncrementalState {
  document: IncrementalDocument;
  settings: McpdescSettings;
  path: string;
  languageId: string;
}

export interface DocumentState {
  /** The version of the newest text the client sent. */
  version?: number;
  lastCheck?: CachedCheck;
  incremental?: IncrementalState;
  formatting?: FormattingOptions;
}

export class DocumentStates {
  private readonly states = new Map<string, DocumentState>();

  get(uri: string): DocumentState {
    let state = this.states.get(uri);
    if (!state) {
      state = {};
      this.states.set(uri, state);
    }
    return state;
  }

  /**
   * Records the version of the document's newest text. A version not above the last one (a didChange
   * numbered backwards, a didOpen again without a didClose) starts a new numbering: returns true,
   * and the cached check is dropped, since its version number may now stand for another text.
   */
  startsNewNumbering(uri: string, version: number): boolean {
    const state = this.get(uri);
    const previous = state.version;
    state.version = version;
    if (previous === undefined || version > previous) return false;
    state.lastCheck = undefined;
    return true;
  }

  /** The cached result if it belongs to exactly this version. */
  checkFor(uri: string, version: number): CachedCheck | undefined {
    const cached = this.states.get(uri)?.lastCheck;
    return cached && cached.version === version ? cached : undefined;
  }

  remember(uri: string, check: CachedCheck): void {
    this.get(uri).lastCheck = check;
  }

  forgetCheck(uri: string): void {
    const state = this.states.get(uri);
    if (state) state.lastCheck = undefined;
  }

  incrementalOf(uri: string): IncrementalState | undefined {
    return this.states.get(uri)?.incremental;
  }

  setIncremental(uri: string, incremental: IncrementalState | undefined): void {
    if (incremental || this.states.has(uri)) this.get(uri).incremental = incremental;
  }

  /** The editor's formatting options for the document, if the client reported any. */
  formattingOf(uri: string): FormattingOptions | undefined {
    return this.states.get(uri)?.formatting;
  }

  setFormatting(uri: string, formatting: FormattingOptions): void {
    this.get(uri).formatting = formatting;
  }

  drop(uri: string): void {
    this.states.delete(uri);
  }
}
