// The tree the YAML adapter builds: node types, resolved values and exact ranges of key and value
// nodes, for each kind of YAML construct the checker can meet.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getNodeValue } from 'jsonc-parser';
import { asJsoncNode } from '../support/jsoncShape';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { assertCovers, assertScalar, keyAt, propertyAt, rootOf, valueAt } from './yamlTreeHelpers';

describe('YAML tree: block mappings and sequences', () => {
  const text = [
    'mcpdesc: 0.9.0-rc.3',
    'tools:',
    '  - name: prepare_release',
    '    elicitations:',
    '      confirm:',
    '        mode: form',
    '  - name: second',
    '',
  ].join('\n');

  it('makes objects of mappings, with property nodes of a key and a value', () => {
    const root = rootOf(text);
    assert.ok(root.type === 'object');
    assert.equal(root.properties.length, 2);
    const property = root.properties[0];
    assert.equal(property.type, 'property');
    assert.ok(property.value);
    assert.equal(property.key.parent, property);
    assert.equal(property.value.parent, property);
    assert.equal(property.parent, root);
  });

  it('gives key scalars and value scalars their own ranges', () => {
    const root = rootOf(text);
    assertCovers(text, keyAt(root, 'mcpdesc'), 'mcpdesc');
    assertScalar(keyAt(root, 'mcpdesc'), 'string', 'mcpdesc');
    assertCovers(text, valueAt(root, 'mcpdesc'), '0.9.0-rc.3');
    assertScalar(valueAt(root, 'mcpdesc'), 'string', '0.9.0-rc.3');
    assertCovers(text, keyAt(root, 'tools', 0, 'elicitations', 'confirm'), 'confirm');
    assertCovers(text, valueAt(root, 'tools', 0, 'elicitations', 'confirm', 'mode'), 'form');
    assertCovers(text, valueAt(root, 'tools', 1, 'name'), 'second');
  });

  it('makes a property span from its key to the end of its value, with the colon offset', () => {
    const root = rootOf(text);
    const property = propertyAt(root, 'tools', 0, 'elicitations', 'confirm', 'mode');
    assertCovers(text, property, 'mode: form');
    assert.equal(property.colonOffset, text.indexOf('mode: form') + 'mode'.length);
    assertCovers(text, propertyAt(root, 'tools', 0, 'elicitations'), 'elicitations:\n      confirm:\n        mode: form');
  });

  it('makes arrays of sequences; a block collection ends where its last entry ends', () => {
    const root = rootOf(text);
    const tools = valueAt(root, 'tools');
    assert.ok(tools.type === 'array');
    assert.equal(tools.items.length, 2);
    // A block sequence starts at its first `-`; an item at its own content.
    assertCovers(text, tools, '- name: prepare_release\n    elicitations:\n      confirm:\n        mode: form\n  - name: second');
    assertCovers(text, valueAt(root, 'tools', 0), 'name: prepare_release\n    elicitations:\n      confirm:\n        mode: form');
    assertCovers(text, root, text.trimEnd());
  });
});

describe('YAML tree: flow collections', () => {
  it('covers flow mappings and sequences from bracket to bracket', () => {
    const text = 'request: {mode: url, message: "Go", tags: [a, "b", {c: d}]}\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'request'), '{mode: url, message: "Go", tags: [a, "b", {c: d}]}');
    assertCovers(text, valueAt(root, 'request', 'tags'), '[a, "b", {c: d}]');
    assertCovers(text, valueAt(root, 'request', 'tags', 2), '{c: d}');
    assertCovers(text, keyAt(root, 'request', 'message'), 'message');
    assertCovers(text, valueAt(root, 'request', 'message'), '"Go"');
    assertCovers(text, propertyAt(root, 'request', 'mode'), 'mode: url');
    assert.equal(propertyAt(root, 'request', 'mode').colonOffset, text.indexOf('mode:') + 4);
    assertCovers(text, valueAt(root, 'request', 'tags', 2, 'c'), 'd', { after: '{c: ' });
  });

  it('turns a single pair inside a flow sequence into a one-member object', () => {
    const text = 'steps: [type: roots, plain]\n';
    const root = rootOf(text);
    const pair = valueAt(root, 'steps', 0);
    assert.equal(pair.type, 'object');
    assertCovers(text, keyAt(root, 'steps', 0, 'type'), 'type');
    assertCovers(text, valueAt(root, 'steps', 0, 'type'), 'roots');
    assertScalar(valueAt(root, 'steps', 1), 'string', 'plain');
  });

  it('reads JSON text (JSON is YAML) with the same ranges jsonc-parser gives its scalars', () => {
    const text = '{\n  "mcpdesc": "1.0",\n  "tools": [ { "name": "t", "n": 12.5, "ok": true, "none": null } ]\n}\n';
    const root = rootOf(text);
    assertCovers(text, keyAt(root, 'mcpdesc'), '"mcpdesc"');
    assertCovers(text, valueAt(root, 'mcpdesc'), '"1.0"');
    assertCovers(text, valueAt(root, 'tools'), '[ { "name": "t", "n": 12.5, "ok": true, "none": null } ]');
    assertScalar(valueAt(root, 'tools', 0, 'n'), 'number', 12.5);
    assertScalar(valueAt(root, 'tools', 0, 'ok'), 'boolean', true);
    assertScalar(valueAt(root, 'tools', 0, 'none'), 'null', null);
    assertCovers(text, root, text.trimEnd());
  });
});

