// The one place where text from outside (file and folder names, document strings quoted in messages,
// arguments, error messages of the system) is made safe for the channel it is printed to. Everything
// the CLI writes goes through one of these; the formatters and run.ts never print such text raw.
//
// - A terminal (stylish, stderr): control characters would be obeyed, not shown: an OSC sequence sets
//   the window title, CSI ones clear the screen or recolour what follows, a line break starts a line
//   of the attacker's choosing. They are shown as escapes instead (`\n`, `\x1b`, `\u202e`), so that
//   the name is still recognisable and nothing is executed. Printable text, ASCII or not (é, 日本),
//   is left as it is.
// - A CI log (GitHub Actions reads every line of stdout and stderr): a line whose text, after
//   leading white space, starts with `::` or `##[` is a workflow command. With line breaks escaped,
//   every line we print starts with text of ours, except the stylish format's file name: a name
//   starting with ':' or '#' is shown as './name'.
// - Workflow command data and properties: GitHub's escaping (formatters/github.ts).
// - JSON (json, sarif, --print-config): JSON.stringify escapes C0 controls already; the rest of what
//   a terminal obeys is written as \u escapes too (the same value to any JSON reader).

/**
 * What is shown escaped: C0 controls and DEL, C1 controls (U+0080-U+009F: 8-bit CSI and OSC among
 * them), the line and paragraph separators (line breaks to some viewers), and the Unicode bidi
 * controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which reorder how the text
 * around them is displayed ("Trojan Source"): a file name could otherwise look like another.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same set without C0 and DEL, which JSON.stringify has already escaped. */
const UNSAFE_IN_JSON = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(character: string): string {
  const named = NAMED[character];
  if (named) return named;
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control character (and bidi control) shown as an escape: for a terminal or a log.
 * `keepLineBreaks`: CR and LF are left for the caller, whose channel has an escaping of its own for
 * them (a workflow command's %0D and %0A, a multi-line annotation).
 */
export function visibleText(text: string, keepLineBreaks = false): string {
  return text.replace(UNSAFE, (character) =>
    keepLineBreaks && (character === '\n' || character === '\r') ? character : escapeOne(character),
  );
}

/**
 * A file name as the first text of a line (the stylish format's heading): visible, and never read
 * as a workflow command (`::error …`, `##[error]…`) by a CI runner.
 */
export function visiblePathAtLineStart(displayPath: string): string {
  const shown = visibleText(displayPath);
  return /^\s*(::|##\[)/.test(shown) || /^[:#]/.test(shown) ? `./${shown}` : shown;
}

/** One line for stderr, `mcpdesc-lint: ` first: its text visible, whatever it quotes. */
export function stderrLine(message: string): string {
  return `mcpdesc-lint: ${visibleText(message)}\n`;
}

/** JSON text with what JSON.stringify leaves raw but a terminal obeys written as \u escapes (same values). */
export function terminalSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
