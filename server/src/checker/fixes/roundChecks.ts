// The checks fix-all judges its rounds by. A round's edits fall in a few tools of a document of
// hundreds, so its check re-parses and re-checks those tools only: IncrementalDocument's one-tool
// shortcut, taken for each tool the round edited (updateWithEdits). The first check, and the check
// of any round the shortcut cannot take (an edit outside every tool, a syntax error, YAML it cannot
// follow), is a full one. Checked whole each round, fix-all on a document with two rounds of
// cascading fixes cost three full checks; the check of a round is now about the tools it touched.
// The reference fix-all (test/support/fixAllPlain.ts) checks every round whole, and a differential
// test holds the two to the same outcome.
import { DocumentCheck, runCheck } from '../check';
import type { CheckResult } from '../checkResult';
import { IncrementalDocument } from '../incremental';
import type { CheckOptions, OffsetEdit } from '../types';

export class RoundChecks {
  /** The document whose result is the check of the current text, when it made that check. */
  private document: IncrementalDocument | undefined;
  /** Whether `document` is also what the previous check (the one a round is judged against) came from. */
  private previousIsDocuments = false;
  private previous: DocumentCheck | undefined;

  constructor(
    private readonly options: CheckOptions,
    /** false: every round is checked whole (the reference). */
    private readonly incremental: boolean,
  ) {}

  /** The check of the text fix-all starts from: `given` when it is a check of it in this format, else a new one. */
  start(text: string, given: CheckResult | undefined): DocumentCheck {
    if (given instanceof DocumentCheck && given.text === text && given.format === (this.options.format ?? 'json')) return given;
    if (!this.incremental) return runCheck(text, this.options);
    this.document = new IncrementalDocument(text, this.options);
    return this.document.result;
  }

  /**
   * The check of `next`, which is `current` (checked as `check`) with `edits` made. Until the round
   * is taken back, `check` is not to be read: the shortcut moves the nodes and findings it shares.
   */
  afterRound(check: DocumentCheck, next: string, edits: readonly OffsetEdit[]): DocumentCheck {
    this.previous = check;
    if (!this.incremental) return runCheck(next, this.options);
    this.previousIsDocuments = this.document !== undefined && this.document.result === check;
    if (this.previousIsDocuments) return this.document!.updateWithEdits(next, edits);
    this.document = new IncrementalDocument(next, this.options);
    return this.document.result;
  }

  /** The round is rejected: the check of `current`, the text before it, again. */
  takeBack(current: string, edits: readonly OffsetEdit[]): DocumentCheck {
    const previous = this.previous!;
    if (!this.incremental) return previous;
    if (!this.previousIsDocuments) {
      // The previous check was not the document's (the caller's, or a full one): it is untouched.
      this.document = undefined;
      return previous;
    }
    return this.document!.updateWithEdits(current, undone(current, edits));
  }
}

/** The edits that turn the text `edits` made out of `before` back into `before` (in that text's offsets). */
function undone(before: string, edits: readonly OffsetEdit[]): OffsetEdit[] {
  let shift = 0;
  return edits.map((edit) => {
    const reverse = {
      offset: edit.offset + shift,
      length: edit.newText.length,
      newText: before.slice(edit.offset, edit.offset + edit.length),
    };
    shift += edit.newText.length - edit.length;
    return reverse;
  });
}
