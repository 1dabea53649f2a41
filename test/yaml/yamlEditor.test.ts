// The YAML fix editor, method by method: each edit applied to its text gives exactly the expected
// YAML (so untouched lines and comments are byte for byte as they were), which reads back without
// errors as the expected value.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getNodeValue } from 'jsonc-parser';
import { asJsoncNode } from '../support/jsoncShape';
import type { ValueNode } from '../../server/src/checker/syntax/tree';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { YamlEditor } from '../../server/src/checker/syntax/yaml/yamlEditor';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';
import type { FormattingOptions, OffsetEdit } from '../../server/src/checker/types';
import type { InsertValue } from '../../server/src/checker/syntax/editor';
import { keyAt, propertyAt, valueAt } from './yamlTreeHelpers';

function setup(text: string, formatting?: FormattingOptions): { root: ValueNode; editor: YamlEditor } {
  const parsed = parseYamlDocuments(text);
  assert.deepEqual(parsed.errors, []);
  return { root: parsed.documents[0].root!, editor: new YamlEditor(text, formatting) };
}

/** Applies the edits, checks the result is error-free YAML, and returns it. */
function applied(text: string, edits: OffsetEdit[]): string {
  assert.ok(edits.length > 0, 'expected edits');
  const result = applyOffsetEdits(text, edits);
  const parsed = parseYamlDocuments(result);
  assert.deepEqual(parsed.errors, [], `the result reads without errors:\n${result}`);
  return result;
}

function valueOfText(text: string): unknown {
  return JSON.parse(JSON.stringify(getNodeValue(asJsoncNode(parseYamlDocuments(text).documents[0].root!))));
}

describe('YamlEditor.replaceString keeps the quoting style', () => {
  const text = [
    'plain: confrim # typo',
    "single: 'confrim'",
    'double: "confrim"',
    'flow: {declaration: confrim, other: 1}',
    'block: |-',
    '  confrim',
    'names: [&n confirm]',
    'alias: *n',
    'after: end',
    '',
  ].join('\n');

  it('rewrites a plain scalar as plain, and quotes a value that would read as something else', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.replaceString(valueAt(root, 'plain'), 'confirm')),
      text.replace('plain: confrim', 'plain: confirm'),
    );
    assert.equal(
      applied(text, editor.replaceString(valueAt(root, 'plain'), 'true')),
      text.replace('plain: confrim', 'plain: "true"'),
    );
    assert.equal(
      applied(text, editor.replaceString(valueAt(root, 'plain'), 'a: b # c')),
      text.replace('plain: confrim', 'plain: "a: b # c"'),
    );
  });

  it('keeps single and double quotes', () => {
    const { root, editor } = setup(text);
    assert.equal(applied(text, editor.replaceString(valueAt(root, 'single'), "it's")), text.replace("'confrim'", "'it''s'"));
    assert.equal(
      applied(text, editor.replaceString(valueAt(root, 'double'), 'say "hi"')),
      text.replace('"confrim"', '"say \\"hi\\""'),
    );
    // A line break cannot be single-quoted as written: it becomes double-quoted.
    assert.equal(applied(text, editor.replaceString(valueAt(root, 'single'), 'a\nb')), text.replace("'confrim'", '"a\\nb"'));
  });

  it('writes plain in a flow mapping only when the flow indicators allow it', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.replaceString(valueAt(root, 'flow', 'declaration'), 'confirm')),
      text.replace('declaration: confrim', 'declaration: confirm'),
    );
    assert.equal(
      applied(text, editor.replaceString(valueAt(root, 'flow', 'declaration'), 'a, b')),
      text.replace('declaration: confrim', 'declaration: "a, b"'),
    );
  });

  it('replaces a block scalar and an alias by a scalar', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.replaceString(valueAt(root, 'block'), 'confirm')),
      text.replace('block: |-\n  confrim', 'block: confirm'),
    );
    assert.equal(applied(text, editor.replaceString(valueAt(root, 'alias'), 'other')), text.replace('alias: *n', 'alias: other'));
  });

  it('refuses to edit inside an alias (its text is the anchored node)', () => {
    const source = 'base: &b {declaration: confrim}\nstep: *b\n';
    const { root, editor } = setup(source);
    assert.deepEqual(editor.replaceString(valueAt(root, 'step', 'declaration'), 'confirm'), []);
    assert.deepEqual(editor.removeMember(propertyAt(root, 'step', 'declaration')), []);
    assert.deepEqual(editor.addMembers(valueAt(root, 'step'), [['x', { json: 1 }]]), []);
  });
});

