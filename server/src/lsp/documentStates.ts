// What the server remembers about each open document besides its text (TextDocuments holds that):
// the last check result with the version it was computed from, so code actions reuse it instead of
// re-checking, and the formatting options the editor reported. Dropped when the document closes.
import type { CheckResult, FormattingOptions } from '../checker';
import type { McpdescSettings } from '../../../shared/src/settings';

export interface CachedCheck {
  version: number;
  result: CheckResult;
  /** The settings the result was computed with (severity overrides change diagnostics, not fixes). */
  settings: McpdescSettings;
}

export interface DocumentState {
  lastCheck?: CachedCheck;
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
