// The scan's log line says what each number counts: files read from disk, documents checked in all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanSummaryText } from '../../server/src/lsp/initializeServer';

describe('workspace scan summary', () => {
  it('a workspace whose only document is open: 0 files read, 1 document checked, and why they differ', () => {
    assert.equal(
      scanSummaryText(0, 12, 1),
      'Workspace scan done in 12 ms: 0 files read from disk; 1 document checked in all, open ones included.',
    );
  });

  it('singular and plural', () => {
    assert.equal(
      scanSummaryText(1, 3, 2),
      'Workspace scan done in 3 ms: 1 file read from disk; 2 documents checked in all, open ones included.',
    );
  });
});
