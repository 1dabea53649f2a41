// The thorough tier's part of the precompiled meta-schemas' differential (metaSchemaPrecompiled.test.ts
// runs the first 400 random schemas): 20,000 of them, in every dialect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bothMetaValidators, compareMetaValidators, randomSchemas } from '../support/metaSchemaDifferential';

test('the precompiled meta-schema validators judge 20,000 random schemas as ajv does at run time', () => {
  const comparison = compareMetaValidators(bothMetaValidators(), randomSchemas(20_000));
  assert.deepEqual(comparison.differences.slice(0, 5), []);
});