describe('YamlEditor.addMembers', () => {
  const text = [
    'mcpdesc: 1.0',
    'tools:',
    '  - name: prepare_release  # the tool',
    '    elicitations:',
    '      confirm:',
    '        mode: form',
    '        requestedSchema:',
    '          type: object # inner',
    '    # examples below',
    '    interactionExamples: {}',
    '',
  ].join('\n');

  it('appends block members after the last one, at its column, keeping its comment and nested lines', () => {
    const { root, editor } = setup(text);
    const edits = editor.addMembers(valueAt(root, 'tools', 0, 'elicitations'), [
      [
        'missing',
        {
          members: [
            ['mode', { json: 'url' }],
            ['url', { json: 'https://x.example/a b' }],
            ['tags', { json: ['a', 'b'] }],
          ],
        },
      ],
    ]);
    const expected = text.replace(
      '          type: object # inner\n',
      '          type: object # inner\n      missing:\n        mode: url\n        url: https://x.example/a b\n        tags:\n          - a\n          - b\n',
    );
    assert.equal(applied(text, edits), expected);
  });

  it('appends to a compact mapping (`- name: ...`) at the column of its keys', () => {
    const { root, editor } = setup(text);
    const edits = editor.addMembers(valueAt(root, 'tools', 0), [['description', { json: 'Prepares.' }]]);
    assert.equal(
      applied(text, edits),
      text.replace('    interactionExamples: {}\n', '    interactionExamples: {}\n    description: Prepares.\n'),
    );
  });

  it('inserts before a member on its own line, and before the first key of a compact mapping', () => {
    const { root, editor } = setup(text);
    const before = propertyAt(root, 'tools', 0, 'interactionExamples');
    const edits = editor.addMembers(
      valueAt(root, 'tools', 0),
      [['elicitations2', { members: [['x', { members: [['mode', { json: 'url' }]] }]] }]],
      before,
    );
    assert.equal(
      applied(text, edits),
      text.replace('    interactionExamples: {}', '    elicitations2:\n      x:\n        mode: url\n    interactionExamples: {}'),
    );
    const first = propertyAt(root, 'tools', 0, 'name');
    const atFirst = editor.addMembers(valueAt(root, 'tools', 0), [['id', { json: 7 }]], first);
    assert.equal(applied(text, atFirst), text.replace('  - name: prepare_release', '  - id: 7\n    name: prepare_release'));
  });

  it('turns an empty flow mapping in block YAML into a block mapping', () => {
    const { root, editor } = setup(text);
    const edits = editor.addMembers(valueAt(root, 'tools', 0, 'interactionExamples'), [
      ['ok', { members: [['steps', { json: [] }]] }],
    ]);
    assert.equal(
      applied(text, edits),
      text.replace('    interactionExamples: {}', '    interactionExamples:\n      ok:\n        steps: []'),
    );
  });

  it('adds to flow mappings in flow style: inline, with a trailing comma, multi-line, empty', () => {
    const inline = 'response: {action: accept}\n';
    let fixture = setup(inline);
    assert.equal(
      applied(inline, fixture.editor.addMembers(valueAt(fixture.root, 'response'), [['content', { json: { approved: true } }]])),
      'response: {action: accept, content: {approved: true}}\n',
    );
    const trailing = 'response: {action: accept, }\n';
    fixture = setup(trailing);
    assert.equal(
      applied(trailing, fixture.editor.addMembers(valueAt(fixture.root, 'response'), [['content', { json: 'x y' }]])),
      'response: {action: accept, content: x y, }\n',
    );
    const multiline = 'response: {\n  action: accept # why\n}\n';
    fixture = setup(multiline);
    assert.equal(
      applied(multiline, fixture.editor.addMembers(valueAt(fixture.root, 'response'), [['content', { json: [1] }]])),
      'response: {\n  action: accept, # why\n  content: [1]\n}\n',
    );
    const nested = 'list: [{}]\n';
    fixture = setup(nested);
    assert.equal(
      applied(nested, fixture.editor.addMembers(valueAt(fixture.root, 'list', 0), [['a', { json: 'b, c' }]])),
      'list: [{a: "b, c"}]\n',
    );
  });

  it('copies a block node with its comments to a new column, and writes an alias as its value', () => {
    const source = [
      'defs:',
      '  schema: &s',
      '    type: object # kept',
      '    properties:',
      '      note: {type: string}',
      '  message: |',
      '    two',
      '    lines',
      'target:',
      '  deep:',
      '    x: 1',
      'viaAlias: *s',
      '',
    ].join('\n');
    const { root, editor } = setup(source);
    const edits = editor.addMembers(valueAt(root, 'target', 'deep'), [
      ['requestedSchema', { copyOf: valueAt(root, 'defs', 'schema') }],
      ['message', { copyOf: valueAt(root, 'defs', 'message') }],
      ['fromAlias', { copyOf: valueAt(root, 'viaAlias') }],
    ]);
    const result = applied(source, edits);
    assert.equal(
      result,
      source.replace(
        '    x: 1\n',
        '    x: 1\n    requestedSchema:\n      type: object # kept\n      properties:\n        note: {type: string}\n' +
          '    message: |\n      two\n      lines\n' +
          '    fromAlias:\n      type: object\n      properties:\n        note:\n          type: string\n',
      ),
    );
    const value = valueOfText(result) as { target: { deep: Record<string, unknown> }; defs: Record<string, unknown> };
    assert.deepEqual(value.target.deep.requestedSchema, value.defs.schema);
    assert.deepEqual(value.target.deep.message, 'two\nlines\n');
  });

  it('keeps CRLF line breaks and uses the formatting options (tabs become spaces)', () => {
    const source = 'a:\r\n    b: 1\r\n';
    const { root, editor } = setup(source, { tabSize: 3, insertSpaces: false });
    const edits = editor.addMembers(valueAt(root, 'a'), [['c', { members: [['d', { json: 2 }]] }]]);
    assert.equal(applied(source, edits), 'a:\r\n    b: 1\r\n    c:\r\n       d: 2\r\n');
  });

  it('follows the document indentation by default', () => {
    const source = 'root:\n    child:\n        leaf: 1\n';
    const { root, editor } = setup(source);
    const edits = editor.addMembers(valueAt(root, 'root'), [['other', { members: [['x', { json: null }]] }]]);
    assert.equal(applied(source, edits), 'root:\n    child:\n        leaf: 1\n    other:\n        x: null\n');
  });
});

