// The fast YAML path (fastYamlTree.ts) against the full one (the `yaml` package and
// YamlTreeBuilder): whenever it does not give up, the same tree (every member of every node:
// types, offsets, lengths, values, colonOffset, key order, duplicates, parent links), the same
// document range and the same errors; and checkDocument reports the same diagnostics either way.
// Inputs: every YAML fixture, the hostile YAML cases, documents the benchmark generator writes,
// documents `yaml` writes in every style it has, hand-written edge cases, line soup and damaged
// fixtures (seeded). It must really be taken (generated and example workspace documents), and
// must give up on what is outside its subset. Another seed or a longer run:
// MCPDESC_FAST_YAML_SEED=n MCPDESC_FAST_YAML_ITERATIONS=n node --test out/test/yaml/fastYamlTree.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stringify } from 'yaml';
import type { Node } from 'jsonc-parser';
import { checkDocument } from '../../server/src/checker';
import { backends } from '../../server/src/checker/check';
import { parseYamlForCheck } from '../../server/src/checker/yaml/register';
import { buildFastYamlTree } from '../../server/src/checker/yaml/fastYamlTree';
import { DEFAULT_ALIAS_EXPANSION_LIMIT, parseYamlDocuments } from '../../server/src/checker/yaml/parseYamlDocuments';
import { generateMcpdesc } from '../../bench/generate';
import { benchDataDir } from '../../bench/dataDir';
import { GENERATED_CASES } from '../hostile/support/generatedCases';
import { SeededRandom } from '../support/random';
import { repoPath } from '../support/repo';

/**
 * One node without its object links: `parent` is its container's index in the preorder list,
 * `children` a count; a node reached again (the children an alias shares with its anchor) is
 * `sameAs` its first record's index, and is not walked again.
 */
interface NodeRecord {
  members?: Record<string, unknown>;
  children?: number;
  parent?: number;
  sameAs?: number;
}

function flatten(root: Node | undefined): NodeRecord[] {
  const records: NodeRecord[] = [];
  if (!root) return records;
  const seen = new Map<Node, number>();
  const pendingNodes: Node[] = [root];
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
      if (name === 'parent' || name === 'children') continue;
      // An alias copy's origin is its definition: recorded by where that is, not walked.
      members[name] = name === 'origin' && value ? `origin at ${(value as Node).offset}+${(value as Node).length} ${(value as Node).type}` : value;
    }
    const children = node.children;
    const index = records.push({ members, children: children?.length, parent }) - 1;
    seen.set(node, index);
    if (!children) continue;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      const owned = child.parent === node;
      assert.ok(owned || (node as { origin?: unknown }).origin !== undefined, `child ${i} of the ${node.type} at ${node.offset} has another parent`);
      pendingNodes.push(child);
      pendingParents.push(owned ? index : undefined);
    }
  }
  return records;
}

