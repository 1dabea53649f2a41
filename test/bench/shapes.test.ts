// The benchmark's document shapes (bench/shapes.ts, issue 26): each is the same content written as
// people and tools write it, so each must be a valid document that reads back as the value it was
// rendered from, is written the way its name says, and gives the same findings as the base shape.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { generatedShapesAsAsked, shapesAgreeWithTheBase } from './shapesAgreement';
import { generateMcpdesc, type JsonObject } from '../../bench/generate';
import { addNonAsciiWords, adaptValue, parseShapes, renderShape, SHAPE_NAMES, type ShapeName } from '../../bench/shapes';

// Seed 3 of 60 KB here; seeds 3 and 5 of 250 KB in shapes.thorough.test.ts.
shapesAgreeWithTheBase([3], 60_000);

test('each shape is written as its name says', () => {
  const { value } = generateMcpdesc(5, 60_000);
  const json = (shape: ShapeName): string => renderShape(adaptValue(value, shape), shape, 'json');
  const yaml = (shape: ShapeName): string => renderShape(adaptValue(value, shape), shape, 'yaml');
  assert.equal(json('json-minified').includes('\n'), false);
  assert.match(json('json-tabs'), /\n\t\t"name": /);
  assert.doesNotMatch(json('json-tabs'), /\n {2}/);
  // Default stringify folds long scalars at 80 columns; the base YAML never folds.
  const longestLine = (text: string): number => Math.max(...text.split('\n').map((line) => line.length));
  assert.ok(longestLine(yaml('yaml-folded')) <= 100, `a line of ${longestLine(yaml('yaml-folded'))} characters`);
  assert.ok(longestLine(yaml('base')) > 120);
  assert.match(yaml('yaml-block'), /\n +description: >-?\n/);
  assert.match(yaml('yaml-block'), /\n +message: \|-?\n/);
  assert.doesNotMatch(yaml('yaml-block'), /\n +(description|message): [^|>\n]/);
  for (const text of [json('non-ascii'), yaml('non-ascii')]) {
    assert.match(text, /[éïö]/);
    assert.match(text, /[\u3040-\u9fff]/);
    assert.match(text, /[\ud800-\udbff][\udc00-\udfff]/, 'an emoji (a surrogate pair)');
  }
  // Elicitation content is checked against its schema: it stays as it was.
  assert.equal(
    JSON.stringify(adaptValue(value, 'non-ascii')).includes('"content":{"'),
    JSON.stringify(value).includes('"content":{"'),
  );
});

test('the non-ASCII words are added, never substituted: different texts stay different', () => {
  assert.equal(addNonAsciiWords('a'), 'a');
  const words = 'confirm the release before friday evening'.split(' ');
  const added = addNonAsciiWords(words.join(' '));
  assert.deepEqual(
    added.split(' ').filter((word) => /^[\x20-\x7e]*$/.test(word)),
    words,
  );
  assert.notEqual(addNonAsciiWords('a b c'), addNonAsciiWords('a d c'));
});

// 120 KB here (the smallest the generator comes out within 15 % for every shape), 300 KB in
// shapes.thorough.test.ts.
generatedShapesAsAsked(120_000);

test("spec-like documents have the public examples' members and repeat their kinds of tools", () => {
  for (const format of ['json', 'yaml'] as const) {
    const { value, stats } = generateMcpdesc(2, 200_000, { shape: 'spec-like', format });
    for (const member of [
      '$schema',
      'info',
      'protocolVersions',
      'transports',
      'securitySchemes',
      'security',
      'capabilities',
      'tools',
      'resources',
      'resourceTemplates',
      'prompts',
      'tags',
    ]) {
      assert.ok(member in value, `${format}: no ${member}`);
    }
    const tools = value.tools as JsonObject[];
    assert.equal(tools.length, stats.tools);
    assert.ok(tools.length >= 40, `${tools.length} tools`);
    assert.equal(new Set(tools.map((tool) => tool.name)).size, tools.length, 'tool names are unique');
    for (const member of ['outputSchema', 'examples', 'interactionExamples', 'elicitations', 'annotations', 'tags']) {
      assert.ok(
        tools.some((tool) => member in tool),
        `${format}: no tool with ${member}`,
      );
    }
  }
  // As PyYAML writes it: a sequence at its key's indentation.
  assert.match(
    generateMcpdesc(2, 50_000, { shape: 'spec-like', format: 'yaml' }).text,
    /\nprotocolVersions:\n- '?2025-11-25'?\n/,
  );
});

test('--shapes: names checked, every shape by default, a clear message otherwise', () => {
  assert.deepEqual(parseShapes(undefined), [...SHAPE_NAMES]);
  assert.deepEqual(parseShapes('all'), [...SHAPE_NAMES]);
  assert.deepEqual(parseShapes('json-tabs,base'), ['base', 'json-tabs']);
  assert.throws(() => parseShapes('base,tabs'), /unknown shape\(s\) tabs: choose from base, /);
  assert.throws(() => parseShapes(''), /unknown shape/);
  assert.throws(() => generateMcpdesc(1, 10_000, { shape: 'yaml-folded', format: 'json' }), /has no json rendering/);
});
