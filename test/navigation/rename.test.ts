// Rename of declarations: prepareRename's range and placeholder, the edits (applied and re-checked),
// and the names refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument, type OffsetEdit } from '../../server/src/checker';
import { prepareRenameAt, renameAt, type RenameResult } from '../../server/src/checker/navigation';
import { applyOffsetEdits } from '../../server/src/checker/textEdits';
import { SAMPLE, find, inside, within } from './sample';
import { SAMPLE_YAML, yamlDocument } from './yamlDocument';

const document = checkDocument(SAMPLE);
const CONFIRM = '"confirm"';

function editsOf(result: RenameResult | undefined): OffsetEdit[] {
  assert.ok(result, 'a rename result');
  assert.ok(result.ok, `the rename is accepted${result.ok ? '' : `: ${result.message}`}`);
  return result.edits;
}

interface Tool {
  elicitations: Record<string, unknown>;
  interactionExamples: Record<string, { steps: Array<{ declaration?: string }> }>;
}

function toolsOf(text: string): Tool[] {
  return (JSON.parse(text) as { tools: Tool[] }).tools;
}

describe('prepareRename', () => {
  it('from a key: the name inside the quotes, and the name as placeholder', () => {
    assert.deepEqual(prepareRenameAt(document, within(find(SAMPLE, CONFIRM, 0))), { range: inside(find(SAMPLE, CONFIRM, 0)), placeholder: 'confirm' });
  });

  it('from a reference: the reference\'s own name', () => {
    assert.deepEqual(prepareRenameAt(document, within(find(SAMPLE, CONFIRM, 3))), { range: inside(find(SAMPLE, CONFIRM, 3)), placeholder: 'confirm' });
  });

  it('an escaped name: the raw characters as range, the unescaped name as placeholder', () => {
    const text = `{"tools": [{"elicitations": {"a\\u0062\\"c": {"mode": "url"}}}]}`;
    const key = find(text, '"a\\u0062\\"c"');
    assert.deepEqual(prepareRenameAt(checkDocument(text), within(key)), { range: inside(key), placeholder: 'ab"c' });
  });

  it('nothing elsewhere', () => {
    assert.equal(prepareRenameAt(document, within(find(SAMPLE, '"elicitations"'))), undefined);
    assert.equal(prepareRenameAt(document, within(find(SAMPLE, CONFIRM, 2))), undefined, 'a sampling step');
    assert.equal(prepareRenameAt(document, 0), undefined);
  });
});

