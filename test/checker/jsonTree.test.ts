// The tree builder against jsonc-parser's parseTree, which it replaces on the check path: for any
// text, valid or not, the same nodes (types, offsets, lengths, values, colonOffset, parent links,
// children; the typed tree compared in parseTree's shape, test/support/jsoncShape.ts) and the same
// errors in the same order. Inputs: hand-written edge cases, every JSON/JSONC
// fixture, the generated hostile documents, the benchmark documents when present, and a seeded
// fuzzer (token soup and damaged fixtures). Another seed or a longer run:
// MCPDESC_JSONTREE_SEED=n MCPDESC_JSONTREE_ITERATIONS=n node --test out/test/checker/jsonTree.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { buildJsonTree } from '../../server/src/checker/syntax/json/jsonTree';
import { rootObjectHasMember } from '../../server/src/checker/syntax/json/rootMember';
import { parseJsonDocument } from '../../server/src/checker/syntax/json/jsonDocument';
import { benchDataDir } from '../../bench/dataDir';
import { generateMcpdesc } from '../../bench/generate';
import { SHAPE_FORMATS, SHAPE_NAMES } from '../../bench/shapes';
import { GENERATED_CASES } from '../hostile/support/generatedCases';
import { damagedFixture, jsonFixtures, tokenSoup, TRICKY_CASES } from '../support/jsonFuzz';
import { SeededRandom } from '../support/random';
import { repoPath } from '../support/repo';
import { asJsoncNode } from '../support/jsoncShape';
import { childrenOf, type SyntaxNode } from '../../server/src/checker/syntax/tree';

const PARSE_TREE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/** One node without its object links: where it sits is its index in the preorder list. */
interface NodeRecord {
  /** The node's own members by name (a member set to undefined counts, as for deepStrictEqual). */
  members: string;
  type: string;
  value: unknown;
  offset: number;
  length: number;
  colonOffset: number | undefined;
  /** How many children (or undefined without a children member). */
  children: number | undefined;
  /** Index of the container in the list; the root has none (its own parent member would be listed in `members`). */
  parent: number | undefined;
}

const NODE_MEMBERS = ['type', 'value', 'offset', 'length', 'colonOffset', 'parent', 'children'] as const;

/**
 * The tree as a flat preorder list of same-shaped records, so that deep trees stay comparable and
 * a diff stays readable. `children` becomes the child count, `parent` the container's index, and
 * `members` names what the node really has. Asserts on the way that each child's `parent` is its
 * container.
 */
function flatten(root: Node | undefined): NodeRecord[] {
  const records: NodeRecord[] = [];
  if (!root) return records;
  const pendingNodes: Node[] = [root];
  const pendingParents: Array<number | undefined> = [undefined];
  while (pendingNodes.length > 0) {
    const node = pendingNodes.pop()!;
    const parent = pendingParents.pop();
    const known = NODE_MEMBERS.filter((name) => Object.hasOwn(node, name));
    const others = Object.keys(node).filter((name) => !(NODE_MEMBERS as readonly string[]).includes(name));
    const members = others.length === 0 ? known.join(',') : `${known.join(',')} and unexpected ${others.join(',')}`;
    const children = node.children;
    const index =
      records.push({
        members,
        type: node.type,
        value: node.value,
        offset: node.offset,
        length: node.length,
        colonOffset: node.colonOffset,
        children: children?.length,
        parent,
      }) - 1;
    if (!children) continue;
    for (let i = children.length - 1; i >= 0; i--) {
      assert.ok(children[i].parent === node, `child ${i} of the ${node.type} at ${node.offset} has another parent`);
      pendingNodes.push(children[i]);
      pendingParents.push(index);
    }
  }
  return records;
}

interface Outcome {
  nodes?: NodeRecord[];
  errors?: ParseError[];
  thrown?: string;
}

function outcome(parse: () => { root: Node | undefined; errors: ParseError[] }): Outcome {
  let result: { root: Node | undefined; errors: ParseError[] };
  try {
    result = parse();
  } catch (error) {
    // parseTree gives up on absurd nesting with the engine's RangeError; so must the builder.
    return { thrown: error instanceof Error ? error.constructor.name : String(error) };
  }
  return { nodes: flatten(result.root), errors: result.errors };
}

