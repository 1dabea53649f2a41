// The fixture corpora's X.expected.json entries: the comparable shape of a diagnostic, its order,
// and LSP positions computed independently of the checker's own line index.

export interface ExpectedDiagnostic {
  violation: string;
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
}

interface RangedDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  data?: unknown;
}

/** Position order, then violation (as the expected files are written). */
export function compareExpected(a: ExpectedDiagnostic, b: ExpectedDiagnostic): number {
  return (
    a.line - b.line ||
    a.character - b.character ||
    a.endLine - b.endLine ||
    a.endCharacter - b.endCharacter ||
    (a.violation < b.violation ? -1 : a.violation > b.violation ? 1 : 0)
  );
}

/** The comparable shape of a diagnostic (the checker's or one published over LSP). */
export function toExpectedShape(diagnostic: RangedDiagnostic): ExpectedDiagnostic {
  return {
    violation: String((diagnostic.data as { violation?: unknown } | undefined)?.violation),
    line: diagnostic.range.start.line,
    character: diagnostic.range.start.character,
    endLine: diagnostic.range.end.line,
    endCharacter: diagnostic.range.end.character,
  };
}

/** LSP position of a UTF-16 offset, computed here independently of the checker's line index. */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, character: offset - lineStart };
}
