// Text a document or a workspace wrote, as VS Code shows it in a status item or a quick pick, where
// `$(name)` draws an icon: one line, shortened, and every `$(…)` shown as text, so a document can
// neither fill the status bar nor draw icons in it.
import { cutText } from '../../shared/src/constants';

/** `$(name)` and `$(name~modifier)`, as VS Code renders icons in status texts (and escapes them: `\$(name)`). */
const ICON_SYNTAX = /\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/g;

/** Text from a document or a workspace as an item shows it: whitespace runs as one space, at most `maxChars`, icons escaped. */
export function shownText(text: string, maxChars: number): string {
  const oneLine = text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return cutText(oneLine, maxChars).replace(ICON_SYNTAX, (icon) => `\\${icon}`);
}