describe('YamlEditor.replaceValue and replaceMember', () => {
  const text = [
    'request:   # the request',
    '  mode: url',
    '  url: https://a.example',
    'inline: {mode: url}',
    'empty: # nothing yet',
    'items:',
    '  - {mode: url}',
    '  -',
    'flow: [1, 2]',
    '',
  ].join('\n');
  const schemaMembers = (): Array<[string, InsertValue]> => [
    ['mode', { json: 'form' }],
    ['requestedSchema', { json: { type: 'object' } }],
  ];

  it('replaces a block mapping on its own lines in place, keeping the comment after the key', () => {
    const { root, editor } = setup(text);
    const result = applied(text, editor.replaceValue(valueAt(root, 'request'), { members: schemaMembers() }));
    assert.equal(
      result,
      text.replace('  mode: url\n  url: https://a.example', '  mode: form\n  requestedSchema:\n    type: object'),
    );
  });

  it('moves a block value written after `key:` to the next lines', () => {
    const { root, editor } = setup(text);
    const result = applied(text, editor.replaceValue(valueAt(root, 'inline'), { members: schemaMembers() }));
    assert.equal(result, text.replace('inline: {mode: url}', 'inline:\n  mode: form\n  requestedSchema:\n    type: object'));
    assert.equal(
      applied(text, editor.replaceValue(valueAt(root, 'inline'), { json: 'plain' })),
      text.replace('inline: {mode: url}', 'inline: plain'),
    );
  });

  it('fills an empty value after its colon, before the comment', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.replaceValue(valueAt(root, 'empty'), { json: 'x' })),
      text.replace('empty: # nothing', 'empty: x # nothing'),
    );
    const block = applied(text, editor.replaceValue(valueAt(root, 'empty'), { json: { a: 1 } }));
    // The comment ends up after the new first line, which is still a comment on the same entry.
    assert.equal(block, text.replace('empty: # nothing yet', 'empty:\n  a: 1 # nothing yet'));
  });

  it('replaces sequence items in compact form, and values inside flow collections in flow style', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.replaceValue(valueAt(root, 'items', 0), { json: { mode: 'form', nums: [1] } })),
      text.replace('  - {mode: url}', '  - mode: form\n    nums:\n      - 1'),
    );
    assert.equal(applied(text, editor.replaceValue(valueAt(root, 'items', 1), { json: 'x' })), text.replace('  -\n', '  - x\n'));
    assert.equal(
      applied(text, editor.replaceValue(valueAt(root, 'flow', 1), { json: { a: [true] } })),
      text.replace('[1, 2]', '[1, {a: [true]}]'),
    );
  });

  it('replaces a whole member in block and flow style', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.replaceMember(propertyAt(root, 'request', 'url'), 'requestedSchema', { json: { type: 'object' } })),
      text.replace('  url: https://a.example', '  requestedSchema:\n    type: object'),
    );
    assert.equal(
      applied(text, editor.replaceMember(propertyAt(root, 'inline', 'mode'), 'url', { json: 'https://b' })),
      text.replace('{mode: url}', '{url: https://b}'),
    );
  });
});

