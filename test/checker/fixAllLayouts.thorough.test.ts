// All 80 seeded YAML declare layouts, fix-all against its plain reference (the fast tier runs 20).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { layoutsSameAsPlain } from './fixAllLayouts';

it('fix-all equals the plain path on 80 seeded YAML declare layouts, some of whose read-backs refuse', () => {
  const changed = layoutsSameAsPlain(80);
  assert.ok(changed > 40, `most layouts were fixed (${changed})`);
});
