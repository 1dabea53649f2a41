// The member names written after a JSON key being typed, read with jsonc-parser's scanner. While a
// key has no colon yet (`""` typed on a new line, its quote auto-closed by the editor), the parse
// recovers by skipping to the next comma: the members after the cursor are lost or misread (the
// inner members of the next value taken for the object's own). Scanning the tokens from the key's
// end to the object's closing brace, at the object's own depth, reads them as written. It costs
// the rest of the object, and only in that case.
import { createScanner, SyntaxKind } from 'jsonc-parser';

/** The keys of the object that continues at `offset` (after its members so far), up to its closing brace. */
export function jsonKeysAfter(text: string, offset: number): Set<string> {
  const keys = new Set<string>();
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  let depth = 0;
  let token = scanner.scan();
  while (token !== SyntaxKind.EOF) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) depth++;
    else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      if (depth === 0) break;
      depth--;
    } else if (token === SyntaxKind.StringLiteral && depth === 0) {
      const value = scanner.getTokenValue();
      token = scanner.scan();
      if (token === SyntaxKind.ColonToken) keys.add(value);
      // The token after the string is looked at again (it may open or close a value).
      continue;
    }
    token = scanner.scan();
  }
  return keys;
}
