// What each file in test-fixtures/hostile/ must produce: `<name>.expect.json` next to it. Anchors are
// JSON pointers into the document (the last of duplicate members, as JSON.parse keeps it), resolved
// here with jsonc-parser and positions.ts, never from the checker's output. They are the consistency
// rule's (and syntax's, and the checker's notices): the declaration-validity rule's findings on
// these documents (their schemas use JSON Schema beyond MCP's on purpose) are not compared; that
// rule still runs on every one of them, and its ranges and fixes are checked with the rest.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import type { Diagnostic, Range } from '../../../server/src/checker';
import { apartFromDeclarationValidity } from '../../support/ruleScope';
import { rangeAt } from './positions';

export interface ExpectedAnchor {
  violation: string;
  /** A JSON pointer and which node of that member: its key or its value. */
  at?: string;
  target?: 'key' | 'value';
  /** Or a literal range: [line, character, endLine, endCharacter]. */
  range?: [number, number, number, number];
  messageIncludes?: string;
}

export interface HostileExpectation {
  /** What the case is and why this result is the right one. */
  about: string;
  /** Exactly these diagnostics (any order). */
  diagnostics?: ExpectedAnchor[];
  /** Instead of an exact list: every diagnostic has one of these violations, and there are at least `atLeast`. */
  onlyViolations?: string[];
  atLeast?: number;
}

export interface HostileFixture {
  name: string;
  path: string;
  bytes: Buffer;
  expectation: HostileExpectation;
}

export function hostileFixtures(directory: string): HostileFixture[] {
  return fs
    .readdirSync(directory)
    .filter((file) => /\.mcpdesc\.(jsonc?|ya?ml)$/.test(file))
    .sort()
    .map((file) => {
      const fixturePath = path.join(directory, file);
      const expectPath = fixturePath.replace(/\.mcpdesc\.(jsonc?|ya?ml)$/, '.expect.json');
      if (!fs.existsSync(expectPath)) throw new Error(`${file} has no ${path.basename(expectPath)} next to it`);
      return {
        name: file,
        path: fixturePath,
        bytes: fs.readFileSync(fixturePath),
        expectation: JSON.parse(fs.readFileSync(expectPath, 'utf8')) as HostileExpectation,
      };
    });
}

function lastProperty(object: Node, key: string): Node | undefined {
  const properties = (object.children ?? []).filter((property) => property.children?.[0]?.value === key && property.children[1]);
  return properties[properties.length - 1];
}

/** The property node (for objects) or element node (for arrays) at a JSON pointer. */
function resolve(root: Node, pointer: string): { property?: Node; value: Node } {
  let current: { property?: Node; value: Node } = { value: root };
  if (pointer === '') return current;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const node = current.value;
    if (node.type === 'object') {
      const property = lastProperty(node, segment);
      if (!property) throw new Error(`no member '${segment}' on the way to ${pointer}`);
      current = { property, value: property.children![1] };
    } else if (node.type === 'array' && /^\d+$/.test(segment) && node.children?.[Number(segment)]) {
      current = { value: node.children[Number(segment)] };
    } else {
      throw new Error(`cannot follow '${segment}' on the way to ${pointer}`);
    }
  }
  return current;
}

/** The LSP range an anchor names in `text` (a byte order mark is blanked for parsing, as a checker must). */
export function anchorRange(text: string, anchor: ExpectedAnchor): Range {
  if (anchor.range) {
    const [line, character, endLine, endCharacter] = anchor.range;
    return { start: { line, character }, end: { line: endLine, character: endCharacter } };
  }
  const root = parseTree(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text, [], { allowTrailingComma: true });
  if (!root || anchor.at === undefined)
    throw new Error(`anchor ${JSON.stringify(anchor)} needs a parseable document and a pointer`);
  const { property, value } = resolve(root, anchor.at);
  if (anchor.target === 'key') {
    const key = property?.children?.[0];
    if (!key) throw new Error(`${anchor.at} is an array element: it has no key`);
    return rangeAt(text, key.offset, key.length);
  }
  return rangeAt(text, value.offset, value.length);
}

export interface Summary {
  /** The rule id; the declaration-validity rule's findings are not compared (apartFromDeclarationValidity). */
  code?: unknown;
  violation: string;
  range: Range;
  message: string;
}

export function summarize(diagnostics: readonly Diagnostic[]): Summary[] {
  return diagnostics.map((diagnostic) => ({
    code: diagnostic.code,
    violation: diagnostic.data.violation,
    range: diagnostic.range,
    message: diagnostic.message,
  }));
}

function sortKey(entry: { violation: string; range: Range }): string {
  const { start, end } = entry.range;
  return (
    [start.line, start.character, end.line, end.character].map((n) => String(n).padStart(9, '0')).join(':') + entry.violation
  );
}

/**
 * Differences between what a fixture must produce and what it produced, described; empty when
 * they agree.
 */
export function expectationProblems(text: string, expectation: HostileExpectation, reported: readonly Summary[]): string[] {
  const actual = apartFromDeclarationValidity(reported);
  const problems: string[] = [];
  if (expectation.diagnostics) {
    const expected = expectation.diagnostics
      .map((anchor) => ({
        violation: anchor.violation,
        range: anchorRange(text, anchor),
        messageIncludes: anchor.messageIncludes,
      }))
      .sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    const got = [...actual].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    const unmatched = [...got];
    for (const want of expected) {
      const index = unmatched.findIndex(
        (candidate) =>
          sortKey(candidate) === sortKey(want) && (!want.messageIncludes || candidate.message.includes(want.messageIncludes)),
      );
      if (index === -1) problems.push(`missing: ${JSON.stringify(want)}`);
      else unmatched.splice(index, 1);
    }
    for (const extra of unmatched) problems.push(`unexpected: ${JSON.stringify(extra)}`);
  }
  if (expectation.onlyViolations) {
    for (const entry of actual) {
      if (!expectation.onlyViolations.includes(entry.violation)) problems.push(`unexpected violation: ${JSON.stringify(entry)}`);
    }
  }
  if (expectation.atLeast !== undefined && actual.length < expectation.atLeast) {
    problems.push(`expected at least ${expectation.atLeast} diagnostics, got ${actual.length}`);
  }
  return problems;
}
