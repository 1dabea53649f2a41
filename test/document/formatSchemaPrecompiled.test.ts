// The format's schema compiled at build time (ajv's standalone code, build/generated/) against the
// same set-up compiled by ajv at run time: the same verdicts and error objects on every document of
// test-fixtures/ (the public 0.8.0 fixtures' shapes among them), the benchmark's generated documents
// and the first seeded mutants (all of them in formatSchemaPrecompiled.thorough.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bothValidators,
  compareValidators,
  fixtureDocuments,
  generatedDocuments,
  mutant,
} from '../support/formatSchemaDifferential';

const validators = bothValidators();
const fixtures = fixtureDocuments();
const generated = generatedDocuments();

test('the precompiled validators give the runtime-compiled errors on every fixture document', () => {
  const comparison = compareValidators(validators, fixtures);
  assert.deepEqual(comparison.disagreements, []);
  // The fixtures are not all clean: the comparison covers errors, not only empty lists.
  assert.ok(fixtures.length > 100, `${fixtures.length} fixture documents`);
  assert.ok(comparison.invalid > 100, `${comparison.invalid} of ${comparison.validations} validations failed`);
});

test('the precompiled validators give the runtime-compiled errors on generated documents', () => {
  assert.deepEqual(compareValidators(validators, generated).disagreements, []);
});

test('the precompiled validators give the runtime-compiled errors on the first 60 seeded mutants', () => {
  const seedlings = [...fixtures, ...generated];
  const mutants = Array.from({ length: 60 }, (_, index) => mutant(seedlings, 20261205, index));
  const comparison = compareValidators(validators, mutants);
  assert.deepEqual(comparison.disagreements, []);
  assert.ok(comparison.invalid > 60, `${comparison.invalid} of ${comparison.validations} validations failed`);
});

test('a difference in the errors is seen: a precompiled validator of another schema disagrees', () => {
  // The comparison itself must be able to fail: the root part standing in for the tool part.
  const crossed = { precompiled: { ...validators.precompiled, tool: validators.precompiled.root }, runtime: validators.runtime };
  assert.notDeepEqual(compareValidators(crossed, fixtures.slice(0, 20)).disagreements, []);
});
