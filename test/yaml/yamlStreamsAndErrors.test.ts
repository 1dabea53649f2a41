// Streams of documents, empty input, syntax errors (reported with offsets, the tree still built from
// what parsed), duplicate and complex keys, hostile nesting, and the mcpdesc sniff.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getNodeValue } from 'jsonc-parser';
import { asJsoncNode } from '../support/jsoncShape';
import { itemsOf, propertiesOf } from '../../server/src/checker/syntax/tree';
import { isYamlMcpdescRoot, isYamlMcpdescText, parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { assertCovers, assertScalar, keyAt, valueAt } from './yamlTreeHelpers';

function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

describe('YAML streams', () => {
  it('gives one tree per document, each with its own extent and absolute offsets', () => {
    const text = 'mcpdesc: 1.0\nname: first\n---\nmcpdesc: 1.0\nname: second\n...\n---\n- third\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(parsed.errors, []);
    assert.equal(parsed.documents.length, 3);
    const [first, second, third] = parsed.documents;
    assert.deepEqual({ offset: first.offset, length: first.length }, { offset: 0, length: text.indexOf('---') });
    assert.deepEqual(
      { offset: second.offset, length: second.length },
      { offset: text.indexOf('---'), length: text.lastIndexOf('---') - text.indexOf('---') },
    );
    assert.equal(text.slice(second.offset, second.offset + second.length), '---\nmcpdesc: 1.0\nname: second\n...\n');
    assertCovers(text, valueAt(second.root!, 'name'), 'second');
    assertCovers(text, valueAt(first.root!, 'name'), 'first');
    assertCovers(text, valueAt(third.root!, 0), 'third');
    assert.equal(third.offset + third.length, text.length);
  });

  it('gives an empty document an undefined root, and a comment-only or empty text no document', () => {
    const parsed = parseYamlDocuments('---\n---\na: 1\n--- ~\n');
    assert.deepEqual(
      parsed.documents.map((document) => document.root && plain(getNodeValue(asJsoncNode(document.root)))),
      [undefined, { a: 1 }, null],
    );
    assert.deepEqual(parseYamlDocuments('# just a comment\n# and another\n'), { documents: [], errors: [] });
    assert.deepEqual(parseYamlDocuments(''), { documents: [], errors: [] });
    assert.deepEqual(parseYamlDocuments('\uFEFF'), { documents: [], errors: [] });
  });

  it('keeps anchors to their own document', () => {
    const parsed = parseYamlDocuments('a: &x 1\n---\nb: *x\n');
    assert.deepEqual(
      parsed.errors.map((error) => error.code),
      ['UNRESOLVED_ALIAS'],
    );
  });
});

describe('YAML syntax errors', () => {
  it('reports an unclosed flow collection at its place and still builds the rest', () => {
    const text = 'tools: [a, b\nname: after\n';
    const parsed = parseYamlDocuments(text);
    assert.ok(parsed.errors.length > 0);
    for (const error of parsed.errors) {
      assert.ok(error.offset >= text.indexOf('[') && error.offset <= text.length, JSON.stringify(error));
      assert.ok(error.message.length > 0 && !error.message.includes('\n'), 'a plain one-line message');
    }
    const root = parsed.documents[0].root!;
    assert.deepEqual(plain(getNodeValue(asJsoncNode(valueAt(root, 'tools')))), ['a', 'b']);
    assertCovers(text, valueAt(root, 'name'), 'after');
  });

  it('reports an unterminated quoted scalar', () => {
    const text = 'a: ok\nb: "open\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(
      parsed.errors.map((error) => error.code),
      ['MISSING_CHAR'],
    );
    assertCovers(text, valueAt(parsed.documents[0].root!, 'a'), 'ok');
  });

  it('reports tabs used as indentation with their offset', () => {
    const text = 'a:\n\tb: 1\n';
    const parsed = parseYamlDocuments(text);
    assert.ok(parsed.errors.some((error) => error.code === 'TAB_AS_INDENT' && error.offset === text.indexOf('\t')));
  });

  it('reports bad indentation and sorts errors by offset', () => {
    const text = 'a:\n  b: 1\n c: 2\nd: [\n';
    const parsed = parseYamlDocuments(text);
    assert.ok(parsed.errors.length >= 2);
    const offsets = parsed.errors.map((error) => error.offset);
    assert.deepEqual(
      offsets,
      [...offsets].sort((x, y) => x - y),
    );
    for (const error of parsed.errors) assert.ok(error.offset + error.length <= text.length);
  });

  it('reports errors of every document of a stream', () => {
    const text = 'a: @x\n---\nb: @y\n';
    const parsed = parseYamlDocuments(text);
    assert.equal(parsed.documents.length, 2);
    assert.deepEqual(
      parsed.errors.map((error) => [error.code, error.offset]),
      [
        ['BAD_SCALAR_START', text.indexOf('@x')],
        ['BAD_SCALAR_START', text.indexOf('@y')],
      ],
    );
  });

  it('refuses absurd nesting with one error, however often it is parsed (no stack exhaustion)', () => {
    const samples = [
      '['.repeat(50_000),
      `${'['.repeat(1_000)}${']'.repeat(1_000)}`,
      `${'- '.repeat(1_000)}x`,
      `${'- '.repeat(50_000)}x`,
      `${'{a: '.repeat(1_000)}1${'}'.repeat(1_000)}`,
      `${Array.from({ length: 600 }, (_, level) => `${' '.repeat(level)}k${level}:`).join('\n')} leaf\n`,
    ];
    for (let round = 0; round < 3; round++) {
      for (const text of samples) {
        const parsed = parseYamlDocuments(text);
        assert.deepEqual(parsed.documents, []);
        assert.deepEqual(
          parsed.errors.map((error) => error.code),
          ['NESTING_TOO_DEEP'],
        );
      }
    }
  });

  it('reads deep but reasonable nesting', () => {
    const depth = 200;
    const text = `${'['.repeat(depth)}leaf${']'.repeat(depth)}
`;
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(parsed.errors, []);
    let node = parsed.documents[0].root!;
    for (let level = 0; level < depth; level++) node = itemsOf(node)[0];
    assertCovers(text, node, 'leaf');
  });

  it('does not expand an alias that would nest too deep', () => {
    const inner = `${'['.repeat(150)}x${']'.repeat(150)}`;
    const text = `a: &a ${inner}
b: ${'['.repeat(150)}*a${']'.repeat(150)}
c: *a
`;
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(
      parsed.errors.map((error) => [error.code, error.offset]),
      [['NESTING_TOO_DEEP', text.indexOf('*a')]],
    );
    const root = parsed.documents[0].root!;
    assert.deepEqual(plain(getNodeValue(asJsoncNode(valueAt(root, 'c')))), plain(getNodeValue(asJsoncNode(valueAt(root, 'a')))));
  });

  it('does not crash on arbitrary bytes', () => {
    const samples = [
      '\u0000\u0001: \u0002',
      ']]]: [[[',
      '? ? ? :',
      '&a *b: !c',
      '%TAG ! tag:x\n--- !foo\n',
      ':::\n- - -\n? : ?',
      '"\\',
      "'",
      '|\n\t\t',
      '---\n...\n...\n---',
    ];
    for (const text of samples) assert.doesNotThrow(() => parseYamlDocuments(text), JSON.stringify(text));
  });
});

