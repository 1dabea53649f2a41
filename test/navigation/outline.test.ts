// Document symbols: the tree, its exact ranges, and the limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { outline, type OffsetRange, type OutlineSymbol } from '../../server/src/checker/navigation';
import { SAMPLE, SHARED_NAMES, find } from './sample';
import { yamlDocument } from './yamlDocument';

const document = checkDocument(SAMPLE);

interface Shape {
  name: string;
  kind: string;
  detail?: string;
  children?: Shape[];
}

function shape(symbol: OutlineSymbol): Shape {
  const result: Shape = { name: symbol.name, kind: symbol.kind };
  if (symbol.detail !== undefined) result.detail = symbol.detail;
  if (symbol.children.length) result.children = symbol.children.map(shape);
  return result;
}

function contains(outer: OffsetRange, inner: OffsetRange): boolean {
  return inner.offset >= outer.offset && inner.offset + inner.length <= outer.offset + outer.length;
}

function walk(
  symbols: OutlineSymbol[],
  visit: (symbol: OutlineSymbol, parent?: OutlineSymbol) => void,
  parent?: OutlineSymbol,
): void {
  for (const symbol of symbols) {
    visit(symbol, parent);
    walk(symbol.children, visit, symbol);
  }
}

/** The offset range of the JSON value that starts at `start` (an object or array), by bracket matching outside strings. */
function valueAt(text: string, start: number): OffsetRange {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      if (--depth === 0) return { offset: start, length: i + 1 - start };
    }
  }
  throw new Error('unbalanced');
}

