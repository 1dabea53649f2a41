// The thorough tier's part of the precompiled format schema's differential (formatSchemaPrecompiled.test.ts
// runs the first 60 mutants): 3,000 seeded mutants of the fixtures and generated documents.
//   MCPDESC_FUZZ_SEED=n MCPDESC_FUZZ_ITERATIONS=n node --test out/test/document/formatSchemaPrecompiled.thorough.test.js
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bothValidators,
  compareValidators,
  fixtureDocuments,
  generatedDocuments,
  mutant,
} from '../support/formatSchemaDifferential';

const SEED = Number(process.env.MCPDESC_FUZZ_SEED ?? 20261205);
const ITERATIONS = Number(process.env.MCPDESC_FUZZ_ITERATIONS ?? 3000);

test(`the precompiled validators give the runtime-compiled errors on ${ITERATIONS} seeded mutants`, () => {
  const validators = bothValidators();
  const seedlings = [...fixtureDocuments(), ...generatedDocuments()];
  const disagreements: string[] = [];
  for (let index = 0; index < ITERATIONS && disagreements.length < 5; index++) {
    disagreements.push(...compareValidators(validators, [mutant(seedlings, SEED, index)]).disagreements);
  }
  assert.deepEqual(disagreements, []);
});
