// The JSON Schema dialects' meta-schemas compiled at build time (ajv's standalone code,
// build/generated/metaSchemaValidators.ts) against the same set-up's validateSchema, which compiles
// them at run time: the same verdicts, errors and messages on every schema of test-fixtures/ and on
// the first seeded random schemas (all of them in metaSchemaPrecompiled.thorough.test.ts). And what
// the checker makes of a schema judged that way, compared with the plain path's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bothMetaValidators, compareMetaValidators, fixtureSchemas, randomSchemas } from '../support/metaSchemaDifferential';
import { SchemaValidatorCache } from '../../server/src/checker/schema/schemaValidator';
import type { JsonValue } from '../../server/src/checker/syntax/tree';

const validators = bothMetaValidators();

test('the precompiled meta-schema validators judge every fixture schema as ajv does at run time, in every dialect', () => {
  const schemas = fixtureSchemas();
  assert.ok(schemas.length > 100, `fixture schemas: ${schemas.length}`);
  const comparison = compareMetaValidators(validators, schemas);
  assert.deepEqual(comparison.differences, []);
  assert.ok(comparison.invalid > 0, 'some fixture schema is invalid in some dialect');
});

test('the precompiled meta-schema validators judge the first 400 random schemas as ajv does at run time', () => {
  const comparison = compareMetaValidators(validators, randomSchemas(400));
  assert.deepEqual(comparison.differences, []);
  // Both kinds, in fair numbers: the comparison says something about each.
  assert.ok(
    comparison.invalid > comparison.compared / 10 && comparison.invalid < comparison.compared * 0.9,
    `${comparison.invalid} invalid of ${comparison.compared}`,
  );
});

test("a difference is seen: a dialect judged by another dialect's precompiled validator disagrees", () => {
  const crossed = { ...validators, precompiled: { ...validators.precompiled, 'draft-07': validators.precompiled['2020-12'] } };
  const comparison = compareMetaValidators(crossed, [{ name: 'prefixItems as a number', value: { prefixItems: 1 } }]);
  assert.equal(comparison.differences.length, 1);
  assert.match(comparison.differences[0], /\(draft-07\)/);
});

test('an invalid tool schema gets the reason the plain path gives, without a compiled meta-schema', () => {
  const cache = new SchemaValidatorCache();
  for (const [schema, reason] of [
    [
      { type: 'object', properties: { tags: { type: 'array', items: { type: 'strin' } } } },
      /properties\.tags\.items\.type: 'strin' is not a JSON Schema type/,
    ],
    [{ type: 'array', minItems: -1 }, /minItems/],
    [{ $defs: { a: { type: 'string' } }, prefixItems: [{ type: 'strin' }] }, /prefixItems/],
  ] as Array<[JsonValue, RegExp]>) {
    const compiled = cache.compile(schema);
    assert.equal(compiled.ok, false, JSON.stringify(schema));
    assert.match((compiled as { reason: string }).reason, reason);
  }
});