describe('YAML tree: scalar styles and types', () => {
  it('covers quoted scalars including their quotes and resolves escapes', () => {
    const text = "a: 'it''s'\nb: \"tab\\there \\u263A\"\nc: plain words here\n";
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'a'), "'it''s'");
    assertScalar(valueAt(root, 'a'), 'string', "it's");
    assertCovers(text, valueAt(root, 'b'), '"tab\\there \\u263A"');
    assertScalar(valueAt(root, 'b'), 'string', 'tab\there \u263A');
    assertCovers(text, valueAt(root, 'c'), 'plain words here');
  });

  it('covers multi-line plain and quoted scalars over their lines, folding the value', () => {
    const text = 'message: first line\n  second line\nother: "one\n  two"\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'message'), 'first line\n  second line');
    assertScalar(valueAt(root, 'message'), 'string', 'first line second line');
    assertCovers(text, valueAt(root, 'other'), '"one\n  two"');
    assertScalar(valueAt(root, 'other'), 'string', 'one two');
  });

  it('covers a block scalar from its header to its last content character', () => {
    const text =
      'lit: |\n  line one\n  line two\n\nfold: >-\n  folded\n  text\nkeep: |+\n  kept\n\n\nstrip: |2-\n   indented  \nlast: 1\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'lit'), '|\n  line one\n  line two');
    assertScalar(valueAt(root, 'lit'), 'string', 'line one\nline two\n');
    assertCovers(text, valueAt(root, 'fold'), '>-\n  folded\n  text');
    assertScalar(valueAt(root, 'fold'), 'string', 'folded text');
    assertCovers(text, valueAt(root, 'keep'), '|+\n  kept');
    assertScalar(valueAt(root, 'keep'), 'string', 'kept\n\n\n');
    // Trailing spaces are content, so they stay inside the range.
    assertCovers(text, valueAt(root, 'strip'), '|2-\n   indented  ');
    assertScalar(valueAt(root, 'strip'), 'string', ' indented  ');
    assertCovers(text, propertyAt(root, 'lit'), 'lit: |\n  line one\n  line two');
  });

  it('covers a block scalar with a comment on its header and one with no content', () => {
    const text = 'a: |  # why\n  text\nb: >\nc: end\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'a'), '|  # why\n  text');
    assertCovers(text, valueAt(root, 'b'), '>');
    assertScalar(valueAt(root, 'b'), 'string', '');
  });

  it('resolves plain scalars with the core schema', () => {
    const text =
      'int: 42\nneg: -7\nhex: 0x1F\noct: 0o17\nfloat: 1.5e3\ninf: .inf\nyes: true\nno: False\ntilde: ~\nnothing: null\nempty:\nquoted: "42"\nversion: 2.0.0\n';
    const root = rootOf(text);
    assertScalar(valueAt(root, 'int'), 'number', 42);
    assertScalar(valueAt(root, 'neg'), 'number', -7);
    assertScalar(valueAt(root, 'hex'), 'number', 31);
    assertScalar(valueAt(root, 'oct'), 'number', 15);
    assertScalar(valueAt(root, 'float'), 'number', 1500);
    assertScalar(valueAt(root, 'inf'), 'number', Infinity);
    assertScalar(valueAt(root, 'yes'), 'boolean', true);
    assertScalar(valueAt(root, 'no'), 'boolean', false);
    assertScalar(valueAt(root, 'tilde'), 'null', null);
    assertCovers(text, valueAt(root, 'tilde'), '~');
    assertScalar(valueAt(root, 'nothing'), 'null', null);
    assertScalar(valueAt(root, 'empty'), 'null', null);
    assertScalar(valueAt(root, 'quoted'), 'string', '42');
    assertScalar(valueAt(root, 'version'), 'string', '2.0.0');
  });

  it('places an empty value as an empty range right after the colon and ends the property there', () => {
    const text = 'declaration:\nnext: 1\n';
    const root = rootOf(text);
    const value = valueAt(root, 'declaration');
    assert.deepEqual(
      { type: value.type, offset: value.offset, length: value.length },
      { type: 'null', offset: 'declaration:'.length, length: 0 },
    );
    assertCovers(text, propertyAt(root, 'declaration'), 'declaration:');
  });

  it('turns non-string keys into the strings a JS object would use', () => {
    const text = '1: one\ntrue: yes\n~: nothing\n"quoted key": q\n';
    const root = rootOf(text);
    assertScalar(keyAt(root, '1'), 'string', '1');
    assertCovers(text, keyAt(root, '1'), '1');
    assertScalar(keyAt(root, 'true'), 'string', 'true');
    assertScalar(keyAt(root, ''), 'string', '');
    assertCovers(text, keyAt(root, ''), '~');
    assertCovers(text, keyAt(root, 'quoted key'), '"quoted key"');
  });

  it('resolves standard tags and reads custom tags as their plain node', () => {
    const text = 'a: !!str 12\nb: !!int "7"\nc: !custom {x: 1}\nd: !other text\ne: !!binary aGVsbG8=\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(parsed.errors, []);
    const root = parsed.documents[0].root!;
    assertScalar(valueAt(root, 'a'), 'string', '12');
    // The tag is a node property, outside the value's range.
    assertCovers(text, valueAt(root, 'a'), '12');
    assertScalar(valueAt(root, 'b'), 'number', 7);
    assert.deepEqual({ ...getNodeValue(asJsoncNode(valueAt(root, 'c'))) }, { x: 1 });
    assertCovers(text, valueAt(root, 'c'), '{x: 1}');
    assertScalar(valueAt(root, 'd'), 'string', 'text');
    // Binary has no JSON type: its text as written.
    assertScalar(valueAt(root, 'e'), 'string', 'aGVsbG8=');
  });

  it('reads YAML 1.1 documents, dates included, as JSON-typed values', () => {
    const text = '%YAML 1.1\n---\nwhen: 2001-12-14\nflag: yes\n';
    const root = parseYamlDocuments(text).documents[0].root!;
    assertScalar(valueAt(root, 'when'), 'string', '2001-12-14');
    assertScalar(valueAt(root, 'flag'), 'boolean', true);
  });
});