describe('document symbols', () => {
  it('tools -> elicitations and interaction examples -> steps', () => {
    const result = outline(document);
    assert.equal(result.truncated, false);
    assert.equal(result.count, 19);
    assert.deepEqual(result.symbols.map(shape), [
      { name: 'info', kind: 'section', detail: 'release-bot 2.0.0' },
      {
        name: 'prepare_release',
        kind: 'tool',
        children: [
          {
            name: 'elicitations',
            kind: 'group',
            children: [
              { name: 'confirm', kind: 'declaration', detail: 'form' },
              { name: 'authorize', kind: 'declaration', detail: 'url' },
              { name: 'unused', kind: 'declaration', detail: 'form' },
            ],
          },
          {
            name: 'interactionExamples',
            kind: 'group',
            children: [
              {
                name: 'approved-release',
                kind: 'example',
                detail: '3 steps',
                children: [
                  { name: '1. elicitation confirm', kind: 'step', detail: 'accept' },
                  { name: '2. sampling', kind: 'step' },
                  { name: '3. elicitation authorize', kind: 'step', detail: 'accept' },
                ],
              },
              {
                name: 'declined',
                kind: 'example',
                detail: '1 step',
                children: [{ name: '1. elicitation confirm', kind: 'step', detail: 'decline' }],
              },
            ],
          },
        ],
      },
      {
        name: 'other_tool',
        kind: 'tool',
        children: [
          { name: 'elicitations', kind: 'group', children: [{ name: 'confirm', kind: 'declaration', detail: 'url' }] },
          {
            name: 'interactionExamples',
            kind: 'group',
            children: [
              {
                name: 'only',
                kind: 'example',
                detail: '1 step',
                children: [{ name: '1. elicitation confirm', kind: 'step', detail: 'cancel' }],
              },
            ],
          },
        ],
      },
    ]);
  });

  it("ranges: the whole node (a member with its key), selection on the key, the tool's name or the step's type", () => {
    const [, tool] = outline(document).symbols;
    const toolStart = SAMPLE.lastIndexOf('{', find(SAMPLE, '"name": "prepare_release"').offset);
    assert.deepEqual(tool.range, valueAt(SAMPLE, toolStart));
    assert.deepEqual(tool.selection, find(SAMPLE, '"prepare_release"'));

    const [elicitations, examples] = tool.children;
    const elicitationsKey = find(SAMPLE, '"elicitations"');
    const elicitationsValue = valueAt(SAMPLE, SAMPLE.indexOf('[', elicitationsKey.offset));
    assert.deepEqual(elicitations.range, {
      offset: elicitationsKey.offset,
      length: elicitationsValue.offset + elicitationsValue.length - elicitationsKey.offset,
    });
    assert.deepEqual(elicitations.selection, elicitationsKey);
    // A declaration: the whole element, selected at its name value.
    const confirm = elicitations.children[0];
    assert.deepEqual(confirm.selection, find(SAMPLE, '"confirm"', 0));
    assert.deepEqual(confirm.range, valueAt(SAMPLE, SAMPLE.lastIndexOf('{', find(SAMPLE, '"confirm"', 0).offset)));

    const example = examples.children[0];
    const exampleKey = find(SAMPLE, '"approved-release"');
    assert.deepEqual(example.selection, exampleKey);
    assert.equal(example.range.offset, exampleKey.offset);

    const firstStep = examples.children[0].children[0];
    const stepStart = SAMPLE.lastIndexOf('{', find(SAMPLE, '"type": "elicitation"').offset);
    assert.deepEqual(firstStep.range, valueAt(SAMPLE, stepStart));
    assert.deepEqual(firstStep.selection, find(SAMPLE, '"elicitation"', 0));
  });

  it('every selection lies in its range and every child in its parent', () => {
    walk(outline(document).symbols, (symbol, parent) => {
      assert.ok(contains(symbol.range, symbol.selection), symbol.name);
      if (parent) assert.ok(contains(parent.range, symbol.range), `${symbol.name} in ${parent.name}`);
    });
  });

  it('stops at the limit, with a last symbol saying so where the outline stops', () => {
    const result = outline(document, 5);
    assert.equal(result.truncated, true);
    assert.equal(result.count, 5);
    let listed = 0;
    walk(result.symbols, (symbol) => {
      if (symbol.kind !== 'notice') listed++;
    });
    assert.equal(listed, 5);
    const notice = result.symbols[result.symbols.length - 1];
    assert.equal(notice.kind, 'notice');
    assert.equal(notice.name, 'Outline stops here: it lists at most 5 symbols');
    // info, the tool, "elicitations" and two of its three declarations fit; the third is the first left out.
    const firstLeftOut = outline(document).symbols[1].children[0].children[2];
    assert.deepEqual(notice.range, firstLeftOut.range);
  });

  it('names for what has no name: a tool without one, an element without a string name, an untyped step, an empty name', () => {
    const text =
      '{"tools": [{"elicitations": [{"name": "", "mode": "url"}, {"mode": "url"}, 5, {"name": 3, "mode": "form"}], "interactionExamples": {"e": {"steps": [{}, {"type": "elicitation", "declaration": ""}, {"type": 3}]}}}, 7]}';
    const [tool] = outline(checkDocument(text)).symbols;
    assert.equal(tool.name, 'tools[0]');
    assert.equal(tool.selection.length, 0);
    assert.deepEqual(
      tool.children[0].children.map((symbol) => [symbol.name, symbol.detail]),
      [
        ['""', 'url'],
        ['elicitations[1]', 'url'],
        ['elicitations[2]', 'not an object'],
        ['elicitations[3]', 'form'],
      ],
    );
    // Without a name value, the element itself is selected.
    assert.deepEqual(tool.children[0].children[1].selection, find(text, '{"mode": "url"}', 0));
    assert.deepEqual(tool.children[0].children[2].selection, find(text, '5'));
    assert.deepEqual(tool.children[0].children[3].selection, find(text, '3'));
    assert.deepEqual(
      tool.children[1].children[0].children.map((step) => step.name),
      ['1. step', '2. elicitation ""', '3. step'],
    );
  });

  it('a later duplicate is listed and says so; a mode that is missing or wrong is named', () => {
    const text = '{"tools": [{"elicitations": [{"name": "a", "mode": "url"}, {"name": "a"}, {"name": "b", "mode": "popup"}]}]}';
    assert.deepEqual(
      outline(checkDocument(text)).symbols[0].children[0].children.map((symbol) => [symbol.name, symbol.detail]),
      [
        ['a', 'url'],
        ['a', 'no mode (duplicate of elicitations[0])'],
        ['b', 'invalid mode'],
      ],
    );
  });

  it('the old map shape: the group says it declares nothing', () => {
    const text = '{"tools": [{"name": "t", "elicitations": {"a": {"mode": "url"}}}]}';
    assert.deepEqual(outline(checkDocument(text)).symbols.map(shape), [
      { name: 't', kind: 'tool', children: [{ name: 'elicitations', kind: 'group', detail: 'not an array: declares nothing' }] },
    ]);
  });

  it('tool objects that share a name: the detail says which scope', () => {
    const symbols = outline(checkDocument(SHARED_NAMES)).symbols.filter((symbol) => symbol.kind === 'tool');
    assert.deepEqual(
      symbols.map((symbol) => [symbol.name, symbol.detail, symbol.children[0].children.map((child) => child.name)]),
      [
        ['prepare_release', 'protocolVersions 2025-11-25', ['confirm']],
        ['prepare_release', 'protocolVersions 2026-07-28', ['confirm', 'authorize']],
      ],
    );
    assert.deepEqual(symbols[1].selection, find(SHARED_NAMES, '"prepare_release"', 1));
    const twins = '{"tools": [{"name": "t"}, {"name": "t"}, {"name": "u"}]}';
    assert.deepEqual(
      outline(checkDocument(twins)).symbols.map((symbol) => [symbol.name, symbol.detail]),
      [
        ['t', 'tools[0]'],
        ['t', 'tools[1]'],
        ['u', undefined],
      ],
    );
  });

  it('YAML: the same tree from the YAML parse, every document of the stream', () => {
    const text = 'tools:\n  - name: a\n    elicitations:\n      - name: x\n        mode: url\n---\ntools:\n  - name: b\n';
    const symbols = outline(yamlDocument(text)).symbols;
    assert.deepEqual(symbols.map(shape), [
      {
        name: 'a',
        kind: 'tool',
        children: [{ name: 'elicitations', kind: 'group', children: [{ name: 'x', kind: 'declaration', detail: 'url' }] }],
      },
      { name: 'b', kind: 'tool' },
    ]);
    assert.deepEqual(symbols[0].children[0].selection, find(text, 'elicitations'));
  });

  it('wrong types and broken text give what can be read, never a throw', () => {
    for (const text of [
      '',
      '[]',
      '{"tools": {}}',
      '{"tools": [1, "x", null]}',
      '{"tools": [{"elicitations": {}, "interactionExamples": {"e": 1}}]}',
      '{"tools": [{"elicitations": [null, [], {"name": {}}], "interactionExamples": {"e": {"steps": 3}}}]}',
      '{"tools": [{"name": "t", "elicitations": [{"name": ',
    ]) {
      assert.doesNotThrow(() => outline(checkDocument(text)), text);
    }
    assert.deepEqual(
      outline(checkDocument('{"tools": [{"name": "t", "elicitations": [{"name": "a", "mode": ')).symbols.map(shape),
      [
        {
          name: 't',
          kind: 'tool',
          children: [{ name: 'elicitations', kind: 'group', children: [{ name: 'a', kind: 'declaration', detail: 'no mode' }] }],
        },
      ],
    );
  });
});
