// The wait before a keystroke's check (server/src/lsp/keystrokeDebounce.ts): the least until a
// check after an edit was timed (the open's whole check does not count), then three times the
// fastest of the latest three, within its bounds, per document.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KeystrokeDebounce, MAX_DEBOUNCE_MS, MIN_DEBOUNCE_MS } from '../../server/src/lsp/keystrokeDebounce';

describe('keystroke debounce', () => {
  it('waits the least before the first keystroke of a document is checked', () => {
    assert.equal(new KeystrokeDebounce().delayFor('file:///a.mcpdesc.json'), MIN_DEBOUNCE_MS);
  });

  it('learns three times the fastest of the latest three checks, per document', () => {
    const debounce = new KeystrokeDebounce();
    debounce.editChecked('a', 20);
    assert.equal(debounce.delayFor('a'), 60);
    // One slow check (descheduled, a collection) does not triple the next wait.
    debounce.editChecked('a', 400);
    assert.equal(debounce.delayFor('a'), 60);
    debounce.editChecked('a', 30);
    assert.equal(debounce.delayFor('a'), 60);
    // The 20 ms check is now older than the latest three.
    debounce.editChecked('a', 40);
    assert.equal(debounce.delayFor('a'), 90);
    assert.equal(debounce.delayFor('b'), MIN_DEBOUNCE_MS);
  });

  it('stays within its bounds, and forgets a closed document', () => {
    const debounce = new KeystrokeDebounce();
    debounce.editChecked('fast', 1);
    debounce.editChecked('slow', 2000);
    assert.equal(debounce.delayFor('fast'), MIN_DEBOUNCE_MS);
    assert.equal(debounce.delayFor('slow'), MAX_DEBOUNCE_MS);
    debounce.forget('slow');
    assert.equal(debounce.delayFor('slow'), MIN_DEBOUNCE_MS);
  });
});
