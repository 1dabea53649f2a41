// What a syntax says of its comments, for the suppression directives (rules/suppressions.ts) and
// the "Suppress … on this line" fix: where each comment is, and where a line cannot take one. Each
// syntax finds them with its own parser's tokens (jsonc-parser's scanner, the yaml package's
// lexer), so a directive inside a string or a block scalar is text, not a comment.

export interface Comment {
  /** Offset of the comment's content (after `//`, `/*` or `#`). */
  offset: number;
  content: string;
  /** Offset just after the comment. */
  end: number;
}

/**
 * Where in a text a line cannot take a comment before it: where its start lies within a token other
 * than white space (a multi-line string or block comment, a YAML scalar's continuation), or, in
 * YAML, where it starts the body of a block scalar (`|`, `>`).
 */
export interface LineSpanningTokens {
  canStartWithComment(lineStart: number): boolean;
}

/**
 * Collects the tokens holding a line break (only those can hold a line's start, so only those are
 * kept: a check may keep this as long as it is cached). They come in text order and apart, so the
 * one a line starts in is found by bisection.
 */
export class LineSpanningTokenList implements LineSpanningTokens {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Offsets where a block scalar's body starts (a line there is the scalar's, whatever it holds). */
  private readonly bodyStarts = new Set<number>();

  constructor(private readonly text: string) {}

  /** The token `text[start, end)`, kept if it holds a line break. */
  keep(start: number, end: number): void {
    if (end - start < 2) return;
    const inner = this.text.slice(start, end);
    if (inner.includes('\n') || inner.includes('\r')) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  keepBodyStart(offset: number): void {
    this.bodyStarts.add(offset);
  }

  canStartWithComment(lineStart: number): boolean {
    if (lineStart === 0) return true;
    const { starts, ends } = this;
    // The last kept token starting before lineStart: the only one that can hold it.
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle] < lineStart) low = middle + 1;
      else high = middle;
    }
    if (low > 0 && ends[low - 1] > lineStart) return false;
    return !this.bodyStarts.has(lineStart);
  }
}
