// Inputs and a tree comparison for the differential tests of the YAML reader against the composed
// reference (yamlComposedReference.ts): hand-written edge cases, random values `yaml` writes in
// random styles, line soup, damage to a text; a node-by-node record of a tree; and checkDocument's
// diagnostics through both readings.
import assert from 'node:assert/strict';
import { checkDocument } from '../../server/src/checker';
import { documentCheckOf, parseAndFind } from '../../server/src/checker/check';
import { LineIndex } from '../../server/src/checker/syntax/lineIndex';
import { childrenOf, type SyntaxNode, type ValueNode } from '../../server/src/checker/syntax/tree';
import { parseYamlDocumentsComposed } from './yamlComposedReference';
import type { stringify } from 'yaml';
import type { SeededRandom } from './random';

/**
 * One node without its object links: `parent` is its container's index in the preorder list,
 * `children` a count of the nodes under it (an object's properties, a property's key and value, an
 * array's items); a node reached again (the children an alias shares with its anchor) is
 * `sameAs` its first record's index, and is not walked again.
 */
export interface NodeRecord {
  members?: Record<string, unknown>;
  children?: number;
  parent?: number;
  sameAs?: number;
}

export function flatten(root: SyntaxNode | undefined): NodeRecord[] {
  const records: NodeRecord[] = [];
  if (!root) return records;
  const seen = new Map<SyntaxNode, number>();
  const pendingNodes: SyntaxNode[] = [root];
  const pendingParents: Array<number | undefined> = [undefined];
  while (pendingNodes.length > 0) {
    const node = pendingNodes.pop()!;
    const parent = pendingParents.pop();
    const known = seen.get(node);
    if (known !== undefined) {
      records.push({ sameAs: known });
      continue;
    }
    const members: Record<string, unknown> = { class: node.constructor.name };
    for (const [name, value] of Object.entries(node)) {
      // Links to other nodes are the records' structure, not members.
      if (name === 'parent' || name === 'properties' || name === 'items' || name === 'key') continue;
      if (name === 'value' && node.type === 'property') continue;
      // An alias copy's origin is its definition: recorded by where that is, not walked.
      members[name] =
        name === 'origin' && value ? `origin at ${node.origin!.offset}+${node.origin!.length} ${node.origin!.type}` : value;
    }
    const isContainer = node.type === 'object' || node.type === 'array' || node.type === 'property';
    const children = childrenOf(node);
    const index = records.push({ members, children: isContainer ? children.length : undefined, parent }) - 1;
    seen.set(node, index);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      const owned = child.parent === node;
      assert.ok(owned || node.origin !== undefined, `child ${i} of the ${node.type} at ${node.offset} has another parent`);
      pendingNodes.push(child);
      pendingParents.push(owned ? index : undefined);
    }
  }
  return records;
}

