// What the status item says for each answer of mcpdesc/documentStatus: the counts (undefined here)
// for a checked document, and for one that is not checked, that it is not and which setting decided it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { notCheckedText } from '../../client/src/documentStatusText';

const NOT_CHECKED = '$(circle-slash) MCP Description: not checked';

describe('status item text for a document the server does not check', () => {
  it('checked, a configuration file, not open or no answer: nothing to say (the item shows the counts)', () => {
    assert.equal(notCheckedText({ kind: 'checked' }), undefined);
    assert.equal(notCheckedText({ kind: 'configuration' }), undefined);
    assert.equal(notCheckedText({ kind: 'notOpen' }), undefined);
    assert.equal(notCheckedText(undefined), undefined);
  });

  it('excluded by the settings: mcpdesc.files.exclude and the glob', () => {
    assert.deepEqual(notCheckedText({ kind: 'excluded', pattern: '**/drafts/**', from: 'settings' }), {
      text: NOT_CHECKED,
      detail: "Not checked: excluded by mcpdesc.files.exclude ('**/drafts/**')",
    });
  });

  it('excluded by a project configuration: its file name and the glob', () => {
    assert.deepEqual(notCheckedText({ kind: 'excluded', pattern: 'packages/legacy/old/**', from: 'configuration', files: ['/w/packages/legacy/mcpdesc-lint.config.json'] }), {
      text: NOT_CHECKED,
      detail: "Not checked: excluded by mcpdesc-lint.config.json's exclude ('packages/legacy/old/**')",
    });
    assert.equal(
      notCheckedText({ kind: 'excluded', pattern: 'old/**', from: 'configuration', files: ['/w/mcpdesc-lint.config.json', '/w/p/mcpdesc-lint.config.yaml'] })?.detail,
      "Not checked: excluded by the project configuration's exclude ('old/**')",
    );
  });

  it('disabled, not an mcpdesc document, too large: each says so', () => {
    assert.deepEqual(notCheckedText({ kind: 'disabled' }), { text: NOT_CHECKED, detail: 'Not checked: mcpdesc.enable is off for this file' });
    assert.equal(notCheckedText({ kind: 'notMcpdesc' })?.text, 'MCP Description: not an mcpdesc document');
    assert.match(notCheckedText({ kind: 'notMcpdesc' })?.detail ?? '', /^Not checked: neither its name .*mcpdesc\.files\.include nor a root "mcpdesc" member/);
    assert.deepEqual(notCheckedText({ kind: 'tooLarge', sizeBytes: 25 * 1024 * 1024 + 1, limitMB: 20 }), {
      text: NOT_CHECKED,
      detail: 'Not checked: it is 25 MB, over mcpdesc.maxFileSizeMB (20 MB)',
    });
    assert.equal(notCheckedText({ kind: 'tooLarge', sizeBytes: 300, limitMB: 0.0001 })?.detail, 'Not checked: it is 0.00029 MB, over mcpdesc.maxFileSizeMB (0.0001 MB)');
  });
});
