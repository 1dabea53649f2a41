// Fix-all against its plain reference on seeded YAML declare layouts, some of whose read-backs
// refuse: the fast tier runs the first seeds (fixAllBatched.test.ts), the thorough tier all 80
// (fixAllLayouts.thorough.test.ts).
import assert from 'node:assert/strict';
import { fixAll } from '../../server/src/checker/fixes/fixAll';
import { fixAllPlain } from '../support/fixAllPlain';
import { declareLayoutDocument } from '../yaml/declareLayoutDocuments';

/** Asserts fix-all equals the plain reference on seeds 1..`seeds`; returns how many layouts it changed. */
export function layoutsSameAsPlain(seeds: number): number {
  let changed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const document = declareLayoutDocument(seed);
    const fast = fixAll(document.text, { format: 'yaml' });
    const plain = fixAllPlain(document.text, { format: 'yaml' });
    assert.equal(fast.text, plain.text, `seed ${seed} (${document.layout})`);
    assert.equal(fast.applied, plain.applied, `seed ${seed} (${document.layout})`);
    if (fast.text !== document.text) changed++;
  }
  return changed;
}
