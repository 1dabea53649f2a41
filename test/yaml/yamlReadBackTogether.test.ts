// Fix-all's YAML read-back (issue 19): an editor made to put its read-backs off takes every edit on
// trust and reads the chosen ones back together, from one tool's lines when they read alone as in
// place. Its verdict on each "Declare elicitation" edit must be the one the edit's own whole-text
// read-back gives: where the plain editor offers the same edit, together says yes; where the plain
// editor refused it (and offered another layout, or nothing), together says no. The quick-fixes'
// editor reads each edit back from its tool's lines too (issue 36: a whole-text read per edit made
// the CLI's count of fixable problems quadratic), and must plan what the whole-text read-back plans.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import type { DocumentCheck } from '../../server/src/checker/check';
import { declareLayoutDocument } from './declareLayoutDocuments';

function declareVerdicts(text: string): Array<{ same: boolean; together: boolean }> {
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

describe('YAML read-back together', () => {
  it('agrees with each edit read back alone, on 120 declare layouts', () => {
    let refused = 0;
    let offered = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const document = declareLayoutDocument(seed);
      for (const { same, together } of declareVerdicts(document.text)) {
        assert.equal(together, same, `seed ${seed} (${document.layout})`);
        if (same) offered++;
        else refused++;
      }
    }
    assert.ok(offered > 50 && refused > 0, `both verdicts were exercised (${offered} offered, ${refused} refused)`);
  });

  it("reads each edit back from its tool's lines (quick-fixes, the fixable count) as the whole text reads it, on 120 declare layouts", () => {
    let edits = 0;
    for (let seed = 1; seed <= 120; seed++) {
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
    assert.ok(edits >= 100, `${edits} fixes planned`);
  });

  const tool = (elicitations: string) => `mcpdesc: 0.8.0
tools:
  - name: first
    elicitations:
      - name: start
        mode: url
        message: Start.
        url: https://example.com/start
${elicitations}    interactionExamples:
      run:
        steps:
          - type: elicitation
            declaration: sign
            request: { mode: url, message: Sign., url: "https://example.com/sign" }
            response: { action: decline }
  - name: second
`;

  it('reads one tool back from its lines, up to the member after the edit', () => {
    assert.deepEqual(declareVerdicts(tool('')), [{ same: true, together: true }]);
  });

  it('gives the verdict of the edit alone when a key of the tool repeats (the last one wins)', () => {
    const text = tool('').replace('  - name: second\n', '    elicitations: []\n  - name: second\n');
    const verdicts = declareVerdicts(text);
    assert.equal(verdicts.length, 1);
    assert.equal(verdicts[0].together, verdicts[0].same);
  });
});
