// Fix-all never makes a document worse (issue 15, item 1): a fix that leaves its diagnostic in place
// is taken back and not planned again, a round that adds syntax errors is rejected, and fix-all on
// its own output changes nothing. Both fronts (CLI --fix, LSP source.fixAll) call this fixAll.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyEdits, checkDocument, fixAll, type DocumentFormat } from '../../server/src/checker';
import { ATTACHED, CLEAN, UNATTACHED } from './fixAllDocuments';

function violations(text: string, format: DocumentFormat): string[] {
  return checkDocument(text, { format }).diagnostics.map((diagnostic) => diagnostic.data.violation);
}

function syntaxErrors(text: string, format: DocumentFormat): number {
  return violations(text, format).filter((violation) => violation === 'syntax-error').length;
}

describe('fix-all on broken syntax', () => {
  for (const document of UNATTACHED) {
    it(`${document.name}: a fix that cannot remove its diagnostic changes nothing`, () => {
      assert.ok(violations(document.text, document.format).includes('missing-content'), 'the case has its diagnostic');
      // Every round's edits pass through adaptEdits before they are applied and judged.
      let attempts = 0;
      const result = fixAll(document.text, {
        format: document.format,
        adaptEdits: (_text, edits) => (attempts++, edits),
      });
      assert.equal(result.text, document.text);
      assert.deepEqual(result.edits, []);
      assert.equal(result.applied, 0);
      // Before: the same insertion tried in each of 100 rounds; then tried once and taken back; now not
      // planned at all, since its edit would land beside the syntax error (fixes keep away from them).
      assert.equal(attempts, 0, 'the fix is not planned');
    });
  }

  it(`${ATTACHED.name}: the fix that works is still applied, and a second fix-all changes nothing`, () => {
    const first = fixAll(ATTACHED.text);
    assert.equal(first.applied, 1);
    assert.equal(applyEdits(ATTACHED.text, first.edits), first.text);
    assert.match(first.text, /"response": \{ "action": "accept", "content": \{ "approved": false \} \}, "oops" \{\{/);
    assert.ok(!violations(first.text, 'json').includes('missing-content'));
    assert.equal(syntaxErrors(first.text, 'json'), syntaxErrors(ATTACHED.text, 'json'));
    const second = fixAll(first.text);
    assert.equal(second.text, first.text);
    assert.deepEqual(second.edits, []);
  });

  it('a round whose result has more syntax errors than its input is rejected', () => {
    // The front's adaptEdits hook is the one way to make a productive fix damage syntax on purpose:
    // the content is added (its diagnostic goes) and a stray token comes with it.
    const damaging = fixAll(CLEAN.text, {
      adaptEdits: (_text, edits) => edits.map((edit) => ({ ...edit, newText: `${edit.newText} 1` })),
    });
    assert.equal(damaging.text, CLEAN.text);
    assert.equal(damaging.applied, 0);
    // The same fix without the damage is applied.
    const clean = fixAll(CLEAN.text);
    assert.equal(clean.applied, 1);
    assert.equal(syntaxErrors(clean.text, 'json'), 0);
    assert.ok(!violations(clean.text, 'json').includes('missing-content'));
  });
});
