// Finds where a declaration value sits in a file's text, as the 1-based line and UTF-16 column
// that VS Code shows in the Problems panel (`at line L and character C`).

export interface ValuePosition {
  /** 1-based line number. */
  line: number;
  /** 1-based UTF-16 column of the value's opening quote. */
  column: number;
}

/** The position of the string value in the first `"declaration": "NAME"` member of `text`. */
export function findDeclarationValue(text: string, name: string): ValuePosition | undefined {
  const match = declarationPattern(name).exec(text);
  if (!match) return undefined;
  const valueOffset = match.index + match[0].length - `"${name}"`.length;
  const before = text.slice(0, valueOffset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: valueOffset - lineStart + 1 };
}

/** Matches `"declaration": "NAME"`, the value last; whitespace (including tabs) may vary. */
export function declarationPattern(name: string): RegExp {
  return new RegExp(`"declaration"\\s*:\\s*"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);
}

/** The 1-based line and UTF-16 column of `offset` in `text`. */
export function positionOf(text: string, offset: number): ValuePosition {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}