describe('rename', () => {
  it('renames the key and every reference of the tool in one set of edits, and nothing else', () => {
    const edits = editsOf(renameAt(document, within(find(SAMPLE, CONFIRM, 1)), 'approve'));
    assert.deepEqual(edits, [0, 1, 3].map((n) => ({ ...inside(find(SAMPLE, CONFIRM, n)), newText: 'approve' })));
    const renamed = applyOffsetEdits(SAMPLE, edits);
    const [first, second] = toolsOf(renamed);
    assert.deepEqual(Object.keys(first.elicitations), ['approve', 'authorize', 'unused']);
    assert.deepEqual(first.interactionExamples['approved-release'].steps.map((step) => step.declaration), ['approve', 'confirm', 'authorize']);
    assert.equal(first.interactionExamples.declined.steps[0].declaration, 'approve');
    assert.deepEqual(Object.keys(second.elicitations), ['confirm'], 'the other tool keeps its own confirm');
    assert.deepEqual(checkDocument(renamed).diagnostics, checkDocument(SAMPLE).diagnostics, 'the rename changes no diagnostic');
  });

  it('writes the new name with JSON escapes', () => {
    const name = 'say "hi"\\ \n\u0001 — ok';
    const edits = editsOf(renameAt(document, within(find(SAMPLE, CONFIRM, 0)), name));
    assert.equal(edits[0].newText, JSON.stringify(name).slice(1, -1));
    const renamed = applyOffsetEdits(SAMPLE, edits);
    const [first] = toolsOf(renamed);
    assert.ok(name in first.elicitations);
    assert.equal(first.interactionExamples.declined.steps[0].declaration, name);
    assert.equal(checkDocument(renamed).diagnostics.length, 0);
  });

  it('refuses a name the tool already declares, and an empty name', () => {
    assert.deepEqual(renameAt(document, within(find(SAMPLE, CONFIRM, 0)), 'authorize'), {
      ok: false,
      message: "Tool 'prepare_release' already declares an elicitation named 'authorize'; choose another name.",
    });
    assert.deepEqual(renameAt(document, within(find(SAMPLE, CONFIRM, 1)), ''), {
      ok: false,
      message: 'An elicitation declaration needs a name; the new name is empty.',
    });
  });

  it('a name declared by another tool is fine', () => {
    assert.deepEqual(editsOf(renameAt(document, within(find(SAMPLE, CONFIRM, 4)), 'authorize')), [4, 5].map((n) => ({ ...inside(find(SAMPLE, CONFIRM, n)), newText: 'authorize' })));
  });

  it('renames every duplicate key, so the one that counts stays the one that counts', () => {
    const text = `{"tools": [{"elicitations": {"a": {"mode": "url"}, "b": {"mode": "url"}, "a": {"mode": "form", "requestedSchema": {}}},
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "a", "request": {"mode": "url", "message": "m", "url": "u"}, "response": {"action": "accept"}}]}}}]}`;
    const before = checkDocument(text);
    const renamed = applyOffsetEdits(text, editsOf(renameAt(before, within(find(text, '"a"', 2), 1), 'z')));
    assert.equal(renamed, text.replace(/"a"/g, '"z"'));
    assert.deepEqual(checkDocument(renamed).diagnostics.map((d) => d.data.violation), before.diagnostics.map((d) => d.data.violation));
  });

  it('an undeclared name: its references are renamed', () => {
    const text = SAMPLE.replace('"declaration": "authorize"', '"declaration": "authorise"');
    const edits = editsOf(renameAt(checkDocument(text), within(find(text, '"authorise"')), 'login'));
    assert.deepEqual(edits, [{ ...inside(find(text, '"authorise"')), newText: 'login' }]);
  });

  it('nothing away from a name', () => {
    assert.equal(renameAt(document, within(find(SAMPLE, '"approved-release"')), 'x'), undefined);
  });
});

describe('rename in YAML', () => {
  const yaml = yamlDocument(SAMPLE_YAML);

  it('prepareRename: a plain scalar whole, a quoted one inside its quotes', () => {
    assert.deepEqual(prepareRenameAt(yaml, within(find(SAMPLE_YAML, 'confirm:'))), { range: find(SAMPLE_YAML, 'confirm'), placeholder: 'confirm' });
    assert.deepEqual(prepareRenameAt(yaml, within(find(SAMPLE_YAML, "'authorize'", 1))), { range: inside(find(SAMPLE_YAML, "'authorize'", 1)), placeholder: 'authorize' });
  });

  it('edits each scalar in its own style; the alias is renamed where its anchor is', () => {
    const edits = editsOf(renameAt(yaml, within(find(SAMPLE_YAML, 'confirm', 1)), 'approve'));
    assert.equal(applyOffsetEdits(SAMPLE_YAML, edits), SAMPLE_YAML.replace(/confirm/g, 'approve'));
  });

  it('a name YAML would not read back as that string is double-quoted', () => {
    for (const name of ['true', 'two words', '123', 'a: b']) {
      const edits = editsOf(renameAt(yaml, within(find(SAMPLE_YAML, 'confirm', 0)), name));
      const renamed = yamlDocument(applyOffsetEdits(SAMPLE_YAML, edits));
      assert.deepEqual(prepareRenameAt(renamed, within(find(renamed.text, JSON.stringify(name)), 1))?.placeholder, name, name);
    }
  });

  it('a single-quoted scalar doubles its quotes', () => {
    const edits = editsOf(renameAt(yaml, within(find(SAMPLE_YAML, "'authorize'")), "it's"));
    assert.equal(applyOffsetEdits(SAMPLE_YAML, edits), SAMPLE_YAML.replace(/'authorize'/g, "'it''s'"));
  });
});
