// fixAll on every YAML fixture (support/fixAllEach.ts); the fast tier's fixAll.test.ts runs every third.
import { describe } from 'node:test';
import { testFixAllOf } from './support/fixAllEach';
import { yamlFixtures } from './support/yamlFixtures';

describe('fixAll on the YAML fixtures', () => {
  testFixAllOf(yamlFixtures('expected-invalid'));
});
