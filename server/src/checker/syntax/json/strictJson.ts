// What plain JSON forbids that the checker's parse tolerates: comments and trailing commas. The
// parse reads every JSON document as JSONC (json/jsonTree.ts), so that a `.jsonc` file and a
// `.json` file with one comment give the same tree; a document whose language is plain JSON (a
// `.json` name, CheckOptions.commentsAllowed false) gets each of them as a syntax error, as the
// official validator (which parses strictly) and VS Code's JSON mode reject them. The messages are
// VS Code's JSON mode's, so an author sees the words their editor uses.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { SyntaxError } from './jsonDocument';
import { jsonComments } from './jsonComments';

export const COMMENT_MESSAGE = 'Comments are not permitted in JSON.';
export const TRAILING_COMMA_MESSAGE = 'Trailing comma';

/** Each comment and each trailing comma of `text`, in text order, at its exact range. */
export function strictJsonErrors(text: string): SyntaxError[] {
  if (!mayBreakStrictJson(text)) return [];
  const comments: SyntaxError[] = jsonComments(text).map((comment) => ({
    offset: comment.offset - 2,
    length: comment.end - comment.offset + 2,
    message: COMMENT_MESSAGE,
  }));
  const commas = trailingCommas(text);
  if (commas.length === 0) return comments;
  if (comments.length === 0) return commas;
  return [...comments, ...commas].sort((a, b) => a.offset - b.offset);
}

/**
 * Whether `text` may hold a comment or a trailing comma at all: a comment starts `//` or `/*`, and a
 * trailing comma is followed by white space or a comment before its bracket. Without either, the
 * scan is not made: an open `.json` document is checked on every edit, and most hold neither.
 */
function mayBreakStrictJson(text: string): boolean {
  return LINE_COMMENT_NOT_IN_URL.test(text) || text.includes('/*') || /,\s*[\]}]/.test(text);
}

/**
 * `//` not right after a `:` nor another `/`: the `//` of every URL in a string (`https://…`, and
 * the second of `file:///…`) is, and a document describing a server is full of them, so testing for
 * `//` alone would scan nearly every document. A comment right after a member's colon leaves that
 * member without a value, which the parse reports already; a run of slashes that starts a comment
 * anywhere else has its first two after some other character.
 */
const LINE_COMMENT_NOT_IN_URL = /(?:^|[^:/])\/\//;

/** The commas followed, past white space and comments, by the `}` or `]` that closes their container. */
function trailingCommas(text: string): SyntaxError[] {
  const commas: SyntaxError[] = [];
  const scanner = createScanner(text, true);
  let previous = SyntaxKind.Unknown;
  let commaOffset = -1;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) continue;
    if (kind === SyntaxKind.CommaToken) {
      // Only a comma after a value: `[,]` or `{"a": ,}` is a missing value, which the parse reports.
      commaOffset = endsValue(previous) ? scanner.getTokenOffset() : -1;
    } else {
      const closes = kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken;
      if (closes && previous === SyntaxKind.CommaToken && commaOffset >= 0)
        commas.push({ offset: commaOffset, length: 1, message: TRAILING_COMMA_MESSAGE });
    }
    previous = kind;
  }
  return commas;
}

function endsValue(kind: SyntaxKind): boolean {
  switch (kind) {
    case SyntaxKind.CloseBraceToken:
    case SyntaxKind.CloseBracketToken:
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NumericLiteral:
    case SyntaxKind.TrueKeyword:
    case SyntaxKind.FalseKeyword:
    case SyntaxKind.NullKeyword:
      return true;
    default:
      return false;
  }
}
