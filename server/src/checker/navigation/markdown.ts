// Markdown text pieces: user text escaped so it reads literally, names as code spans.

/** Characters CommonMark may read as markup anywhere in a line. */
const INLINE_MARKUP = /[\\`*_[\]<>#|~]/g;
/** What starts a list or a quote when it opens a line. */
const LINE_START_MARKUP = /^([ \t]*)([-+>]|\d+[.)])/gm;

export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(INLINE_MARKUP, '\\$&')
      .replace(LINE_START_MARKUP, (_match, indent: string, marker: string) => `${indent}\\${marker}`)
      // Line breaks inside a message stay line breaks (two trailing spaces), not new paragraphs.
      .replace(/\r\n|\r|\n/g, '  \n')
  );
}

/** A code span of `text`, with a fence longer than any backtick run inside it. */
export function code(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  if (flat.length === 0) return '`""`';
  let longestRun = 0;
  for (const run of flat.match(/`+/g) ?? []) longestRun = Math.max(longestRun, run.length);
  const fence = '`'.repeat(longestRun + 1);
  const pad = longestRun > 0 || flat.startsWith(' ') || flat.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Names this long are cut where many are listed (a tool may declare thousands, each of any length). */
const MAX_LISTED_CHARS = 100;

export function clipped(name: string): string {
  if (name.length <= MAX_LISTED_CHARS) return name;
  // Never cut a surrogate pair in half.
  const end = /[\uD800-\uDBFF]/.test(name[MAX_LISTED_CHARS - 1]) ? MAX_LISTED_CHARS - 1 : MAX_LISTED_CHARS;
  return `${name.slice(0, end)}…`;
}
