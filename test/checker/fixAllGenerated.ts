// Fix-all's batched path against the plain path (fixAllPlain) on one text, and on seeded generated
// documents dense with problems: seeds 1 to 4 of 12 KB in fixAllBatched.test.ts; 1 to 8 of 40 KB and
// 5 to 8 of 12 KB in fixAllBatched.thorough.test.ts.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { checkDocument, type CheckOptions } from '../../server/src/checker';
import { fixAll } from '../../server/src/checker/fixes/fixAll';
import { generateMcpdesc } from '../../bench/generate';
import { fixAllPlain } from '../support/fixAllPlain';

export const BOTH_RULES: CheckOptions['rules'] = { [DECLARATION_RULE_ID]: 'error' };

export function assertSameAsPlain(text: string, options: CheckOptions, label: string): { applied: number } {
  const fast = fixAll(text, options);
  const plain = fixAllPlain(text, options);
  assert.equal(fast.text, plain.text, `${label}: the fixed text`);
  assert.equal(fast.applied, plain.applied, `${label}: fixes applied`);
  assert.deepEqual(fast.edits, plain.edits, `${label}: the edit`);
  return { applied: fast.applied };
}

/** Both formats, the given seeds (of 1 to 8: both violation rates, steps of every kind, one rule or both) of `size` characters each. */
export function generatedSameAsPlain(size: number, seeds: number[]): void {
  for (const format of ['json', 'yaml'] as const) {
    it(`on seeded generated ${format} documents of ${size / 1000} KB dense with problems (seeds ${seeds.join(', ')})`, () => {
      let merged = 0;
      for (const seed of seeds) {
        const { text } = generateMcpdesc(seed, size, {
          format,
          violationRate: seed % 2 === 0 ? 1 : 0.4,
          elicitationStepsOnly: seed % 4 !== 3,
        });
        const options = { format, rules: seed % 3 === 0 ? BOTH_RULES : undefined };
        assertSameAsPlain(text, options, `seed ${seed}`);
        const unknown = checkDocument(text, options).diagnostics.filter(
          (diagnostic) => diagnostic.data.violation === 'unknown-declaration',
        );
        if (unknown.length > 1) merged++;
      }
      assert.ok(merged >= seeds.length / 2, `several documents had more than one unknown declaration (${merged})`);
    });
  }
}
