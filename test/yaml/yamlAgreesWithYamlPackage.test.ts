// The tree means what the `yaml` package means: jsonc-parser's getNodeValue of every document equals
// yaml's own toJS(), on hand-written documents and on generated ones in every output style; and the
// ranges hold together (children inside parents, in order, colons where colonOffset says, each flow
// scalar's text re-reading as its value).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getNodeValue } from 'jsonc-parser';
import { asJsoncNode } from '../support/jsoncShape';
import { childrenOf, scalarOf, type ValueNode } from '../../server/src/checker/syntax/tree';
import { parse, parseAllDocuments, stringify, type ToStringOptions } from 'yaml';
import { isAliasCopy, parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { allNodes } from './yamlTreeHelpers';
import { SeededRandom } from '../support/random';

/** JSON data as both sides would serialize it (Infinity and NaN become null on both). */
function asJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function yamlPackageValues(text: string): unknown[] {
  return parseAllDocuments(text, { merge: true, uniqueKeys: false }).map((document) =>
    asJson(document.toJS({ maxAliasCount: -1 })),
  );
}

function ourValues(text: string): unknown[] {
  return parseYamlDocuments(text).documents.map((document) =>
    document.root ? asJson(getNodeValue(asJsoncNode(document.root))) : null,
  );
}

/**
 * Range and link invariants of a tree built from `text`. `reread`: check that each flow scalar's text
 * reads back as its value (not with tags, which stay outside the range).
 */
function assertWellFormed(text: string, root: ValueNode, reread: boolean): void {
  for (const node of allNodes(root)) {
    const end = node.offset + node.length;
    assert.ok(
      node.offset >= 0 && node.length >= 0 && end <= text.length,
      `range inside the text: ${node.type} ${node.offset}+${node.length}`,
    );
    let previous = -1;
    for (const child of childrenOf(node)) {
      assert.equal(child.parent, node, 'child links to its parent');
      if (isAliasCopy(child) || isAliasCopy(node)) continue;
      assert.ok(child.offset >= node.offset && child.offset + child.length <= end, `child ${child.type} inside ${node.type}`);
      assert.ok(child.offset >= previous, 'children in text order');
      previous = child.offset;
    }
    if (isAliasCopy(node)) continue;
    if (node.type === 'property') {
      assert.ok(node.value !== undefined, 'a property has a value');
      assert.equal(node.key.type, 'string');
      assert.equal(node.offset, node.key.offset, 'a property starts at its key');
      if (node.colonOffset !== undefined) assert.equal(text[node.colonOffset], ':', 'colonOffset points at the colon');
    }
    const isValue = node.parent?.type === 'array' || (node.parent?.type === 'property' && node.parent.value === node);
    if (isValue && scalarOf(node) !== undefined && node.length > 0) {
      const source = text.slice(node.offset, end);
      if (source.startsWith('|') || source.startsWith('>')) {
        assert.ok(!source.endsWith('\n'), 'a block scalar range excludes its final line break');
      } else if (reread) {
        assert.deepEqual(asJson(parse(source)), asJson(scalarOf(node)), `the text ${JSON.stringify(source)} reads as the value`);
      }
    }
  }
}

function assertAgrees(text: string, reread = true): void {
  const parsed = parseYamlDocuments(text);
  const errors = parsed.errors.filter((error) => error.code !== 'DUPLICATE_KEY');
  assert.deepEqual(errors, [], `no errors for ${JSON.stringify(text)}`);
  assert.deepEqual(ourValues(text), yamlPackageValues(text), JSON.stringify(text));
  for (const document of parsed.documents) if (document.root) assertWellFormed(text, document.root, reread);
}

const HAND_WRITTEN = [
  'mcpdesc: 0.9.0-rc.3\ninfo: {name: release-bot, version: 2.0.0}\ntools:\n  - name: prepare_release\n    inputSchema: {type: object}\n',
  '# comment\nkey: value # trailing\nlist:\n  - 1\n  - two\n  - [3, "four", {five: 5}]\n',
  'a: |\n  literal\n  text\nb: >\n  folded\n  text\n\nc: |-\n  stripped\nd: |+\n  kept\n\ne: end\n',
  'single: \'it\'\'s\'\ndouble: "esc\\\\aped \\u00e9 \\"q\\""\nplain: with:colon inside? no\n',
  'anchors:\n  - &one {x: 1}\n  - &two [a, b]\nuses:\n  first: *one\n  second: *two\n  nested: {in: *one}\n',
  'base: &base {mode: form, message: hi}\nover:\n  <<: *base\n  message: bye\nmulti:\n  <<: [*base, {extra: 1}]\n',
  'doc: 1\n---\ndoc: 2\n...\n---\n- a\n- b\n',
  'a: 1\r\nb:\r\n  - x\r\n  - y: z\r\nc: |\r\n  crlf\r\n  block\r\n',
  '\uFEFFbom: true\n',
  'emoji🚀: "🚀 rocket"\n🚀: 1\nafter: ok\n',
  '? explicit key\n: explicit value\n? another\n',
  'empty:\nnull: ~\nt: true\nf: false\nn: -1.5e-3\nhex: 0xff\noct: 0o10\ninf: -.inf\n',
  '{"json": ["is", "yaml", 1, 2.5, true, null, {"nested": {}}], "empty": []}',
  'dup: 1\ndup: 2\nother: 3\n',
  'key with spaces: value with spaces\n"quoted key": \'single quoted\'\n',
  'multi: line\n  plain\n  scalar\nquoted: "multi\n  line"\n',
  'seq:\n- unindented\n- items\nmap: value\n',
  '- - nested\n  - seq\n- - second\n',
  'a: &a 1\nb: *a\na2: &a 2\nc: *a\n',
];

describe('YAML tree values agree with the yaml package', () => {
  for (const text of HAND_WRITTEN) {
    it(`reads ${JSON.stringify(text.slice(0, 40))}...`, () => assertAgrees(text));
  }
  it('reads tagged scalars and collections', () =>
    assertAgrees('tagged: !!str 123\nfloat: !!float 1\ncustom: !thing {a: 1}\n', false));
});

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  const generator = new SeededRandom(seed);
  return () => generator.next();
}

