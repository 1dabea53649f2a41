// The schema walker against ajv (test/support/walkerDifferential.ts): the first 40 seeded random
// schemas here, 1,000 in simpleSchemaValidator.thorough.test.ts; and what it leaves to ajv.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simpleValidator } from '../../server/src/checker/schema/simpleSchemaValidator';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { walkerAgreesWithAjv } from '../support/walkerDifferential';

test("the schema walker reports what ajv reports, in ajv's order, in every dialect (40 schemas)", () => {
  walkerAgreesWithAjv(40);
});

test('schemas with keywords the walker does not handle go to ajv', () => {
  const delegated: JsonValue[] = [
    { allOf: [{ type: 'string' }] },
    { anyOf: [true] },
    { $ref: '#/$defs/a', $defs: { a: {} } },
    { type: 'array', items: [{ type: 'string' }] },
    { type: 'array', items: true },
    { type: 'array', prefixItems: [{ type: 'string' }] },
    { type: 'array', contains: { type: 'string' } },
    { properties: { a: true } },
  ];
  for (const schema of delegated) {
    assert.equal(simpleValidator(schema), undefined, JSON.stringify(schema));
  }
});

test('an array schema of the kind tool schemas use is walked: bounds, items, uniqueness, with their exact errors', () => {
  const walker = simpleValidator({
    type: 'array',
    items: { type: 'string', minLength: 2 },
    minItems: 1,
    maxItems: 3,
    uniqueItems: true,
  })!;
  assert.ok(walker);
  assert.equal(walker(['ab', 'cd']), true);
  assert.equal(walker(['ab', 'x', 'ab', 'cd']), false);
  assert.deepEqual(
    walker.errors?.map(({ keyword, instancePath, message }) => [keyword, instancePath, message]),
    [
      ['maxItems', '', 'must NOT have more than 3 items'],
      ['minLength', '/1', 'must NOT have fewer than 2 characters'],
      ['uniqueItems', '', 'must NOT have duplicate items (items ## 2 and 0 are identical)'],
    ],
  );
  assert.equal(walker('ab'), false);
  assert.deepEqual(
    walker.errors?.map(({ keyword, message }) => [keyword, message]),
    [['type', 'must be array']],
  );
});
