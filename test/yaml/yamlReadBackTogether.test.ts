// Fix-all's YAML read-back (issue 19): an editor made to put its read-backs off takes every edit on
// trust and reads the chosen ones back together, from one tool's lines when they read alone as in
// place. Its verdict on each "Declare elicitation" edit must be the one the edit's own whole-text
// read-back gives: where the plain editor offers the same edit, together says yes; where the plain
// editor refused it (and offered another layout, or nothing), together says no. The quick-fixes'
// editor reads each edit back from its tool's lines too (issue 36: a whole-text read per edit made
// the CLI's count of fixable problems quadratic), and must plan what the whole-text read-back plans.
// On the first 30 seeded declare layouts here (yamlReadBackTogetherCheck.ts), all 120 in
// yamlReadBackTogether.thorough.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { declareVerdicts, readBackTogetherOnLayouts } from './yamlReadBackTogetherCheck';

describe('YAML read-back together', () => {
  readBackTogetherOnLayouts(30);

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
