// The wait before an edited open document is checked (server/src/lsp/keystrokeDebounce.ts, one per
// OpenDocument), on a given clock: an edit after a pause is checked almost at once; within a burst an
// edit waits as long as the fastest of the document's latest three checks after an edit (the open's
// check does not count), within the bounds, per document; an OpenDocument asks it once per change.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AFTER_PAUSE_MS, KeystrokeDebounce, MAX_DEBOUNCE_MS, MIN_DEBOUNCE_MS } from '../../server/src/lsp/keystrokeDebounce';
import { OpenDocument } from '../../server/src/lsp/openDocument';

describe('keystroke debounce', () => {
  it('a first edit and one after a pause wait AFTER_PAUSE_MS; within a burst, the least until a keystroke was checked', () => {
    const debounce = new KeystrokeDebounce();
    assert.equal(debounce.delayFor(1000), AFTER_PAUSE_MS);
    assert.equal(debounce.delayFor(1040), MIN_DEBOUNCE_MS);
    assert.equal(debounce.delayFor(1180), MIN_DEBOUNCE_MS);
    // A pause longer than MAX_DEBOUNCE_MS (and than the checks): nothing to coalesce.
    assert.equal(debounce.delayFor(1400), AFTER_PAUSE_MS);
    assert.equal(new KeystrokeDebounce().delayFor(1410), AFTER_PAUSE_MS, 'per document');
  });

  it('within a burst, learns the fastest of the latest three checks after an edit', () => {
    const debounce = new KeystrokeDebounce();
    let now = 0;
    const keystroke = () => debounce.delayFor((now += 50));
    keystroke();
    debounce.editChecked(60);
    assert.equal(keystroke(), 60);
    // One slow check (descheduled, a collection) does not lengthen the next wait.
    debounce.editChecked(400);
    assert.equal(keystroke(), 60);
    debounce.editChecked(70);
    assert.equal(keystroke(), 60);
    // The 60 ms check is now older than the latest three.
    debounce.editChecked(90);
    assert.equal(keystroke(), 70);
  });

  it('stays within its bounds', () => {
    const fast = new KeystrokeDebounce();
    const slow = new KeystrokeDebounce();
    fast.editChecked(1);
    slow.editChecked(2000);
    fast.delayFor(0);
    slow.delayFor(0);
    assert.equal(fast.delayFor(10), MIN_DEBOUNCE_MS);
    // Edits 1 s apart are one burst for a document whose checks take 2 s.
    assert.equal(slow.delayFor(1000), MAX_DEBOUNCE_MS);
  });

  it('is what an open document waits after each change, learnt from its own checks after edits', () => {
    const uri = 'file:///delay/doc.mcpdesc.json';
    const document = new OpenDocument(uri, 'json', 1, '{}');
    assert.equal(document.delayForEdit(1000), AFTER_PAUSE_MS);
    assert.equal(document.delayForEdit(1040), MIN_DEBOUNCE_MS);
    document.editChecked(80);
    assert.equal(document.delayForEdit(1100), 80);
    assert.equal(
      new OpenDocument(uri, 'json', 1, '{}').delayForEdit(1110),
      AFTER_PAUSE_MS,
      'a closed and re-opened document starts afresh',
    );
  });
});