const WORDS = [
  'mcpdesc',
  'confirm',
  'a b',
  'key: colon',
  '#hash',
  'x #y',
  '-dash',
  '- item',
  '? q',
  'true',
  'no',
  '1',
  '0x10',
  '1e3',
  'null',
  '~',
  '',
  '🚀',
  'ünïcödé',
  "it's",
  '"dq"',
  '&amp',
  '*star',
  '!bang',
  '%pct',
  '@at',
  '`tick`',
  '|pipe',
  '>gt',
  ' lead',
  'trail ',
  '[flow]',
  '{map}',
  'comma, here',
  'multi\nline',
  'three\nline\ntext\n',
  'tab\there',
  'back\\slash',
  'long text that goes on and on past any sensible line width for sure',
];

function generate(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 0 && pick < 0.25) {
    const size = Math.floor(next() * 5);
    const object: Record<string, unknown> = {};
    for (let i = 0; i < size; i++) object[WORDS[Math.floor(next() * WORDS.length)]] = generate(next, depth - 1);
    return object;
  }
  if (depth > 0 && pick < 0.45) return Array.from({ length: Math.floor(next() * 4) }, () => generate(next, depth - 1));
  if (pick < 0.75) return WORDS[Math.floor(next() * WORDS.length)];
  if (pick < 0.85) return Math.round((next() - 0.5) * 1e6) / (next() < 0.5 ? 1 : 1000);
  if (pick < 0.93) return next() < 0.5;
  return null;
}

const STYLES: Array<{ name: string; write: (value: unknown) => string }> = [
  { name: 'default', write: (value) => stringify(value) },
  { name: 'flow', write: (value) => stringify(value, { collectionStyle: 'flow' }) },
  { name: 'double quoted', write: (value) => stringify(value, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' }) },
  { name: 'single quoted', write: (value) => stringify(value, { defaultStringType: 'QUOTE_SINGLE' }) },
  { name: 'block literal', write: (value) => stringify(value, { defaultStringType: 'BLOCK_LITERAL' }) },
  {
    name: 'block folded narrow',
    write: (value) =>
      stringify(value, { defaultStringType: 'BLOCK_FOLDED', lineWidth: 20, minContentWidth: 0 } as ToStringOptions),
  },
  {
    name: 'wide indent, folded plain',
    write: (value) => stringify(value, { indent: 4, lineWidth: 24, minContentWidth: 0, indentSeq: false }),
  },
  { name: 'JSON', write: (value) => JSON.stringify(value, null, 2) },
  { name: 'CRLF', write: (value) => stringify(value).replace(/\n/g, '\r\n') },
  { name: 'BOM and comments', write: (value) => `\uFEFF# leading comment\n${stringify(value)}# trailing comment\n` },
  { name: 'stream', write: (value) => `${stringify(value)}---\n${stringify({ second: value })}` },
];

describe('YAML tree values agree with the yaml package on generated documents', () => {
  for (const style of STYLES) {
    it(`in style: ${style.name}`, () => {
      const next = random(0x5eed + style.name.length);
      for (let sample = 0; sample < 60; sample++) {
        const value = { mcpdesc: '1.0', body: generate(next, 4) };
        assertAgrees(style.write(value));
      }
    });
  }
});