describe('YAML keys', () => {
  it('keeps every duplicate key in order (the checker reads the last) and reports each repetition', () => {
    const text = 'declaration: first\nother: 1\ndeclaration: second\n';
    const parsed = parseYamlDocuments(text);
    const root = parsed.documents[0].root!;
    assert.deepEqual(
      propertiesOf(root).map((property) => property.key.value),
      ['declaration', 'other', 'declaration'],
    );
    assertScalar(valueAt(root, 'declaration'), 'string', 'second');
    assert.deepEqual(
      parsed.errors.map((error) => [error.code, error.offset, error.length]),
      [['DUPLICATE_KEY', text.lastIndexOf('declaration'), 'declaration'.length]],
    );
  });

  it('finds duplicates in large mappings too', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `key${index}: ${index}`);
    lines.push('key7: again', 'key39: again');
    const text = lines.join('\n') + '\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(
      parsed.errors.map((error) => [error.code, error.offset]),
      [
        ['DUPLICATE_KEY', text.indexOf('key7: again')],
        ['DUPLICATE_KEY', text.indexOf('key39: again')],
      ],
    );
  });

  it('does not count keys that mean different strings as duplicates, and counts ones that mean the same', () => {
    const parsed = parseYamlDocuments('1: a\n"1": b\ntrue: c\n"x": d\nx: e\n');
    assert.deepEqual(
      parsed.errors.map((error) => error.code),
      ['DUPLICATE_KEY', 'DUPLICATE_KEY'],
    );
  });

  it('leaves out pairs whose key is a collection, without losing the others', () => {
    const text = '? [a, b]\n: complex\n? {c: d}\n: other\nplain: kept\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(parsed.errors, []);
    const root = parsed.documents[0].root!;
    assert.deepEqual(
      propertiesOf(root).map((property) => property.key.value),
      ['plain'],
    );
    assertCovers(text, valueAt(root, 'plain'), 'kept');
  });

  it('reads explicit keys (`? key`) and empty keys', () => {
    const text = '? explicit\n: value\n? novalue\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(parsed.errors, []);
    const root = parsed.documents[0].root!;
    assertCovers(text, keyAt(root, 'explicit'), 'explicit');
    assertCovers(text, valueAt(root, 'explicit'), 'value');
    assert.equal(propertiesOf(root)[0].colonOffset, text.indexOf(': value'));
    assertScalar(valueAt(root, 'novalue'), 'null', null);
  });
});

describe('YAML mcpdesc sniff', () => {
  it('recognizes a root mapping with an mcpdesc key', () => {
    assert.equal(isYamlMcpdescText('mcpdesc: 0.9.0\ntools: []\n'), true);
    assert.equal(isYamlMcpdescText('{"mcpdesc": "1", "tools": []}'), true);
    assert.equal(isYamlMcpdescText('# mcpdesc\nname: x\n'), false);
    assert.equal(isYamlMcpdescText('other: {mcpdesc: 1}\n'), false);
    assert.equal(isYamlMcpdescText('- mcpdesc: 1\n'), false);
    assert.equal(isYamlMcpdescText('name: x\n---\nmcpdesc: 1\n'), true);
    assert.equal(isYamlMcpdescText('plain: text\n'), false);
  });

  it('reads a parsed root', () => {
    const text = 'info: {}\nmcpdesc: 1\n';
    assert.equal(isYamlMcpdescRoot(parseYamlDocuments(text).documents[0].root), true);
    assert.equal(isYamlMcpdescRoot(undefined), false);
    assert.equal(isYamlMcpdescRoot(parseYamlDocuments('[mcpdesc]').documents[0].root), false);
  });
});