/** Hand-written texts: common block YAML, scalars of every core type, quoting, flow, anchors. */
export const EDGE_CASES = [
  'a: 1\n',
  'a: 1',
  'a:\nb:   \nc:  # x\nd: 1  \n',
  '# c\n\n---\na: 1\n# end\n\n',
  '---\r\na: 1\r\nb:\r\n  - x\r\n  - y\r\n',
  '\n\na: 1   # c\n',
  '- a\n-   b: 1\n    c: 2\n',
  'k:\n- x\n- y\nm: 2\n',
  'a: [ x , {p: 1}, "q" ]\n',
  '-\n  a: 1\n',
  '- # note\n  a: 1\n',
  'a:\n  # c\nb: 1\n',
  'a:\n  b\n',
  'a:\n    "b"   # c\nz: 1\n',
  '- - a\n  - b\n- c\n',
  'k: "x\\ty \\u00e9 \\U0001F600 \\x41 \\" \\\\ \\/ \\N \\_ \\L \\P \\0 \\a \\b \\e \\f \\n \\r \\v \\ "  # c\n',
  "k: 'it''s' # c\n'q''': \"r\"\n",
  'n: [~, null, Null, NULL, nul, true, True, TRUE, tRue, false, False, FALSE]\n',
  'i: [0, -0, +1, 007, 0o17, 0o8, 0x1F, 0X1F, -0x1, 123456789012345678901234567890, 1_000]\n',
  'f: [1.0, -1.5, .5, 1., +.5, 1e3, 1E-3, .1e2, 1.e2, .inf, -.Inf, +.INF, .nan, .NaN, .NAN, -.nan, 0.8.0, 2025-03-26]\n',
  '1: a\n"1": b\ntrue: c\nnull: d\n~: e\n1.50: f\n0x10: g\n.nan: h\n',
  'a: 1\nb: 2\na: 3\nc: {x: 1, y: 2, x: 3}\n',
  `${Array.from({ length: 12 }, (_, i) => `k${i % 9}: ${i}`).join('\n')}\n`,
  'url: http://example.com:8080/a?b=c#d\ntext: a#b, c [d] {e} f:g\n',
  'a: -x\nb: -1\nc: é 😀\n"d": {}\ne: []\n',
  'a: {b: {c: [1, [2, {d: e}]]}}\n',
  'a  : 1\n"b" : 2\n',
  '[a, b]\n',
  '{a: 1}\n',
  '- x\n- y\n',
  'a:\n  - b: 1\n    c:\n      - d\n  - e\n',
  'a: &x 1\nb: *x\nc: &y [2, *x]\nd: [*x, *y]\ne: &x 3\nf: *x\n',
  'a: &big\n  b: &s {c: 1}\n  d:\n    - *s\n    - &q x\ne: *big\nf:\n  - *q\n  - &l\n    - 1\n  - *l\n',
  `a: &x [${Array.from({ length: 600 }, (_, i) => i).join(', ')}]\nb: *x\nc: *x\n`,
  'a:\n-\n  b: 1\n- c\n',
];

/** Hand-written texts of every other kind: tags, merges, block scalars, streams, directives, broken text. */
export const MORE_EDGE_CASES = [
  '',
  '# only a comment\n',
  '\uFEFFa: 1\n',
  'a: &x [1]\nb: *y\n',
  'a: [*x]\n',
  'a: &x\n  b: *x\n',
  'a: {b: &x 1}\n',
  '&x a: 1\n',
  '- &x a: 1\n',
  'a: &x *y\n',
  'a: &x\nb: 1\n',
  'a: &x: 1\n',
  'a: &x [2, *x]\n',
  'a: !!str 1\n',
  'a: {x: 1}\nb:\n  <<: {y: 2}\n',
  '? a\n: b\n',
  'a: 1\n---\nb: 2\n',
  'a: 1\n...\n',
  '%YAML 1.2\n---\na: 1\n',
  'a:\n\tb: 1\n',
  'a: b\n  c\n',
  'a: "b\n  c"\n',
  'a: [b,\n  c]\n',
  'a: |\n  b\n',
  'a: >-\n  b\n',
  'a: b: c\n',
  'a: 1\n  b: 2\n',
  'a:\n    b: 1\n  c: 2\n',
  '- a\nb: 1\n',
  'a: 1\n- b\n',
  '-\n- a\n',
  'a: "\\q"\n',
  'a: [b, ]\n',
  'a: [b: c]\n',
  'a: {b}\n',
  'a: "b"c\n',
  'a: [b] c\n',
  'a: 1\rb: 2\n',
  'a: \u0085\n',
  '- - - - a\n'.replace('a', '- '.repeat(200) + 'a'),
  `${'k'.repeat(1100)}: 1\n`,
  'a: @b\n',
  'a: 1 \t\n',
  'a: `b`\n',
];

