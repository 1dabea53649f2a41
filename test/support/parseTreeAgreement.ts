// The differential of the JSON tree builder against jsonc-parser's parseTree, which it replaces on the
// check path (test/checker/jsonTree.test.ts, and its seeded fuzzers in full in jsonTree.thorough.test.ts):
// for any text, valid or not, the same nodes (types, offsets, lengths, values, colonOffset, parent links,
// children; the typed tree compared in parseTree's shape, jsoncShape.ts) and the same errors in the same
// order; and the recognition sniff's root members from the tokens alone, where they settle it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { buildJsonTree } from '../../server/src/checker/syntax/json/jsonTree';
import { rootObjectHasMember } from '../../server/src/checker/syntax/json/rootMember';
import { childrenOf, type SyntaxNode } from '../../server/src/checker/syntax/tree';
import { asJsoncNode } from './jsoncShape';
import { damagedFixture, jsonFixtures, tokenSoup } from './jsonFuzz';
import { SeededRandom } from './random';
import { repoPath } from './repo';

export const PARSE_TREE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/** One node without its object links: where it sits is its index in the preorder list. */
export interface NodeRecord {
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
export function flatten(root: Node | undefined): NodeRecord[] {
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
export function assertParentLinks(root: SyntaxNode): void {
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
export function describeInput(text: string): string {
  return text.length <= 100_000 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 2000))} … (${text.length} characters)`;
}

/** The builder's tree and errors for `text` deep-equal parseTree's; a failure shows the input. */
export function assertSameAsParseTree(text: string, context = ''): void {
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

// ---------------------------------------------------------------------------------------------
// The recognition sniff's shortcut: the root's members from the tokens alone, where they settle it.

export function rootHasMemberByTree(text: string, name: string): boolean {
  const root = parseTree(text, [], PARSE_TREE_OPTIONS);
  return !!root && root.type === 'object' && (root.children ?? []).some((property) => property.children?.[0]?.value === name);
}

/** Where the tokens give an answer it is the tree's; returns whether they gave one. */
export function assertRootMemberAgrees(text: string, name: string, context: string): boolean {
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

/**
 * The seeded fuzzers: `iterations` texts of token soup and as many damaged fixture texts against
 * parseTree, then as many of each against the sniff. The sequence is the seed's, so a smaller count
 * runs its first texts. Another seed or count: MCPDESC_JSONTREE_SEED, MCPDESC_JSONTREE_ITERATIONS.
 */
export function fuzzAgainstParseTree(defaultIterations: number): void {
  const seed = Number(process.env.MCPDESC_JSONTREE_SEED ?? 20240611);
  const iterations = Number(process.env.MCPDESC_JSONTREE_ITERATIONS ?? defaultIterations);

  describe('buildJsonTree against parseTree on fuzzed input (seeded)', () => {
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

  describe('rootObjectHasMember answers as the tree would, or not at all, on fuzzed input (seeded)', () => {
    it(`on ${iterations} texts of token soup and as many damaged fixtures (seed 20261130)`, () => {
      const random = new SeededRandom(20261130);
      const texts = jsonFixtures(repoPath('test-fixtures')).map((file) => fs.readFileSync(file).toString('utf8'));
      let answered = 0;
      for (let i = 0; i < iterations; i++) {
        const soup = tokenSoup(random);
        for (const name of ['a', 'key']) if (assertRootMemberAgrees(soup, name, `token soup ${i}`)) answered++;
        const { text } = damagedFixture(random, texts);
        if (assertRootMemberAgrees(text, 'mcpdesc', `damaged fixture ${i}`)) answered++;
      }
      // The sniff must answer often enough for the comparison to say something (1,000 of 3,000 before).
      assert.ok(answered > iterations / 3, `only ${answered} answers`);
    });
  });
}
