// Every quick-fix of every YAML fixture, each applied on its own (support/everyQuickFix.ts); the fast
// tier's fixes.test.ts runs every third fixture.
import { describe } from 'node:test';
import { testEveryQuickFixOf } from './support/everyQuickFix';
import { yamlFixtures } from './support/yamlFixtures';

describe('every quick-fix of every YAML fixture', () => {
  testEveryQuickFixOf(yamlFixtures('expected-invalid'));
});
