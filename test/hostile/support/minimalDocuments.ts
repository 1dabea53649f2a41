// The minimal documents of the hostile-input regressions (regressions.test.ts), and the one regression
// that runs at two sizes: the fast tier's, and the size it was found at (regressions.thorough.test.ts).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkDocument, fixAll } from '../../../server/src/checker';
import { apartFromDeclarationValidity, elicitationOnly } from '../../support/ruleScope';

/** One tool with a form declaration `c` (then `extraDeclarations`: JSON elements, each after a comma) and one example of `steps`. */
export function documentWith(declarationSchema: string, steps: string[], extraDeclarations = ''): string {
  return `{"mcpdesc":"0.8.0","tools":[{"name":"t","elicitations":[{"name":"c","mode":"form","message":"m","requestedSchema":${declarationSchema}}${extraDeclarations}],"interactionExamples":{"e":{"steps":[\n${steps.join(',\n')}\n]}}}]}\n`;
}

export function violations(text: string, format?: 'yaml'): string[] {
  return apartFromDeclarationValidity(checkDocument(text, elicitationOnly({ format })).diagnostics).map(
    (diagnostic) => diagnostic.data.violation,
  );
}

/** `count` steps with a content their decline does not take: one fix-all removes every one of them. */
export function itRemovesUnexpectedContentsInOneGo(count: number): void {
  it(`fix-all removes ${count.toLocaleString('en-US')} unexpected contents in one go`, () => {
    const steps = Array.from(
      { length: count },
      () =>
        '{"type":"elicitation","declaration":"u","request":{"mode":"url","url":"u"},"response":{"action":"cancel","content":{}}}',
    );
    const text = documentWith('{"type":"object"}', steps, ',{"name":"u","mode":"url","message":"m"}');
    const result = fixAll(text, elicitationOnly());
    assert.equal(result.applied, count);
    assert.deepEqual(violations(result.text), []);
  });
}
