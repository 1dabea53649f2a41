// Whether a text could spell the key `mcpdesc` anywhere, plainly or through escapes: the cheap test
// that lets recognition skip the parse of a file that cannot be an mcpdesc document. A key is only
// compared after it is unescaped, so `"\u006dcpdesc"` (JSON), `"\x6Dcpdesc"` or `"mcp\⏎  desc"` (YAML
// double quotes) name it too, and so does JSON's tolerant reading of a broken escape (`"mc\qpdesc"`
// reads as `mcpdesc`: the parser drops an escape it does not know). Saying "maybe" too often only
// costs a parse; saying "no" wrongly loses a document, so every escape that could yield or remove a
// character of the word says "maybe". Held to the full parse by test/checker/mcpdescSpelling.test.ts.

const LOWERCASE_U = 0x75;

/**
 * Escapes that stand for one character which is never a letter of the word: `\\`, `\"`, `\/`,
 * `\b`, `\f`, `\n`, `\r`, `\t` (the same in JSON and in YAML double quotes). Every other escape
 * (YAML's `\x`, `\U`, an escaped line break, an escape JSON does not know) says "maybe".
 */
const HARMLESS_ESCAPE = new Set(['\\', '"', '/', 'b', 'f', 'n', 'r', 't'].map((character) => character.charCodeAt(0)));

const LETTERS_OF_THE_WORD = new Set(Array.from('mcpdesc', (letter) => letter.charCodeAt(0)));

export function maySpellMcpdesc(text: string): boolean {
  if (text.includes('mcpdesc')) return true;
  // A run of backslashes pairs up from its start (`\\` is one backslash), so the scan goes pair by
  // pair and never reads the second half of `\\` as the start of an escape.
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', at)) {
    const escaped = text.charCodeAt(at + 1);
    if (escaped === LOWERCASE_U) {
      const code = fourHexDigits(text, at + 2);
      if (code === undefined || LETTERS_OF_THE_WORD.has(code)) return true;
      at += 6;
    } else if (HARMLESS_ESCAPE.has(escaped)) {
      at += 2;
    } else {
      return true;
    }
  }
  return false;
}

function fourHexDigits(text: string, start: number): number | undefined {
  const digits = text.slice(start, start + 4);
  return /^[0-9a-fA-F]{4}$/.test(digits) ? Number.parseInt(digits, 16) : undefined;
}
