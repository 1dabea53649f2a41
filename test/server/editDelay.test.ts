// How long an open document's check waits after an edit (OpenDocumentChecks.delayForEdit), on a
// given clock: an edit after a pause is checked almost at once; one within a burst waits so that
// the burst is one check.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OpenDocumentChecks, type OpenDocumentChecksDeps } from '../../server/src/lsp/openDocumentChecks';

describe('the wait before an edited document is checked', () => {
  it('a first edit and one after a pause: 5 ms; within a burst: the last check time, at most 150 ms', () => {
    const checks = new OpenDocumentChecks({} as OpenDocumentChecksDeps);
    const uri = 'file:///delay/doc.mcpdesc.json';
    assert.equal(checks.delayForEdit(uri, 1000), 5);
    // 40 ms later, no check has finished yet (its time unknown): the longest wait.
    assert.equal(checks.delayForEdit(uri, 1040), 150);
    assert.equal(checks.delayForEdit(uri, 1180), 150);
    // A pause longer than 150 ms: nothing to coalesce.
    assert.equal(checks.delayForEdit(uri, 1400), 5);
    assert.equal(checks.delayForEdit('file:///delay/other.mcpdesc.json', 1410), 5, 'per document');
    checks.forget(uri);
    assert.equal(checks.delayForEdit(uri, 1420), 5, 'a closed and re-opened document starts afresh');
  });
});
