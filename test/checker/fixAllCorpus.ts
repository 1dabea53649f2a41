// Fix-all's batched path held to the plain path on the fixture corpora, with the default rules and
// with the declaration rule alone added: written once as a function of a stride, so that
// fixAllBatched.test.ts runs every twelfth document of the corpora and fixAllBatched.thorough.test.ts
// every one (the corpora grow with each rule; the comparison costs two fix-alls per document).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { assertSameAsPlain, BOTH_RULES } from './fixAllGenerated';
import { fixtureCorpus } from '../support/fixtureCorpus';

export function corpusSameAsPlain(stride: number): void {
  const which = stride === 1 ? 'every fixture' : `every ${stride}th fixture`;
  it(`on ${which} of the corpora, with one rule and with both`, () => {
    let applied = 0;
    for (const [index, document] of fixtureCorpus().entries()) {
      if (index % stride !== 0) continue;
      for (const rules of [undefined, BOTH_RULES]) {
        applied += assertSameAsPlain(
          document.text,
          { format: document.format, rules },
          `${document.name}${rules ? ' (both rules)' : ''}`,
        ).applied;
      }
    }
    assert.ok(applied > 200 / stride, `the corpora had fixes to apply (${applied})`);
  });
}
