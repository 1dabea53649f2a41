// jsonc-parser's token kinds as plain numbers: the bundler cannot inline jsonc-parser's const enums,
// and these are read for every token. The annotations make the compiler hold each to its enum.
import type { ScanError, SyntaxKind } from 'jsonc-parser';

export const OPEN_BRACE: SyntaxKind.OpenBraceToken = 1;
export const CLOSE_BRACE: SyntaxKind.CloseBraceToken = 2;
export const OPEN_BRACKET: SyntaxKind.OpenBracketToken = 3;
export const CLOSE_BRACKET: SyntaxKind.CloseBracketToken = 4;
export const COMMA: SyntaxKind.CommaToken = 5;
export const COLON: SyntaxKind.ColonToken = 6;
export const NULL: SyntaxKind.NullKeyword = 7;
export const TRUE: SyntaxKind.TrueKeyword = 8;
export const FALSE: SyntaxKind.FalseKeyword = 9;
export const STRING: SyntaxKind.StringLiteral = 10;
export const NUMBER: SyntaxKind.NumericLiteral = 11;
export const LINE_COMMENT: SyntaxKind.LineCommentTrivia = 12;
export const BLOCK_COMMENT: SyntaxKind.BlockCommentTrivia = 13;
export const LINE_BREAK: SyntaxKind.LineBreakTrivia = 14;
export const WHITESPACE: SyntaxKind.Trivia = 15;
export const UNKNOWN: SyntaxKind.Unknown = 16;
export const EOF: SyntaxKind.EOF = 17;

export const SCAN_OK: ScanError.None = 0;
