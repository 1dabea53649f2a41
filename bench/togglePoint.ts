// Where a benchmark or test toggles one diagnostic with a one-character edit. Kept apart from
// serverBench.ts so that a test can use it without pulling in child_process (serverBench imports
// cpuProfile.ts), which would keep that test out of its folder's shared fast-tier process.
import { toggleOffset } from './benchTexts';

/** Where a violation can be made and fixed with one character: `"action": "accept"` → `"acceptx"`. */
export interface TogglePoint {
  position: { line: number; character: number };
}

/** Where toggleOffset (benchTexts.ts) puts the edit, as a position. */
export function togglePoint(
  text: string,
  diagnosticOffsets: readonly number[] = [],
  format: 'json' | 'yaml' = 'json',
): TogglePoint {
  const offset = toggleOffset(text, format, diagnosticOffsets);
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { position: { line, character: offset - lineStart } };
}

/** The change that breaks (even step) or fixes (odd step) the response's action. */
export function toggleChange(point: TogglePoint, breaking: boolean): object {
  const { line, character } = point.position;
  return breaking
    ? { range: { start: { line, character }, end: { line, character } }, text: 'x' }
    : { range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' };
}
