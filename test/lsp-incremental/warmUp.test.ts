// The server's warm-up (server/src/lsp/warmUp.ts) must run the path a keystroke takes, or it warms
// nothing: in both formats, both of its edits take the one-tool re-check, and each toggles exactly
// one diagnostic of a sample that has none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { warmUpEditPath } from '../../server/src/lsp/warmUp';

describe('warm-up of the edit path', () => {
  it('edits inside one tool, JSON and YAML, on the one-tool path, making and fixing one problem', () => {
    assert.deepEqual(warmUpEditPath(), [
      { format: 'json', oneToolPath: true, diagnostics: [0, 1, 0] },
      { format: 'yaml', oneToolPath: true, diagnostics: [0, 1, 0] },
    ]);
  });
});
