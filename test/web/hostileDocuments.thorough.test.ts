// The browser build's own time box (unfinishedCheck.ts boundingTimeBoxMs: 3 s for a small text), which
// the fast tier's hanging checks replace with a short one given on `initialize`
// (hostileDocuments.test.ts): a closed file whose check never ends is cut by it, and its notice says so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hangingClosedFile } from './hangingClosedFile';

describe('the browser build beside hostile documents, with its own time box', { timeout: 180_000 }, () => {
  it('a closed file of the workspace whose check never ends: cut after 3 s, with its notice; the other files are checked', async () => {
    const notice = await hangingClosedFile();
    assert.match(String(notice.message), /it was stopped after 3\.0 s, so its problems are not shown/);
  });
});