/** Asserts that every node under `root` has its container as its parent (the shape conversion does not look). */
function assertParentLinks(root: SyntaxNode): void {
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    for (const child of childrenOf(node)) {
      assert.ok(child.parent === node, `a child of the ${node.type} at ${node.offset} has another parent`);
      pending.push(child);
    }
  }
}

/** The whole input, but for the big documents (which the context names). */
function describeInput(text: string): string {
  return text.length <= 100_000 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 2000))} … (${text.length} characters)`;
}

/** The builder's tree and errors for `text` deep-equal parseTree's; a failure shows the input. */
function assertSameAsParseTree(text: string, context = ''): void {
  try {
    const expected = outcome(() => {
      const errors: ParseError[] = [];
      return { root: parseTree(text, errors, PARSE_TREE_OPTIONS), errors };
    });
    const actual = outcome(() => {
      const { root, errors } = buildJsonTree(text);
      if (root) assertParentLinks(root);
      return { root: root && asJsoncNode(root), errors };
    });
    assert.deepStrictEqual(actual, expected);
  } catch (error) {
    if (error instanceof Error) error.message = `${context ? `${context}\n` : ''}input: ${describeInput(text)}\n${error.message}`;
    throw error;
  }
}

describe('buildJsonTree is parseTree (allowTrailingComma, comments allowed, empty content allowed)', () => {
  it('on hand-written edge cases', () => {
    for (const text of TRICKY_CASES) assertSameAsParseTree(text);
  });

  it('where it steps over whitespace itself: every kind of run, before every kind of token and before the end', () => {
    const runs = [' ', '\t', '\n', '\r', '\r\n', '\n\r', ' \t\r\n\t ', '\u00a0', '\v', '\f'];
    const cases = [
      '{"a":[1,true,null,"x",-2e3,{}],"b":{}}',
      '{"a":1} /* unterminated',
      '[1, // x',
      '[1 /* x */ 2',
      '{"a" x 1}',
      '/* a */ /* b',
    ];
    for (const run of runs) {
      for (const text of cases) {
        // The run between every two characters, and at both ends.
        assertSameAsParseTree(run + [...text].join(run) + run, `run ${JSON.stringify(run)}`);
      }
    }
  });

  it('on every JSON and JSONC fixture (raw, and with a BOM blanked as parseJsonDocument does)', () => {
    const files = jsonFixtures(repoPath('test-fixtures'));
    assert.ok(files.length > 100, `only ${files.length} fixtures found`);
    assert.ok(
      files.some((file) => file.includes(`${path.sep}hostile${path.sep}`)),
      'the hostile fixtures are included',
    );
    for (const file of files) {
      // Read as test/hostile reads them: UTF-8, invalid sequences becoming U+FFFD.
      const text = fs.readFileSync(file).toString('utf8');
      assertSameAsParseTree(text, file);
      if (text.charCodeAt(0) === 0xfeff) assertSameAsParseTree(` ${text.slice(1)}`, `${file} (BOM blanked)`);
    }
  });

  it('on the generated hostile documents (deep nesting, huge strings, floods of errors)', () => {
    // steps-100000 (11 MB, 2.5 million nodes) would add half a minute of comparing and nothing the
    // 10 MB benchmark document does not already cover.
    const cases = GENERATED_CASES.filter(
      (generated) => (generated.format ?? 'json') === 'json' && generated.name !== 'steps-100000',
    );
    assert.ok(cases.some((generated) => generated.name === 'nesting-unclosed'));
    for (const generated of cases) assertSameAsParseTree(generated.build(), `generated case ${generated.name}`);
  });

  it("on the benchmark's JSON shapes (minified, tab-indented, non-ASCII, shaped like the public examples)", () => {
    for (const shape of SHAPE_NAMES.filter((name) => SHAPE_FORMATS[name].includes('json'))) {
      assertSameAsParseTree(generateMcpdesc(17, 150_000, { shape }).text, `the ${shape} shape`);
    }
  });

  for (const size of [
    '20kb',
    '1mb',
    '10mb',
    ...SHAPE_NAMES.filter((name) => name !== 'base' && SHAPE_FORMATS[name].includes('json')).map((shape) => `10mb-${shape}`),
  ]) {
    const file = path.join(benchDataDir(), 'docs', `bench-${size}.mcpdesc.json`);
    it(
      `on the ${size} benchmark document`,
      { skip: fs.existsSync(file) ? false : `no ${file} (npm run bench writes it)` },
      () => {
        assertSameAsParseTree(fs.readFileSync(file, 'utf8'), file);
      },
    );
  }
});

describe('buildJsonTree against parseTree on fuzzed input (seeded)', () => {
  const seed = Number(process.env.MCPDESC_JSONTREE_SEED ?? 20240611);
  const iterations = Number(process.env.MCPDESC_JSONTREE_ITERATIONS ?? 3000);

  it(`on ${iterations} texts of JSON-ish token soup (seed ${seed})`, () => {
    const random = new SeededRandom(seed);
    for (let i = 0; i < iterations; i++) assertSameAsParseTree(tokenSoup(random), `token soup ${i} of seed ${seed}`);
  });

  it(`on ${iterations} damaged fixture texts (seed ${seed})`, () => {
    const random = new SeededRandom(seed + 1);
    const texts = jsonFixtures(repoPath('test-fixtures')).map((file) => fs.readFileSync(file).toString('utf8'));
    for (let i = 0; i < iterations; i++) {
      const { text, damages } = damagedFixture(random, texts);
      assertSameAsParseTree(text, `damaged fixture ${i} of seed ${seed} (${damages.join(', ')})`);
    }
  });
});

describe('buildJsonTree on absurd nesting', () => {
  for (const open of ['[', '{"a":', '{"a":[']) {
    it(`throws the engine's RangeError on 200,000 levels of ${open}`, () => {
      assert.throws(() => buildJsonTree(open.repeat(200_000)), RangeError);
    });
  }

  // Where each gives up depends on the stack left and on how far the engine has optimized each
  // (parseTree: about 3,500 to 6,600 levels here; the builder about 5,700 to 6,600), so only depths
  // well inside both are compared (1,000 repetitions: at most 2,000 levels, as `[{"a":` opens two);
  // the generated hostile cases hold 20,000 levels to a RangeError.
  for (const open of ['[', '{"a":', '[{"a":']) {
    it(`parses 1,000 repetitions of ${open} as parseTree does`, () => {
      assertSameAsParseTree(open.repeat(1_000), `1,000 repetitions of ${open}`);
      assertSameAsParseTree(open.repeat(1_000) + (open === '[' ? ']' : open === '{"a":' ? '1}' : '1}]').repeat(1_000));
    });
  }
});