export const WORDS = [
  'a',
  'b',
  'name',
  'type',
  'x y',
  'é',
  '😀',
  '1',
  '-1',
  '0x1F',
  '1.5',
  '.inf',
  'true',
  'False',
  'null',
  '~',
  '',
  ' lead',
  'trail ',
  'a: b',
  'a #b',
  'a#b',
  '- a',
  '[a]',
  '{a}',
  'a,b',
  "it's",
  'say "hi"',
  'back\\slash',
  'tab\there',
  'line\nbreak',
  '*a',
  '&a',
  '!t',
  '|',
  '>',
  '?',
  '%',
  '@',
  '`',
  '---',
  '...',
  '<<',
  'http://x.y/z?q#f',
  '2025-03-26',
  '0.8.0',
  '\u0085',
  '\u00a0',
  '\u2028',
  'x'.repeat(40),
];

export function randomValue(random: SeededRandom, depth: number): unknown {
  const kind = random.below(depth > 4 ? 4 : 7);
  switch (kind) {
    case 0:
      return random.pick(WORDS);
    case 1:
      return random.pick([0, -0, 1, -12, 3.25, 1e21, 1e-7, NaN, Infinity, -Infinity, 2 ** 53 + 2]);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return `${random.pick(WORDS)} ${random.pick(WORDS)}`;
    case 4:
    case 5: {
      const object: Record<string, unknown> = {};
      for (let i = random.below(5); i > 0; i--) object[random.pick(WORDS)] = randomValue(random, depth + 1);
      return object;
    }
    default:
      return Array.from({ length: random.below(5) }, () => randomValue(random, depth + 1));
  }
}

export function randomStyle(random: SeededRandom): Parameters<typeof stringify>[2] {
  return {
    indent: 1 + random.below(4),
    indentSeq: random.chance(0.5),
    lineWidth: random.pick([0, 0, 20, 80]),
    minContentWidth: 0,
    collectionStyle: random.pick(['any', 'any', 'block', 'flow'] as const),
    defaultStringType: random.pick(['PLAIN', 'PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL'] as const),
    defaultKeyType: random.pick([null, 'PLAIN', 'QUOTE_DOUBLE'] as const),
    flowCollectionPadding: random.chance(0.5),
    doubleQuotedAsJSON: random.chance(0.3),
  };
}

const SOUP_KEYS = [
  'a',
  'b',
  'a',
  '"q"',
  "'s'",
  '1',
  'true',
  'null',
  '~',
  'a b',
  'x:y',
  'é',
  '<<',
  '"<<"',
  '? a',
  '[a]',
  '&k a',
  '!t a',
  '-1',
];
const SOUP_VALUES = [
  '',
  '1',
  '-0',
  '0x1F',
  '0o17',
  '1e3',
  '.5',
  '.inf',
  '.nan',
  'true',
  'NULL',
  '~',
  'x',
  'a b',
  '"a\\tb"',
  '"\\u00e9"',
  '"\\q"',
  "'it''s'",
  '[]',
  '{}',
  '[a, b]',
  '{a: 1, b: [x]}',
  '[a,',
  '{a}',
  'http://x',
  'a#b',
  'a # c',
  'b: c',
  '- x',
  '&x v',
  '*x',
  '!t v',
  '|',
  '>-',
  '"unclosed',
  "'unclosed",
  '2025-01-01',
  '# c',
  '@x',
  '`x`',
  '{a: 1, a: 2}',
  '[a: b]',
  '"a":1',
];

/** Lines of block YAML at random indentation: mostly `key: value` and `- item`, often broken. */
export function lineSoup(random: SeededRandom): string {
  const lines: string[] = [];
  let indent = 0;
  for (let i = random.below(12); i >= 0; i--) {
    indent = Math.max(0, indent + random.pick([0, 0, 0, 2, -2, -4, 1]));
    const pad = ' '.repeat(indent);
    const value = random.pick(SOUP_VALUES);
    switch (random.below(8)) {
      case 0:
      case 1:
      case 2:
        lines.push(`${pad}${random.pick(SOUP_KEYS)}:${value ? ' ' : ''}${value}`);
        break;
      case 3:
      case 4:
        lines.push(`${pad}- ${value}`);
        break;
      case 5:
        lines.push(`${pad}- ${random.pick(SOUP_KEYS)}: ${value}`);
        break;
      case 6:
        lines.push(random.pick(['', '# comment', `${pad}# c`, '---', '-', `${pad}-`, '...', '\t', `${pad}${value}`]));
        break;
      default:
        lines.push(`${pad}${random.pick(SOUP_KEYS)}:`);
        indent += 2;
    }
  }
  return lines.join(random.chance(0.2) ? '\r\n' : '\n') + (random.chance(0.8) ? '\n' : '');
}

