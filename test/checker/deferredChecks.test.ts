// The precompiled validators' runtime (formatSchemaAjv.ts' formatSchemaRuntime) makes each pattern
// at its first test (deferredSafeRegExp) and each format check at its first call
// (lazyBoundedFormatDefinitions): held here to the plain path, safeRegExp and
// boundedFormatDefinitions() made at once, on the same values. The validators bound to it are held
// to ajv's run-time compilation, eager patterns included, by test/document/formatSchemaPrecompiled.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { boundedFormatDefinitions, lazyBoundedFormatDefinitions } from '../../server/src/checker/schema/boundedFormats';
import { deferredSafeRegExp, safeRegExp } from '../../server/src/checker/schema/safeRegExp';
import { FORMAT_SCHEMA } from '../../server/src/checker/schema/formatSchemaAjv';
import type { JsonValue } from '../../server/src/checker/syntax/tree';

/** Every `pattern` and `patternProperties` key of the format's schema (what its precompiled validators name). */
function schemaPatterns(value: JsonValue, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) schemaPatterns(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'pattern' && typeof member === 'string') found.add(member);
      else if (key === 'patternProperties' && member !== null && typeof member === 'object')
        Object.keys(member).forEach((name) => found.add(name));
      schemaPatterns(member, found);
    }
  }
  return found;
}

const STRINGS = [
  '',
  'x',
  'x-',
  'x-vendor',
  'X-vendor',
  'a.b',
  'a..b',
  'Name_1.0-beta',
  'bad name',
  'ünïcode',
  '#/components/schemas/A',
  '#/components/schemas/',
  'example.com/key',
  'a-/b',
  'io.modelcontextprotocol/related-task',
  'a@b.co',
  'a@',
  'https://example.com/x?y#z',
  'mailto:a@b',
  'relative/path',
  '2025-11-25',
  '2025-13-01',
  '12:30:00Z',
  '2025-11-25T12:30:00+01:00',
  'P1DT2H',
  '127.0.0.1',
  '::1',
  '550e8400-e29b-41d4-a716-446655440000',
  '/a~1b/0',
  '1/a',
  'a'.repeat(2000),
  `${'a'.repeat(1500)}@example.com`,
];
const NUMBERS = [0, 1, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 1e300];

describe('patterns made at their first test', () => {
  const patterns = [...schemaPatterns(FORMAT_SCHEMA), '^(a+)+$', '(?<=a)b', '\\p{L}+'];

  it("covers the format schema's patterns", () => {
    assert.ok(patterns.length >= 8, `${patterns.length} patterns`);
    assert.ok(patterns.includes('^x-'));
  });

  it('answers as safeRegExp made at once, value by value', () => {
    for (const pattern of patterns) {
      const eager = safeRegExp(pattern, 'u');
      const deferred = deferredSafeRegExp(pattern, 'u');
      for (const value of STRINGS)
        assert.equal(deferred.test(value), eager.test(value), `/${pattern}/u on ${JSON.stringify(value.slice(0, 40))}`);
    }
  });

  it('compiles nothing until the first test: a pattern that is no regex throws there, not before', () => {
    const deferred = deferredSafeRegExp('(unclosed', 'u');
    assert.equal(String(deferred), 'deferred:/(unclosed/u');
    assert.throws(() => deferred.test('x'), SyntaxError);
    assert.throws(() => safeRegExp('(unclosed', 'u'), SyntaxError);
  });
});

describe('format checks made at their first call', () => {
  const eager = boundedFormatDefinitions();
  const lazy = lazyBoundedFormatDefinitions();

  it('has every format, of the same shape (checks nothing, or the same type)', () => {
    assert.deepEqual(Object.keys(lazy), Object.keys(eager));
    for (const name of Object.keys(eager)) {
      const [plain, deferred] = [eager[name], lazy[name]];
      assert.equal(deferred === true, plain === true, name);
      if (plain !== true && deferred !== true) assert.equal(deferred.type, plain.type, name);
    }
    assert.equal(lazy.password, true);
    assert.equal((lazy.int32 as { type: string }).type, 'number');
  });

  it('gives the same verdict as the checks made at once, value by value', () => {
    for (const name of Object.keys(eager)) {
      const [plain, deferred] = [eager[name], lazyBoundedFormatDefinitions()[name]];
      if (plain === true || deferred === true) continue;
      const values: unknown[] = plain.type === 'number' ? NUMBERS : STRINGS;
      for (const value of values) {
        const check = (definition: typeof plain) => (definition.validate as (value: unknown) => boolean)(value);
        assert.equal(check(deferred), check(plain), `${name} on ${JSON.stringify(value).slice(0, 40)}`);
      }
    }
  });
});
