// The thorough tier's run of the schema walker's differential against ajv (simpleSchemaValidator.test.ts
// runs the first 40): 1,000 seeded random schemas, or MCPDESC_SCHEMA_DIFF_ITERATIONS.
import { test } from 'node:test';
import { walkerAgreesWithAjv } from '../support/walkerDifferential';

const ITERATIONS = Number(process.env.MCPDESC_SCHEMA_DIFF_ITERATIONS ?? 1000);

test(`the schema walker reports what ajv reports, in ajv's order, in every dialect (${ITERATIONS} schemas)`, () => {
  walkerAgreesWithAjv(ITERATIONS);
});
