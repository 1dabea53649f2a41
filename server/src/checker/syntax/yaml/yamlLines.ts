// Lines as YAML reads them: only LF and CRLF break a line. A lone CR is an ordinary character to the
// `yaml` package (inside a comment or a scalar), so the fix editor must neither write one as a line
// break nor take one for the end of a line.

/** The document's line break: CRLF when its first LF follows a CR, else LF. */
export function yamlLineBreak(text: string): string {
  const lf = text.indexOf('\n');
  return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
}

/** The offset where the line holding `offset` starts. */
export function yamlLineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset of the line break ending the line that holds `offset` (past a comment), or the end of the text. */
export function yamlLineEnd(text: string, offset: number): number {
  const lf = text.indexOf('\n', offset);
  if (lf < 0) return text.length;
  return lf > offset && text[lf - 1] === '\r' ? lf - 1 : lf;
}

/** The length of the line break at `offset` (0 when there is none). */
export function yamlLineBreakLength(text: string, offset: number): number {
  if (text.startsWith('\r\n', offset)) return 2;
  return text[offset] === '\n' ? 1 : 0;
}

/** Whether only blanks precede `offset` on its line. */
export function yamlStartsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(yamlLineStart(text, offset), offset));
}

/**
 * The document's smallest indentation (its indentation unit), in spaces, '\t' when it indents with
 * tabs, or undefined when no line is indented.
 */
export function yamlSmallestIndentation(text: string): string | undefined {
  let smallest = 0;
  let seen = 0;
  const pattern = /(?:^|\n)([ \t]+)\S/g;
  for (let match = pattern.exec(text); match && seen < 200; match = pattern.exec(text)) {
    const indentation = match[1];
    if (indentation.startsWith('\t')) return '\t';
    if (smallest === 0 || indentation.length < smallest) smallest = indentation.length;
    seen++;
  }
  return smallest > 0 ? ' '.repeat(smallest) : undefined;
}