function describeInput(text: string): string {
  return text.length <= 20_000 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 2000))} … (${text.length} characters)`;
}

/**
 * Whether the fast path took `text`; when it did, its tree, range and errors are the full path's
 * (which must have read the text as one document without syntax errors).
 */
function assertSameAsFullPath(text: string, context = ''): boolean {
  try {
    const fast = buildFastYamlTree(text, DEFAULT_ALIAS_EXPANSION_LIMIT);
    if (!fast) return false;
    const full = parseYamlDocuments(text, { fastPath: false });
    assert.deepStrictEqual(full.errors.filter((error) => error.code !== 'DUPLICATE_KEY'), [], 'the full path finds no syntax error');
    assert.equal(full.documents.length, 1, 'one document');
    assert.deepStrictEqual({ offset: fast.offset, length: fast.length }, { offset: full.documents[0].offset, length: full.documents[0].length });
    assert.deepStrictEqual(flatten(fast.root), flatten(full.documents[0].root));
    assert.deepStrictEqual(fast.errors, full.errors);
    return true;
  } catch (error) {
    if (error instanceof assert.AssertionError) error.message = `${context}\ninput: ${describeInput(text)}\n${error.message}`;
    throw error;
  }
}

/** checkDocument's diagnostics (and fixes' presence) with the fast path and without it. */
function assertSameDiagnostics(text: string, context: string): void {
  const withFastPath = checkDocument(text, { format: 'yaml' });
  const backend = backends.yaml!;
  backends.yaml = { ...backend, parse: (source) => parseYamlForCheck(source, { fastPath: false }) };
  let withoutFastPath: ReturnType<typeof checkDocument>;
  try {
    withoutFastPath = checkDocument(text, { format: 'yaml' });
  } finally {
    backends.yaml = backend;
  }
  assert.deepStrictEqual(withFastPath.diagnostics, withoutFastPath.diagnostics, `${context}: the same diagnostics`);
}

function yamlFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...yamlFiles(full));
    else if (/\.ya?ml$/.test(entry.name)) files.push(full);
  }
  return files.sort();
}

const FIXTURES = yamlFiles(repoPath('test-fixtures')).map((file) => ({ file, text: fs.readFileSync(file).toString('utf8') }));

/** Texts the fast path must read as the full path does (each must be taken: it is in the subset). */
const TAKEN_CASES = [
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

/** Texts outside the subset (or broken): the fast path gives up. */
const GIVEN_UP_CASES = [
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

describe('the fast YAML path reads its subset exactly as the full path', () => {
  it('on hand-written edge cases (all taken)', () => {
    for (const text of TAKEN_CASES) {
      assert.ok(assertSameAsFullPath(text), `the fast path takes ${JSON.stringify(text)}`);
      assertSameDiagnostics(text, JSON.stringify(text));
    }
  });

  it('gives up on what lies outside the subset', () => {
    for (const text of GIVEN_UP_CASES) assert.equal(buildFastYamlTree(text, DEFAULT_ALIAS_EXPANSION_LIMIT), undefined, `the fast path gives up on ${JSON.stringify(text)}`);
  });

  it('on every YAML fixture (test-fixtures/**), with the same diagnostics', () => {
    assert.ok(FIXTURES.length >= 70, `only ${FIXTURES.length} YAML fixtures found`);
    assert.ok(FIXTURES.some(({ file }) => file.includes(`${path.sep}hostile${path.sep}`)), 'the hostile fixtures are included');
    let taken = 0;
    for (const { file, text } of FIXTURES) {
      if (assertSameAsFullPath(text, file)) taken++;
      assertSameDiagnostics(text, file);
    }
    assert.ok(taken >= FIXTURES.length / 2, `the fast path took ${taken} of ${FIXTURES.length} fixtures`);
  });

  it('takes the example workspace YAML', () => {
    const examples = FIXTURES.filter(({ file }) => file.includes(`${path.sep}workspace${path.sep}`));
    assert.ok(examples.length >= 2);
    for (const { file, text } of examples) assert.ok(assertSameAsFullPath(text, file), `the fast path takes ${file}`);
  });

  it('on the hostile YAML cases', () => {
    const cases = GENERATED_CASES.filter((generated) => generated.format === 'yaml');
    assert.ok(cases.length >= 2);
    for (const generated of cases) assertSameAsFullPath(generated.build(), `generated case ${generated.name}`);
  });

  it('takes the benchmark generator’s YAML (20 KB to 1 MB, several seeds), with the same diagnostics', () => {
    for (const [seed, bytes] of [[1, 20_000], [2, 60_000], [3, 200_000], [20263601, 1024 * 1024]]) {
      const { text } = generateMcpdesc(seed, bytes, { format: 'yaml' });
      assert.ok(assertSameAsFullPath(text, `generated seed ${seed}`), `the fast path takes the generated document of seed ${seed}`);
      if (bytes < 500_000) assertSameDiagnostics(text, `generated seed ${seed}`);
    }
  });

  const benchFile = path.join(benchDataDir(), 'docs', 'bench-1mb.mcpdesc.yaml');
  it('takes the 1 MB benchmark document', { skip: fs.existsSync(benchFile) ? false : `no ${benchFile} (npm run bench writes it)` }, () => {
    assert.ok(assertSameAsFullPath(fs.readFileSync(benchFile, 'utf8'), benchFile));
  });
});

describe('the fast YAML path against the full path on generated and fuzzed text (seeded)', () => {
  const seed = Number(process.env.MCPDESC_FAST_YAML_SEED ?? 20260612);
  const iterations = Number(process.env.MCPDESC_FAST_YAML_ITERATIONS ?? 1500);

  it(`on ${iterations} documents \`yaml\` writes in random styles (seed ${seed})`, () => {
    const random = new SeededRandom(seed);
    let taken = 0;
    for (let i = 0; i < iterations; i++) {
      const text = stringify(randomValue(random, 0), null, randomStyle(random));
      if (assertSameAsFullPath(text, `styled document ${i} of seed ${seed}`)) taken++;
    }
    assert.ok(taken > iterations / 3, `the fast path took ${taken} of ${iterations}`);
  });

  it(`on ${iterations} texts of YAML line soup (seed ${seed})`, () => {
    const random = new SeededRandom(seed + 1);
    let taken = 0;
    for (let i = 0; i < iterations; i++) if (assertSameAsFullPath(lineSoup(random), `line soup ${i} of seed ${seed}`)) taken++;
    assert.ok(taken > iterations / 20, `the fast path took ${taken} of ${iterations}`);
  });

  it(`on ${iterations} damaged fixture and generated texts (seed ${seed})`, () => {
    const random = new SeededRandom(seed + 2);
    const texts = [...FIXTURES.map(({ text }) => text), ...[1, 2, 3].map((s) => generateMcpdesc(s, 8_000, { format: 'yaml' }).text)];
    let taken = 0;
    for (let i = 0; i < iterations; i++) {
      let text = random.pick(texts);
      for (let count = 1 + random.below(3); count > 0; count--) text = damage(text, random);
      if (assertSameAsFullPath(text, `damaged text ${i} of seed ${seed}`)) taken++;
    }
    assert.ok(taken > iterations / 10, `the fast path took ${taken} of ${iterations}`);
  });
});

