// The thorough tier's run of isEvidentlyValidSchema's differential against ajv: 20,000 random schemas
// and 500 plain form schemas (schemaMetaValidity.test.ts runs 500 and 100).
import { describe } from 'node:test';
import { itSaysYesOnlyWhereAjvDoes, itSaysYesToFormSchemas } from '../support/randomSchemas';

describe('isEvidentlyValidSchema', () => {
  itSaysYesOnlyWhereAjvDoes(20_000);
  itSaysYesToFormSchemas(500);
});
