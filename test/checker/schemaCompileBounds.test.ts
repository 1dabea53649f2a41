// Compiling a requested schema with ajv is bounded in time (charged to the document's budget, and a
// cap on subschemas before ajv starts) and in memory (caches bounded by weight, ajv instances
// retired, everything ajv compiled released on close). A schema past the bounds is "not a usable
// JSON Schema (too large/complex: ...)", never a hang.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SchemaValidatorCache } from '../../server/src/checker/schema/schemaValidator';
import { NotCheckedError, withDocumentBudget } from '../../server/src/checker/timeBudget';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { heapAfterGc } from '../support/heap';

function ifThenElseProperties(count: number): JsonValue {
  const properties: { [name: string]: JsonValue } = {};
  for (let i = 0; i < count; i++) {
    properties[`p${i}`] = { if: { type: 'string', minLength: 3 }, then: { maxLength: 10 }, else: { type: 'number', minimum: i } };
  }
  return { type: 'object', properties };
}

describe('compiling requested schemas is bounded', () => {
  it('refuses 20,000 if/then/else properties as too large/complex at once (was 27.6 s and 2.55 GB)', () => {
    const cache = new SchemaValidatorCache();
    const schema = ifThenElseProperties(20_000);
    const heapBefore = heapAfterGc();
    const compiled = withDocumentBudget(() => cache.compile(schema));
    // Refused by counting before ajv starts (the memory below says ajv generated nothing), not by the budget.
    assert.deepEqual(compiled, { ok: false, reason: 'too large/complex: over 2000 subschemas to compile' });
    assert.ok(process.memoryUsage().heapUsed - heapBefore < 200e6, 'no ajv code was generated');
  });

  it('still walks a large schema of plain properties (no ajv, no cap)', () => {
    const properties: { [name: string]: JsonValue } = {};
    for (let i = 0; i < 20_000; i++) properties[`p${i}`] = { type: 'string', maxLength: 10 };
    const compiled = new SchemaValidatorCache().compile({ type: 'object', properties });
    assert.ok(compiled.ok);
    assert.deepEqual(
      compiled.validate({ p1: 'x'.repeat(11) }).map((error) => error.instancePath),
      ['/p1'],
    );
  });

  it('compiles a schema under the cap', () => {
    const compiled = withDocumentBudget(() => new SchemaValidatorCache().compile(ifThenElseProperties(50)));
    assert.ok(compiled.ok);
    assert.deepEqual(
      compiled.validate({ p3: 'ab' }).map((error) => error.keyword),
      ['type', 'if'],
    );
  });

  it('charges compilation to the budget: 10,000 distinct allOf schemas cost one document about its budget (was 9-16 s)', () => {
    const cache = new SchemaValidatorCache();
    const results = withDocumentBudget(() =>
      Array.from({ length: 10_000 }, (_, i) => cache.compile({ allOf: [{ type: 'string' }, { minLength: i }] })),
    );
    // Once the budget is spent every later schema is refused at once, whatever the machine's speed.
    const compiled = results.filter((result) => result.ok && !result.notCompiled).length;
    assert.ok(compiled > 0, 'the first ones compile');
    assert.ok(compiled < results.length, 'the budget ran out');
    // Not compiled for want of time is no verdict on the schema: usable as far as anyone knows, and
    // nothing is checked against it (validate says why, for the caller to report as not checked).
    const reasons = new Set(results.flatMap((result) => (result.ok && result.notCompiled ? [result.notCompiled.reason] : [])));
    assert.deepEqual([...reasons], ["the document's time budget for costly work is spent"]);
    assert.ok(results.every((result) => result.ok));
    const refused = results.find((result) => result.ok && result.notCompiled);
    assert.throws(() => refused?.ok && refused.validate('x'), NotCheckedError);
    // Refused for want of budget, a schema is not remembered as unusable: the next check compiles it.
    const again = withDocumentBudget(() => cache.compile({ allOf: [{ type: 'string' }, { minLength: 9_999 }] }));
    assert.ok(again.ok);
    assert.deepEqual(
      again.validate('x'.repeat(9_998)).map((error) => error.keyword),
      ['minLength'],
    );
  });

  // The memory bounds at 8,000 schemas: schemaCompileBounds.thorough.test.ts.
  it('releases the code it compiled, and a released schema compiles again on demand', () => {
    const cache = new SchemaValidatorCache();
    for (let i = 0; i < 200; i++) {
      const compiled = cache.compile({
        type: 'object',
        properties: { [`p${i}`]: { allOf: [{ type: 'string' }, { minLength: i % 7 }] } },
      });
      assert.ok(compiled.ok);
    }
    cache.releaseCompiledCode();
    const compiled = cache.compile({ type: 'object', properties: { p1: { allOf: [{ type: 'string' }, { minLength: 1 }] } } });
    assert.ok(compiled.ok);
    assert.deepEqual(
      compiled.validate({ p1: '' }).map((error) => error.keyword),
      ['minLength'],
    );
  });
});
