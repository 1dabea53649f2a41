// JSON pointers as the official validator reports paths, and how messages read them.
import { nodeAtPointer, type SyntaxNode } from '../../syntax/tree';

export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(...segments: ReadonlyArray<string | number>): string {
  return segments.map((segment) => `/${escapeSegment(String(segment))}`).join('');
}

/** A member of an object or an element of an array, by its pointer segment (unescaped). */
export function childAt(node: SyntaxNode, segment: string): SyntaxNode | undefined {
  return nodeAtPointer(node, `/${escapeSegment(segment)}`);
}

const MAX_SEGMENT_CHARS = 60;

/** `/tools/0/examples/a b` → `tools[0].examples['a b']`: how messages name a place. */
export function readablePath(pointer: string): string {
  if (pointer === '') return 'the document';
  let text = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const clipped = segment.length > MAX_SEGMENT_CHARS ? `${segment.slice(0, MAX_SEGMENT_CHARS - 1)}…` : segment;
    if (/^(?:0|[1-9][0-9]*)$/.test(segment)) text += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(segment)) text += text === '' ? clipped : `.${clipped}`;
    else text += `['${clipped.replace(/'/g, "\\'")}']`;
  }
  return text;
}

/** The pointer of an interaction step inside a tool, and what follows it. */
const STEP_POINTER = /^\/tools\/(?:0|[1-9][0-9]*)(\/interactionExamples\/[^/]+\/steps\/(?:0|[1-9][0-9]*))(?=\/|$)/;

/**
 * The interaction step of `tool` that a document pointer lies in (the step itself or below it), when it
 * does: what another rule's finding about the same step is matched on (sameProblem.ts).
 */
export function stepAtPointer(tool: SyntaxNode, pointer: string): SyntaxNode | undefined {
  const match = STEP_POINTER.exec(pointer);
  return match ? nodeAtPointer(tool, match[1]) : undefined;
}
