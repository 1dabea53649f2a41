// Fix-all's YAML read-back (issue 19): an editor made to put its read-backs off takes every edit on
// trust and reads the chosen ones back together, from one tool's lines when they read alone as in
// place. Its verdict on each "Declare elicitation" edit must be the one the edit's own whole-text
// read-back gives: where the plain editor offers the same edit, together says yes; where the plain
// editor refused it (and offered another layout, or nothing), together says no. The quick-fixes'
// editor reads each edit back from its tool's lines too (issue 36: a whole-text read per edit made
// the CLI's count of fixable problems quadratic), and must plan what the whole-text read-back plans.
// Written once as a function of the number of seeded declare layouts: yamlReadBackTogether.test.ts
// runs the first 30, yamlReadBackTogether.thorough.test.ts all 120.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import type { DocumentCheck } from '../../server/src/checker/check';
import { declareLayoutDocument } from './declareLayoutDocuments';

export function declareVerdicts(text: string): Array<{ same: boolean; together: boolean }> {
  const check = checkDocument(text, { format: 'yaml' }) as DocumentCheck;
  const plain = check.preferredFixes(undefined, 'whole');
  const deferred = check.planPreferredFixes(undefined, 'deferred')!;
  const verdicts: Array<{ same: boolean; together: boolean }> = [];
  for (const fix of deferred.fixes) {
    if (!fix.plan.declares) continue;
    const own = plain.find((candidate) => candidate.violation === fix.violation && candidate.offset === fix.offset);
    const same = JSON.stringify(own?.plan.edits) === JSON.stringify(fix.plan.edits);
    verdicts.push({ same, together: deferred.editor.confirmsTogether!(fix.plan.edits) });
  }
  return verdicts;
}

/** The verdicts together and alone, and the quick-fixes' plans, on the first `layouts` seeded declare layouts. */
export function readBackTogetherOnLayouts(layouts: number): void {
  it(`agrees with each edit read back alone, on ${layouts} declare layouts`, () => {
    let refused = 0;
    let offered = 0;
    for (let seed = 1; seed <= layouts; seed++) {
      const document = declareLayoutDocument(seed);
      for (const { same, together } of declareVerdicts(document.text)) {
        assert.equal(together, same, `seed ${seed} (${document.layout})`);
        if (same) offered++;
        else refused++;
      }
    }
    assert.ok(offered > layouts / 3 && refused > 0, `both verdicts were exercised (${offered} offered, ${refused} refused)`);
  });

  it(`reads each edit back from its tool's lines (quick-fixes, the fixable count) as the whole text reads it, on ${layouts} declare layouts`, () => {
    let edits = 0;
    for (let seed = 1; seed <= layouts; seed++) {
      const document = declareLayoutDocument(seed);
      const check = checkDocument(document.text, { format: 'yaml' }) as DocumentCheck;
      const each = check
        .preferredFixes(undefined, 'each')
        .map((fix) => [fix.violation, fix.offset, fix.plan.title, fix.plan.edits]);
      const whole = check
        .preferredFixes(undefined, 'whole')
        .map((fix) => [fix.violation, fix.offset, fix.plan.title, fix.plan.edits]);
      assert.deepEqual(each, whole, `seed ${seed} (${document.layout})`);
      edits += each.length;
    }
    assert.ok(edits >= layouts * 0.8, `${edits} fixes planned`);
  });
}
