// The thorough tier's part of the compile bounds (schemaCompileBounds.test.ts has the rest): memory
// stays bounded over 8,000 distinct compiled schemas, and is returned on release.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SchemaValidatorCache } from '../../server/src/checker/schema/schemaValidator';
import { heapAfterGc } from '../support/heap';

describe('compiling requested schemas is bounded', () => {
  it('keeps bounded memory over many distinct compiled schemas, and returns it on release', () => {
    const cache = new SchemaValidatorCache();
    const heapBefore = heapAfterGc();
    for (let i = 0; i < 8000; i++) {
      const compiled = cache.compile({
        type: 'object',
        properties: { [`p${i}`]: { allOf: [{ type: 'string' }, { minLength: i % 7 }] } },
      });
      assert.ok(compiled.ok);
    }
    const heldWhileCached = heapAfterGc() - heapBefore;
    cache.releaseCompiledCode();
    const heldAfterRelease = heapAfterGc() - heapBefore;
    // One shared ajv instance used to keep every function it compiled: some 4.5 MB per 1,000 of these.
    assert.ok(heldWhileCached < 20e6, `held ${heldWhileCached} bytes while cached`);
    assert.ok(heldAfterRelease < 5e6, `held ${heldAfterRelease} bytes after release`);
    // A released schema compiles again on demand.
    const compiled = cache.compile({ type: 'object', properties: { p1: { allOf: [{ type: 'string' }, { minLength: 1 }] } } });
    assert.ok(compiled.ok);
    assert.deepEqual(
      compiled.validate({ p1: '' }).map((error) => error.keyword),
      ['minLength'],
    );
  });
});