const WORDS = ['a', 'b', 'name', 'type', 'x y', 'é', '😀', '1', '-1', '0x1F', '1.5', '.inf', 'true', 'False', 'null', '~', '', ' lead', 'trail ',
  'a: b', 'a #b', 'a#b', '- a', '[a]', '{a}', 'a,b', "it's", 'say "hi"', 'back\\slash', 'tab\there', 'line\nbreak', '*a', '&a', '!t', '|', '>', '?',
  '%', '@', '`', '---', '...', '<<', 'http://x.y/z?q#f', '2025-03-26', '0.8.0', '\u0085', '\u00a0', '\u2028', 'x'.repeat(40)];

function randomValue(random: SeededRandom, depth: number): unknown {
  const kind = random.below(depth > 4 ? 4 : 7);
  switch (kind) {
    case 0: return random.pick(WORDS);
    case 1: return random.pick([0, -0, 1, -12, 3.25, 1e21, 1e-7, NaN, Infinity, -Infinity, 2 ** 53 + 2]);
    case 2: return random.pick([true, false, null]);
    case 3: return `${random.pick(WORDS)} ${random.pick(WORDS)}`;
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

function randomStyle(random: SeededRandom): Parameters<typeof stringify>[2] {
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

const SOUP_KEYS = ['a', 'b', 'a', '"q"', "'s'", '1', 'true', 'null', '~', 'a b', 'x:y', 'é', '<<', '"<<"', '? a', '[a]', '&k a', '!t a', '-1'];
const SOUP_VALUES = ['', '1', '-0', '0x1F', '0o17', '1e3', '.5', '.inf', '.nan', 'true', 'NULL', '~', 'x', 'a b', '"a\\tb"', '"\\u00e9"', '"\\q"',
  "'it''s'", '[]', '{}', '[a, b]', '{a: 1, b: [x]}', '[a,', '{a}', 'http://x', 'a#b', 'a # c', 'b: c', '- x', '&x v', '*x', '!t v', '|', '>-',
  '"unclosed', "'unclosed", '2025-01-01', '# c', '@x', '`x`', '{a: 1, a: 2}', '[a: b]', '"a":1'];

/** Lines of block YAML at random indentation: mostly `key: value` and `- item`, often broken. */
function lineSoup(random: SeededRandom): string {
  const lines: string[] = [];
  let indent = 0;
  for (let i = random.below(12); i >= 0; i--) {
    indent = Math.max(0, indent + random.pick([0, 0, 0, 2, -2, -4, 1]));
    const pad = ' '.repeat(indent);
    const value = random.pick(SOUP_VALUES);
    switch (random.below(8)) {
      case 0:
      case 1:
      case 2: lines.push(`${pad}${random.pick(SOUP_KEYS)}:${value ? ' ' : ''}${value}`); break;
      case 3:
      case 4: lines.push(`${pad}- ${value}`); break;
      case 5: lines.push(`${pad}- ${random.pick(SOUP_KEYS)}: ${value}`); break;
      case 6: lines.push(random.pick(['', '# comment', `${pad}# c`, '---', '-', `${pad}-`, '...', '\t', `${pad}${value}`])); break;
      default: lines.push(`${pad}${random.pick(SOUP_KEYS)}:`); indent += 2;
    }
  }
  return lines.join(random.chance(0.2) ? '\r\n' : '\n') + (random.chance(0.8) ? '\n' : '');
}

const INSERTS = [' ', '  ', '\n', '\r\n', '\r', '\t', '- ', ': ', ':', '#', ' #', "'", '"', '{', '}', '[', ']', ',', '&a ', '*a', '!t ', '|', '>',
  '? ', '---\n', '...\n', '\\', '1', 'x', 'é', '\u0000', '\ufeff', '\u2028', '\ud800', '<<: '];

/** One edit: a character or token inserted or deleted, a line removed, doubled, or re-indented. */
function damage(text: string, random: SeededRandom): string {
  const at = random.below(text.length + 1);
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEndAt = text.indexOf('\n', at);
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt + 1;
  switch (random.below(6)) {
    case 0:
    case 1: return text.slice(0, at) + random.pick(INSERTS) + text.slice(at);
    case 2: return text.slice(0, at) + text.slice(at + 1 + random.below(4));
    case 3: return text.slice(0, lineStart) + text.slice(lineEnd);
    case 4: return text.slice(0, lineEnd) + text.slice(lineStart, lineEnd) + text.slice(lineEnd);
    default: return text.slice(0, lineStart) + random.pick([' ', '  ', '']) + text.slice(lineStart + random.below(3));
  }
}