describe('parseJsonDocument (the check path) builds its tree with buildJsonTree', () => {
  it("gives parseTree's tree and errors, with messages and the BOM blanked", () => {
    for (const text of ['\ufeff{"a":1,"b"}', '{"a":[1 2,,]', '', 'x', '\ufeff']) {
      const blanked = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
      const errors: ParseError[] = [];
      const root = parseTree(blanked, errors, PARSE_TREE_OPTIONS);
      const parsed = parseJsonDocument(text);
      parsed.roots.forEach(assertParentLinks);
      assert.deepStrictEqual(
        parsed.roots.map((ours) => flatten(asJsoncNode(ours))),
        root ? [flatten(root)] : [],
        JSON.stringify(text),
      );
      assert.deepStrictEqual(
        parsed.syntaxErrors.map(({ offset, length }) => ({ offset, length })),
        errors.map(({ offset, length }) => ({ offset, length })),
        JSON.stringify(text),
      );
      assert.equal(parsed.syntaxErrors.length, errors.length);
      for (const [index, error] of errors.entries()) {
        assert.ok(!parsed.syntaxErrors[index].message.startsWith('<unknown'), printParseErrorCode(error.error));
      }
    }
    assert.deepStrictEqual(parseJsonDocument('{"a" 1}').syntaxErrors, [{ offset: 5, length: 1, message: 'Colon expected' }]);
  });
});

// ---------------------------------------------------------------------------------------------
// The recognition sniff's shortcut: the root's members from the tokens alone, where they settle it.

function rootHasMemberByTree(text: string, name: string): boolean {
  const root = parseTree(text, [], PARSE_TREE_OPTIONS);
  return !!root && root.type === 'object' && (root.children ?? []).some((property) => property.children?.[0]?.value === name);
}

