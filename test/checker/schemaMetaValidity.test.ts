// isEvidentlyValidSchema may only say yes where ajv's meta-schema validation says yes, in every
// dialect the checker compiles with: random schemas, right and wrong, are judged both ways. And it
// must say yes to the plain form schemas documents are made of, or it saves nothing. A few hundred
// of each here (test/support/randomSchemas.ts), 20,000 random schemas in schemaMetaValidity.thorough.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isEvidentlyValidSchema } from '../../server/src/checker/schema/schemaMetaValidity';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { itSaysYesOnlyWhereAjvDoes, itSaysYesToFormSchemas } from '../support/randomSchemas';

describe('isEvidentlyValidSchema', () => {
  itSaysYesOnlyWhereAjvDoes(500);
  itSaysYesToFormSchemas(100);

  it('leaves the doubtful cases to ajv', () => {
    for (const candidate of [
      { type: 'strin' },
      { required: ['a', 'a'] },
      { maxLength: -1 },
      { maxLength: 1.5 },
      { pattern: '(' },
      { pattern: 'a\\Z' },
      { anyOf: [] },
      { properties: [] },
      { maximum: 1e400 },
      { $ref: '#' },
      { items: [{}] },
      { uniqueItems: 'yes' },
      { minItems: -1 },
      { type: [] },
      { enum: 'a' },
    ] as JsonValue[]) {
      assert.equal(isEvidentlyValidSchema(candidate), false, JSON.stringify(candidate));
    }
  });
});