describe('YamlEditor.removeMember', () => {
  const text = [
    'response:',
    '  # before content',
    '  content:   # the content',
    '    approved: true',
    '    nested:',
    '      - 1 # deep',
    '  action: accept',
    '  # after',
    'only:',
    '  content: 1',
    'compact:',
    '  - content: x',
    '    action: decline',
    'flow: {action: accept, content: {a: 1}, more: 2}',
    'flowLast: {action: accept, content: 1}',
    'flowFirst: {content: 1, action: accept}',
    'flowOnly: {content: 1}',
    '',
  ].join('\n');

  it('removes a block member with its nested lines and its own comment, and nothing else', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.removeMember(propertyAt(root, 'response', 'content'))),
      text.replace('  content:   # the content\n    approved: true\n    nested:\n      - 1 # deep\n', ''),
    );
  });

  it('leaves an empty mapping, not null, when the only member goes', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.removeMember(propertyAt(root, 'only', 'content'))),
      text.replace('  content: 1\n', '  {}\n'),
    );
  });

  it('moves the next member up after the `-` of a compact mapping', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.removeMember(keyAt(root, 'compact', 0, 'content').parent!)),
      text.replace('  - content: x\n    action: decline', '  - action: decline'),
    );
  });

  it('removes flow members with one separator', () => {
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.removeMember(propertyAt(root, 'flow', 'content'))),
      text.replace('{action: accept, content: {a: 1}, more: 2}', '{action: accept, more: 2}'),
    );
    assert.equal(
      applied(text, editor.removeMember(propertyAt(root, 'flowLast', 'content'))),
      text.replace('{action: accept, content: 1}', '{action: accept}'),
    );
    assert.equal(
      applied(text, editor.removeMember(propertyAt(root, 'flowFirst', 'content'))),
      text.replace('{content: 1, action: accept}', '{action: accept}'),
    );
    assert.equal(applied(text, editor.removeMember(propertyAt(root, 'flowOnly', 'content'))), text.replace('{content: 1}', '{}'));
  });

  it('keeps CRLF intact around a removed member', () => {
    const source = 'r:\r\n  content: 1\r\n  action: cancel\r\n';
    const { root, editor } = setup(source);
    assert.equal(applied(source, editor.removeMember(propertyAt(root, 'r', 'content'))), 'r:\r\n  action: cancel\r\n');
  });
});