/** Where the tokens give an answer it is the tree's; returns whether they gave one. */
function assertRootMemberAgrees(text: string, name: string, context: string): boolean {
  let answer: boolean | undefined;
  try {
    answer = rootObjectHasMember(text, name);
  } catch (error) {
    assert.fail(`${context}: rootObjectHasMember threw ${String(error)}\ninput: ${describeInput(text)}`);
  }
  if (answer === undefined) return false;
  let expected: boolean;
  try {
    expected = rootHasMemberByTree(text, name);
  } catch {
    return true; // too deep for parseTree: the sniff's fallback answers no, and so does its caller
  }
  assert.equal(answer, expected, `${context}: member ${name}\ninput: ${describeInput(text)}`);
  return true;
}

describe('rootObjectHasMember answers as the tree would, or not at all', () => {
  it('answers on every well-formed fixture with an object root: yes for mcpdesc documents, no for others', () => {
    let answered = 0;
    let yes = 0;
    for (const file of jsonFixtures(repoPath('test-fixtures'))) {
      const text = fs
        .readFileSync(file)
        .toString('utf8')
        .replace(/^\uFEFF/, ' ');
      const errors: ParseError[] = [];
      const root = parseTree(text, errors, PARSE_TREE_OPTIONS);
      const gaveAnswer = assertRootMemberAgrees(text, 'mcpdesc', file);
      if (errors.length === 0 && root?.type === 'object') {
        assert.ok(gaveAnswer, `${file}: well-formed, yet no answer`);
        answered++;
        if (rootHasMemberByTree(text, 'mcpdesc')) yes++;
      }
      assertRootMemberAgrees(text, 'tools', file);
    }
    assert.ok(answered > 50 && yes > 30 && yes < answered, `answered ${answered}, of which ${yes} yes`);
  });

  it('on hand-written cases', () => {
    const cases: Array<[string, boolean | undefined]> = [
      ['{"mcpdesc": "1"}', true],
      ['// c\n/* c */ {"mcpdesc": ', true], // the key is read before the text breaks
      ['{"a": {"mcpdesc": 1}, "b": [1, {"c": null},], }', false],
      ['{"a": 1, "mcpdesc": 2}', true],
      ['{"mcp\\u0064esc": 1}', true],
      ['{}', false],
      ['{} trailing', false], // the root is complete; what follows is another error
      ['[{"mcpdesc": 1}]', undefined],
      ['{"a" 1, "mcpdesc": 2}', undefined],
      ['{"a": {"x" 1}, "mcpdesc": 2}', undefined],
      ['{"a": 01}', undefined],
      ['{"a": "\u0001"}', undefined],
      ['{"a": 1 /* unterminated', undefined],
      ['{"a": [1 2]}', undefined],
      ['{"a": [}]}', undefined],
      ['', undefined],
    ];
    for (const [text, expected] of cases) {
      assert.equal(rootObjectHasMember(text, 'mcpdesc'), expected, text);
      assertRootMemberAgrees(text, 'mcpdesc', 'hand-written');
    }
  });

  it('on 200,000 levels of nesting inside a member: no stack, no answer needed from the tree', () => {
    const deep = `{"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}, "mcpdesc": 1}`;
    assert.equal(rootObjectHasMember(deep, 'mcpdesc'), true);
    assert.equal(rootObjectHasMember(deep.replace('"mcpdesc"', '"other"'), 'mcpdesc'), false);
  });

  it('on fuzzed texts (token soup and damaged fixtures)', () => {
    const random = new SeededRandom(20261130);
    const texts = jsonFixtures(repoPath('test-fixtures')).map((file) => fs.readFileSync(file).toString('utf8'));
    let answered = 0;
    for (let i = 0; i < 3000; i++) {
      const soup = tokenSoup(random);
      for (const name of ['a', 'key']) if (assertRootMemberAgrees(soup, name, `token soup ${i}`)) answered++;
      const { text } = damagedFixture(random, texts);
      if (assertRootMemberAgrees(text, 'mcpdesc', `damaged fixture ${i}`)) answered++;
    }
    assert.ok(answered > 1000, `only ${answered} answers`);
  });
});
