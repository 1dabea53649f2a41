// Whether a JSON text's root object has a member of a given name, answered from the tokens alone
// where the text is well-formed up to the answer: "yes" as soon as the member's key is read (an
// mcpdesc document usually names itself first), "no" once the root object closes. Building the tree
// to ask this cost as much as the check that follows it. Where the text is broken before the answer,
// only the parser's recovery knows which members the root ends up with: the caller parses then.
import { createScanner, ScanError, SyntaxKind } from 'jsonc-parser';
import { stepOverWhitespace } from './jsonTree';

const OPEN_BRACE = SyntaxKind.OpenBraceToken;
const CLOSE_BRACE = SyntaxKind.CloseBraceToken;
const OPEN_BRACKET = SyntaxKind.OpenBracketToken;
const CLOSE_BRACKET = SyntaxKind.CloseBracketToken;
const COMMA = SyntaxKind.CommaToken;
const COLON = SyntaxKind.ColonToken;
const NULL = SyntaxKind.NullKeyword;
const STRING = SyntaxKind.StringLiteral;
const NUMBER = SyntaxKind.NumericLiteral;

/** true / false when the tokens settle it; undefined when the text is broken before they do. */
export function rootObjectHasMember(text: string, name: string): boolean | undefined {
  // Comments and whitespace are skipped; an unterminated comment runs to the end and so never
  // lets the root object close.
  const scanner = createScanner(text, true);
  const next = (): number | undefined => {
    stepOverWhitespace(scanner, text);
    const token = scanner.scan();
    return scanner.getTokenError() === ScanError.None ? token : undefined;
  };
  if (next() !== OPEN_BRACE) return undefined;
  let token = next();
  for (;;) {
    if (token === CLOSE_BRACE) return false;
    if (token !== STRING) return undefined;
    if (scanner.getTokenValue() === name) return true;
    if (next() !== COLON) return undefined;
    if (!skipValue(next(), next)) return undefined;
    token = next();
    if (token === COMMA)
      token = next(); // a trailing comma is allowed: `}` may follow
    else if (token !== CLOSE_BRACE) return undefined;
  }
}

/**
 * Skips the well-formed value starting at `first` (trailing commas allowed, as in every mcpdesc
 * document); false at the first token the grammar does not allow there, where the parser would
 * start recovering. Iterative: nesting costs no stack.
 */
function skipValue(first: number | undefined, next: () => number | undefined): boolean {
  /** The closing token of every open object and array, innermost last. */
  const closers: number[] = [];
  let token = first;
  for (;;) {
    // `token` starts a value.
    if (token === OPEN_BRACE) {
      token = next();
      if (token !== CLOSE_BRACE) {
        if (token !== STRING || next() !== COLON) return false;
        closers.push(CLOSE_BRACE);
        token = next();
        continue;
      }
    } else if (token === OPEN_BRACKET) {
      token = next();
      if (token !== CLOSE_BRACKET) {
        closers.push(CLOSE_BRACKET);
        continue;
      }
    } else if (token === undefined || token < NULL || token > NUMBER) {
      return false; // not a value: a stray closer, comma or colon, an unknown symbol, the end
    }
    // A value ended: close what it ends, or go on to the next element.
    for (;;) {
      if (closers.length === 0) return true;
      const closer = closers[closers.length - 1];
      token = next();
      if (token === closer) {
        closers.pop();
        continue;
      }
      if (token !== COMMA) return false;
      token = next();
      if (token === closer) {
        closers.pop();
        continue;
      }
      if (closer === CLOSE_BRACE) {
        if (token !== STRING || next() !== COLON) return false;
        token = next();
      }
      break;
    }
  }
}