describe('YamlEditor.appendElements and new members next to explicit keys', () => {
  const declaration: InsertValue = {
    members: [
      ['name', { json: 'new' }],
      ['mode', { json: 'url' }],
      ['message', { json: 'M.' }],
    ],
  };
  const listOf = (root: ValueNode, tool = 0): ValueNode => valueAt(root, 'tools', tool, 'elicitations');

  it('appends after the last item at the dashes’ column, past a comment indented into it, before one at the dashes’ column', () => {
    const text =
      'tools:\n- name: t\n  elicitations:\n  - name: a\n    mode: url\n    # about a\n  # before examples\n  interactionExamples: {}\n';
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.appendElements(listOf(root), [declaration])),
      text.replace('    # about a\n', '    # about a\n  - name: new\n    mode: url\n    message: M.\n'),
    );
  });

  it('turns `[]` into a block sequence, the comment after it staying on the key’s line', () => {
    const text = 'tools:\n  - name: t\n    elicitations: []   # none yet\n';
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.appendElements(listOf(root), [declaration])),
      'tools:\n  - name: t\n    elicitations:   # none yet\n      - name: new\n        mode: url\n        message: M.\n',
    );
  });

  it('appends to a sequence that is the value of an explicit key (`: - item`), at its dash’s column', () => {
    const text = 'tools:\n  - ? name\n    : t\n    ? elicitations\n    : - name: a\n        mode: url\n';
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.appendElements(listOf(root), [declaration])),
      `${text}      - name: new\n        mode: url\n        message: M.\n`,
    );
  });

  it('appends one item a line to a multi-line flow sequence, after the comment on the last line', () => {
    const text = 'tools:\n  - name: t\n    elicitations: [\n      {name: a, mode: url},  # first\n    ]\n';
    const { root, editor } = setup(text);
    assert.equal(
      applied(text, editor.appendElements(listOf(root), [declaration])),
      text.replace('  # first\n', '  # first\n      {name: new, mode: url, message: M.},\n'),
    );
  });

  it('refuses a list whose text another place aliases, and an alias (its text is elsewhere)', () => {
    const text = 'tools:\n  - name: t\n    elicitations: &d\n      - {name: a, mode: url}\n  - name: u\n    elicitations: *d\n';
    const { root, editor } = setup(text);
    assert.deepEqual(editor.appendElements(listOf(root, 0), [declaration]), []);
    assert.deepEqual(editor.appendElements(listOf(root, 1), [declaration]), []);
  });

  it('adds a member to a mapping of explicit keys as a `key: value` line at the `?`’s column, before the given entry', () => {
    const text = 'tools:\n  - ? name\n    : t\n    ? interactionExamples\n    : {}\n';
    const { root, editor } = setup(text);
    const before = propertyAt(root, 'tools', 0, 'interactionExamples');
    const edits = editor.addMembers(valueAt(root, 'tools', 0), [['elicitations', { elements: [declaration] }]], before);
    assert.equal(
      applied(text, edits),
      text.replace(
        '    ? interactionExamples\n',
        '    elicitations:\n      - name: new\n        mode: url\n        message: M.\n    ? interactionExamples\n',
      ),
    );
  });

  it('adds nothing to a mapping whose first key carries an anchor (its column is not the keys’ column)', () => {
    const text = 'tools:\n  - &k name: t\n    inputSchema: {}\n';
    const { root, editor } = setup(text);
    assert.deepEqual(editor.addMembers(valueAt(root, 'tools', 0), [['elicitations', { elements: [declaration] }]]), []);
  });
});