describe('YAML tree: comments, line breaks and characters', () => {
  it('keeps comments out of every range', () => {
    const text = '# head\nkey: value # trailing\n# between\nlist:\n  - a # one\n  # inner\n  - b\n# tail\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'key'), 'value');
    assertCovers(text, propertyAt(root, 'key'), 'key: value');
    assertCovers(text, valueAt(root, 'list'), '- a # one\n  # inner\n  - b');
    assertCovers(text, valueAt(root, 'list', 1), 'b', { after: '# inner' });
  });

  it('counts CRLF line breaks as two characters', () => {
    const text = 'a: 1\r\nb:\r\n  c: |\r\n    text\r\n    more\r\n  d: "x"\r\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'b', 'c'), '|\r\n    text\r\n    more');
    assertScalar(valueAt(root, 'b', 'c'), 'string', 'text\nmore\n');
    assertCovers(text, valueAt(root, 'b', 'd'), '"x"');
    assertCovers(text, keyAt(root, 'b', 'd'), 'd', { after: '  d:' });
    assertCovers(text, valueAt(root, 'b'), 'c: |\r\n    text\r\n    more\r\n  d: "x"');
  });

  it('keeps a byte order mark as text[0], so ranges are indices into the text as given', () => {
    const text = '\uFEFFmcpdesc: 1.0\nname: x\n';
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(parsed.errors, []);
    const root = parsed.documents[0].root!;
    assert.equal(keyAt(root, 'mcpdesc').offset, 1);
    assertCovers(text, valueAt(root, 'name'), 'x');
  });

  it('counts characters outside the BMP as two UTF-16 code units', () => {
    const text = 'emoji: "🚀🚀"\n🚀key: 🚀 value\nafter: here\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'emoji'), '"🚀🚀"');
    assertCovers(text, keyAt(root, '🚀key'), '🚀key');
    assertCovers(text, valueAt(root, '🚀key'), '🚀 value');
    assertCovers(text, keyAt(root, 'after'), 'after');
    assertCovers(text, valueAt(root, 'after'), 'here');
    assert.equal(valueAt(root, 'after').offset, 'emoji: "🚀🚀"\n🚀key: 🚀 value\nafter: '.length);
  });

  it('allows tabs as separation inside a line', () => {
    const text = 'a:\t1\nb: [x,\tz]\n';
    const root = rootOf(text);
    assertCovers(text, valueAt(root, 'a'), '1');
    assertCovers(text, valueAt(root, 'b', 1), 'z');
  });
});
