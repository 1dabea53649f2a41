// Where a finding sits in its document without counting lines: the structural path of the innermost
// node holding the diagnostic's span, and a digest of the span's text. SARIF's partialFingerprints
// are made of it, so that code scanning keeps one alert for one finding when unrelated lines above
// it are added or removed, and sees a new alert when the finding itself changes.
import { createHash } from 'node:crypto';
import type { Diagnostic, SyntaxNode } from '../checker';

export interface FindingAnchor {
  /**
   * A JSON pointer from the document root; array elements that are objects with a string `name`
   * member (tools, elicitation declarations) are named `name=VALUE`, so inserting a tool before
   * another does not move the other's findings. Prefixed with `$N` when the text holds several
   * YAML documents.
   */
  path: string;
  /** SHA-256 (hex) of the text the diagnostic covers. */
  textDigest: string;
}

export type AnchoredDiagnostic = Diagnostic & {
  anchor: FindingAnchor;
  /** The range's columns counted in UTF-8 bytes (zero-based, each in its own line), for formats that count so (rdjson). */
  utf8?: { startColumn: number; endColumn: number };
};

/** The anchors of a text's diagnostics, given what the checker parsed. */
export function anchorDiagnostics(
  diagnostics: readonly Diagnostic[],
  text: string,
  roots: readonly SyntaxNode[],
): AnchoredDiagnostic[] {
  const segmentsOfArrays = new WeakMap<SyntaxNode, Map<SyntaxNode, string>>();
  return diagnostics.map((diagnostic) => {
    const start = diagnostic.data.offset;
    const end = start + diagnostic.data.length;
    const rootIndex = rootContaining(roots, start, end);
    const segments = rootIndex < 0 ? [] : pathWithin(roots[rootIndex], start, end, segmentsOfArrays);
    const prefix = roots.length > 1 && rootIndex >= 0 ? `$${rootIndex}` : '';
    return {
      ...diagnostic,
      anchor: {
        path: prefix + segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''),
        textDigest: sha256(text.slice(start, end)),
      },
    };
  });
}

/** For a finding that has no document to point into (a file too large to read). */
export function unanchored(diagnostic: Diagnostic): AnchoredDiagnostic {
  return { ...diagnostic, anchor: { path: '', textDigest: sha256('') } };
}

/**
 * The same diagnostics with their columns in UTF-8 bytes as well. A range's character is counted in
 * UTF-16 code units, as string offsets are, so its line starts `character` units before its offset.
 * The points are counted in offset order, each from the one before it on its line: a minified
 * document is one line, and counting each point from the line's start would be quadratic.
 */
export function withUtf8Columns(diagnostics: readonly AnchoredDiagnostic[], text: string): AnchoredDiagnostic[] {
  const points = diagnostics.flatMap((diagnostic) => {
    const { offset, length } = diagnostic.data;
    const { start, end } = diagnostic.range;
    return [
      { offset, lineStart: offset - start.character },
      { offset: offset + length, lineStart: offset + length - end.character },
    ];
  });
  const order = points.map((_, index) => index).sort((a, b) => points[a].offset - points[b].offset);
  const bytes = new Array<number>(points.length);
  let previous = { offset: 0, lineStart: -1, bytes: 0 };
  for (const index of order) {
    const { offset, lineStart } = points[index];
    if (lineStart < 0 || offset > text.length) {
      bytes[index] = offset - lineStart;
      continue;
    }
    const from = previous.lineStart === lineStart ? previous : { offset: lineStart, bytes: 0 };
    const counted = from.bytes + Buffer.byteLength(text.slice(from.offset, offset), 'utf8');
    bytes[index] = counted;
    previous = { offset, lineStart, bytes: counted };
  }
  return diagnostics.map((diagnostic, index) => ({
    ...diagnostic,
    utf8: { startColumn: bytes[2 * index], endColumn: bytes[2 * index + 1] },
  }));
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The first root holding the span, found by bisection: roots are a text's documents, in order and
 * apart, and a YAML stream of 40,000 documents with a finding in each must not scan them all per finding.
 */
function rootContaining(roots: readonly SyntaxNode[], start: number, end: number): number {
  // The first root ending at or after the span's end: no earlier one can hold it, no later one holds it unless this one does.
  let low = 0;
  let high = roots.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (roots[middle].offset + roots[middle].length < end) low = middle + 1;
    else high = middle;
  }
  return low < roots.length && contains(roots[low], start, end) ? low : -1;
}

function contains(node: SyntaxNode, start: number, end: number): boolean {
  return node.offset <= start && end <= node.offset + node.length;
}

function pathWithin(
  root: SyntaxNode,
  start: number,
  end: number,
  segmentsOfArrays: WeakMap<SyntaxNode, Map<SyntaxNode, string>>,
): string[] {
  const segments: string[] = [];
  let node = root;
  for (;;) {
    const child = childContaining(node, start, end);
    if (!child) return segments;
    if (child.type === 'property') {
      // Its key names the step, and the path ends on the key unless the span is in the value.
      segments.push(child.key.value);
      const value = child.value;
      if (!value || !contains(value, start, end)) return segments;
      node = value;
    } else if (node.type === 'array') {
      segments.push(elementSegment(node, child, segmentsOfArrays));
      node = child;
    } else {
      return segments;
    }
  }
}

/** Children are in document order, so the one holding the span is found by bisection (arrays can be huge). */
function childContaining(node: SyntaxNode, start: number, end: number): SyntaxNode | undefined {
  const children = node.type === 'object' ? node.properties : node.type === 'array' ? node.items : undefined;
  if (!children || children.length === 0) return undefined;
  let low = 0;
  let high = children.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (children[middle].offset <= start) low = middle;
    else high = middle - 1;
  }
  // A zero-length span at the boundary of two children belongs to the earlier one as well; either is stable.
  return contains(children[low], start, end) ? children[low] : undefined;
}

function elementSegment(
  array: SyntaxNode,
  element: SyntaxNode,
  segmentsOfArrays: WeakMap<SyntaxNode, Map<SyntaxNode, string>>,
): string {
  let segments = segmentsOfArrays.get(array);
  if (!segments) {
    segments = new Map();
    const seen = new Map<string, number>();
    if (array.type !== 'array') return '';
    array.items.forEach((child, index) => {
      const name = nameOf(child);
      if (name === undefined) {
        segments!.set(child, String(index));
        return;
      }
      // Same-named elements are told apart by their order among themselves, not by their index.
      const occurrence = seen.get(name) ?? 0;
      seen.set(name, occurrence + 1);
      segments!.set(child, occurrence === 0 ? `name=${name}` : `name=${name}#${occurrence}`);
    });
    segmentsOfArrays.set(array, segments);
  }
  return segments.get(element) ?? '';
}

function nameOf(element: SyntaxNode): string | undefined {
  if (element.type !== 'object') return undefined;
  for (let i = element.properties.length - 1; i >= 0; i--) {
    const { key, value } = element.properties[i];
    if (key.value === 'name' && value?.type === 'string') return value.value;
  }
  return undefined;
}
