// The precompiled validators' runtime (formatSchemaAjv.ts' formatSchemaRuntime) makes nothing until
// a value needs it and runs short values natively: each pattern as shippedPatternRegExp, each format
// as shippedSchemaFormatDefinitions (and a document's schemas' formats as
// lazyBoundedFormatDefinitions, made at first call). Held here to the plain path, safeRegExp and
// boundedFormatDefinitions() made at once, on the same values, short and long. The validators bound
// to it are held to ajv's run-time compilation (eager safeRegExp patterns) by
// test/document/formatSchemaPrecompiled.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  boundedFormatDefinitions,
  lazyBoundedFormatDefinitions,
  shippedSchemaFormatDefinitions,
} from '../../server/src/checker/schema/boundedFormats';
import { safeRegExp, NATIVE_SHORT_VALUE_CHARS, shippedPatternRegExp } from '../../server/src/checker/schema/safeRegExp';
import { FORMAT_SCHEMA } from '../../server/src/checker/schema/formatSchemaAjv';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { REPO_ROOT } from '../support/repo';

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
  `${'a'.repeat(NATIVE_SHORT_VALUE_CHARS - 12)}@example.com`,
  `${'a'.repeat(NATIVE_SHORT_VALUE_CHARS - 11)}@example.com`,
  `x-${'a'.repeat(NATIVE_SHORT_VALUE_CHARS)}`,
  `${'a.'.repeat(600)}b/c`,
];

/** The patterns the generated validators name (build/generated/: the format schema's and the meta-schemas'). */
function generatedPatterns(): string[] {
  const found = new Set<string>();
  for (const file of ['formatSchemaValidators.ts', 'metaSchemaValidators.ts']) {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'build', 'generated', file), 'utf8');
    for (const [, name] of text.matchAll(/const (func\d+) = runtime\.safeRegExp;/g))
      for (const [, literal] of text.matchAll(new RegExp(`\\b${name}\\(("(?:[^"\\\\]|\\\\.)*"), "u"\\)`, 'g')))
        found.add(JSON.parse(literal) as string);
  }
  return [...found].sort();
}

/**
 * Every pattern the product ships, reviewed: each repeat inside a repeat is cut from the text
 * around it by a character it cannot match (`.`, `/`, `@`), so a short value costs a backtracking
 * engine polynomial work at most. A pattern added to a shipped schema must be reviewed and listed.
 */
const REVIEWED_PATTERNS = [
  '^#/components/[A-Za-z]+/[A-Za-z0-9._-]+$',
  '^(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$',
  '^[A-Za-z0-9._-]+$',
  '^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$',
  '^[A-Za-z][-A-Za-z0-9.:_]*$',
  '^[A-Za-z_][-A-Za-z0-9._]*$',
  '^[^#]*#?$',
  '^x-',
];
const NUMBERS = [0, 1, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 1e300];

describe('the patterns of the schemas the product ships', () => {
  const patterns = [...new Set([...schemaPatterns(FORMAT_SCHEMA), ...generatedPatterns()])];

  it('are the reviewed ones', () => {
    assert.deepEqual(generatedPatterns(), REVIEWED_PATTERNS);
    assert.ok(patterns.includes('^x-'));
  });

  it('answer as safeRegExp made at once, value by value, short and long', () => {
    for (const pattern of patterns) {
      const eager = safeRegExp(pattern, 'u');
      const shipped = shippedPatternRegExp(pattern, 'u');
      for (const value of STRINGS)
        assert.equal(shipped.test(value), eager.test(value), `/${pattern}/u on ${JSON.stringify(value.slice(0, 40))}`);
    }
  });

  it('compile nothing until the first test: a pattern that is no regex throws there, not before', () => {
    const deferred = shippedPatternRegExp('(unclosed', 'u');
    assert.equal(String(deferred), 'shipped:/(unclosed/u');
    assert.throws(() => deferred.test('x'), SyntaxError);
    assert.throws(() => safeRegExp('(unclosed', 'u'), SyntaxError);
  });
});

describe('format checks made at their first call', () => {
  const eager = boundedFormatDefinitions();
  const lazy = lazyBoundedFormatDefinitions();
  const shipped = shippedSchemaFormatDefinitions();

  it('has every format, of the same shape (checks nothing, or the same type)', () => {
    assert.deepEqual(Object.keys(lazy), Object.keys(eager));
    for (const name of Object.keys(eager)) {
      for (const deferred of [lazy[name], shipped[name]]) {
        const plain = eager[name];
        assert.equal(deferred === true, plain === true, name);
        if (plain !== true && deferred !== true) assert.equal(deferred.type, plain.type, name);
      }
    }
    assert.equal(lazy.password, true);
    assert.equal((lazy.int32 as { type: string }).type, 'number');
  });

  it('give the same verdicts as the checks made at once, value by value, short and long', () => {
    for (const name of Object.keys(eager)) {
      for (const deferred of [lazyBoundedFormatDefinitions()[name], shippedSchemaFormatDefinitions()[name]]) {
        const plain = eager[name];
        if (plain === true || deferred === true) continue;
        const values: unknown[] = plain.type === 'number' ? NUMBERS : STRINGS;
        for (const value of values) {
          const check = (definition: typeof plain) => (definition.validate as (value: unknown) => boolean)(value);
          assert.equal(check(deferred), check(plain), `${name} on ${JSON.stringify(value).slice(0, 40)}`);
        }
      }
    }
  });
});