const INSERTS = [
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '- ',
  ': ',
  ':',
  '#',
  ' #',
  "'",
  '"',
  '{',
  '}',
  '[',
  ']',
  ',',
  '&a ',
  '*a',
  '!t ',
  '|',
  '>',
  '? ',
  '---\n',
  '...\n',
  '\\',
  '1',
  'x',
  'é',
  '\u0000',
  '\ufeff',
  '\u2028',
  '\ud800',
  '<<: ',
];

/** One edit: a character or token inserted or deleted, a line removed, doubled, or re-indented. */
export function damage(text: string, random: SeededRandom): string {
  const at = random.below(text.length + 1);
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEndAt = text.indexOf('\n', at);
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt + 1;
  switch (random.below(6)) {
    case 0:
    case 1:
      return text.slice(0, at) + random.pick(INSERTS) + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(at + 1 + random.below(4));
    case 3:
      return text.slice(0, lineStart) + text.slice(lineEnd);
    case 4:
      return text.slice(0, lineEnd) + text.slice(lineStart, lineEnd) + text.slice(lineEnd);
    default:
      return text.slice(0, lineStart) + random.pick([' ', '  ', '']) + text.slice(lineStart + random.below(3));
  }
}

function describeInput(text: string): string {
  return text.length <= 20_000 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 2000))} … (${text.length} characters)`;
}

/**
 * The reader's documents (ranges and trees, every member of every node) and errors (codes,
 * messages, ranges) are the composed reference's on `text`.
 */
export function assertSameAsReference(
  text: string,
  read: (text: string) => {
    documents: Array<{ root: SyntaxNode | undefined; offset: number; length: number }>;
    errors: unknown[];
  },
  reference: (text: string) => {
    documents: Array<{ root: SyntaxNode | undefined; offset: number; length: number }>;
    errors: unknown[];
  },
  context = '',
): void {
  try {
    const actual = read(text);
    const expected = reference(text);
    assert.deepStrictEqual(actual.errors, expected.errors, 'the same errors');
    assert.deepStrictEqual(
      actual.documents.map(({ offset, length }) => ({ offset, length })),
      expected.documents.map(({ offset, length }) => ({ offset, length })),
      'the same documents',
    );
    actual.documents.forEach((document, i) =>
      assert.deepStrictEqual(flatten(document.root), flatten(expected.documents[i].root), `document ${i}: the same tree`),
    );
  } catch (error) {
    if (error instanceof assert.AssertionError) error.message = `${context}\ninput: ${describeInput(text)}\n${error.message}`;
    throw error;
  }
}

/** checkDocument's diagnostics with the reader and with the composed reference. */
export function assertSameDiagnostics(text: string, context: string): void {
  const read = checkDocument(text, { format: 'yaml' });
  const composedParse = (source: string) => {
    const parsed = parseYamlDocumentsComposed(source);
    const roots = parsed.documents.map((document) => document.root).filter((root): root is ValueNode => root !== undefined);
    const syntaxErrors = parsed.errors
      .filter((error) => error.code !== 'DUPLICATE_KEY')
      .map(({ offset, length, message }) => ({ offset, length, message }));
    return { roots, syntaxErrors };
  };
  const reference = documentCheckOf(text, 'yaml', new LineIndex(text), parseAndFind(text, 'yaml', false, {}, composedParse), {
    format: 'yaml',
  });
  assert.deepStrictEqual(read.diagnostics, reference.diagnostics, `${context}: the same diagnostics`);
}
