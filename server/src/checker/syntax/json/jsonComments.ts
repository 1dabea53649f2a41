// JSONC's comments and line-spanning tokens, as jsonc-parser's scanner reads them (comments.ts).
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { LineSpanningTokenList, type Comment, type LineSpanningTokens } from '../comments';
import { stepOverWhitespace } from './jsonTree';

export function jsonComments(text: string): Comment[] {
  const comments: Comment[] = [];
  const scanner = createScanner(text, false);
  for (;;) {
    stepOverWhitespace(scanner, text);
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    if (kind !== SyntaxKind.LineCommentTrivia && kind !== SyntaxKind.BlockCommentTrivia) continue;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    const closed = kind === SyntaxKind.BlockCommentTrivia && text.startsWith('*/', end - 2) && end - start >= 4;
    comments.push({ offset: start + 2, content: text.slice(start + 2, closed ? end - 2 : end), end });
  }
  return comments;
}

export function jsonLineSpanningTokens(text: string): LineSpanningTokens {
  const tokens = new LineSpanningTokenList(text);
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.LineBreakTrivia && kind !== SyntaxKind.Trivia)
      tokens.keep(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
  }
  return tokens;
}
