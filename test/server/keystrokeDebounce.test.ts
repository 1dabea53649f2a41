// The wait before an edited open document is checked (server/src/lsp/keystrokeDebounce.ts), on a
// given clock: an edit after a pause is checked almost at once; within a burst an edit waits as long
// as the fastest of the document's latest three checks after an edit (the open's check does not
// count), within the bounds, per document; OpenDocumentChecks asks it once per change.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AFTER_PAUSE_MS, KeystrokeDebounce, MAX_DEBOUNCE_MS, MIN_DEBOUNCE_MS } from '../../server/src/lsp/keystrokeDebounce';
import { OpenDocumentChecks, type OpenDocumentChecksDeps } from '../../server/src/lsp/openDocumentChecks';

describe('keystroke debounce', () => {
  it('a first edit and one after a pause wait AFTER_PAUSE_MS; within a burst, the least until a keystroke was checked', () => {
    const debounce = new KeystrokeDebounce();
    assert.equal(debounce.delayFor('a', 1000), AFTER_PAUSE_MS);
    assert.equal(debounce.delayFor('a', 1040), MIN_DEBOUNCE_MS);
    assert.equal(debounce.delayFor('a', 1180), MIN_DEBOUNCE_MS);
    // A pause longer than MAX_DEBOUNCE_MS (and than the checks): nothing to coalesce.
    assert.equal(debounce.delayFor('a', 1400), AFTER_PAUSE_MS);
    assert.equal(debounce.delayFor('b', 1410), AFTER_PAUSE_MS, 'per document');
  });

  it('within a burst, learns the fastest of the latest three checks after an edit', () => {
    const debounce = new KeystrokeDebounce();
    let now = 0;
    const keystroke = () => debounce.delayFor('a', (now += 50));
    keystroke();
    debounce.editChecked('a', 60);
    assert.equal(keystroke(), 60);
    // One slow check (descheduled, a collection) does not lengthen the next wait.
    debounce.editChecked('a', 400);
    assert.equal(keystroke(), 60);
    debounce.editChecked('a', 70);
    assert.equal(keystroke(), 60);
    // The 60 ms check is now older than the latest three.
    debounce.editChecked('a', 90);
    assert.equal(keystroke(), 70);
  });

  it('stays within its bounds, and forgets a closed document', () => {
    const debounce = new KeystrokeDebounce();
    debounce.editChecked('fast', 1);
    debounce.editChecked('slow', 2000);
    debounce.delayFor('fast', 0);
    debounce.delayFor('slow', 0);
    assert.equal(debounce.delayFor('fast', 10), MIN_DEBOUNCE_MS);
    // Edits 1 s apart are one burst for a document whose checks take 2 s.
    assert.equal(debounce.delayFor('slow', 1000), MAX_DEBOUNCE_MS);
    debounce.forget('slow');
    assert.equal(debounce.delayFor('slow', 1010), AFTER_PAUSE_MS);
  });

  it('is what an open document waits after each change', () => {
    const checks = new OpenDocumentChecks({} as OpenDocumentChecksDeps);
    const uri = 'file:///delay/doc.mcpdesc.json';
    assert.equal(checks.delayForEdit(uri, 1000), AFTER_PAUSE_MS);
    assert.equal(checks.delayForEdit(uri, 1040), MIN_DEBOUNCE_MS);
    checks.forget(uri);
    assert.equal(checks.delayForEdit(uri, 1050), AFTER_PAUSE_MS, 'a closed and re-opened document starts afresh');
  });
});
