// Rename of declarations: prepareRename's range and placeholder, the edits (applied and re-checked),
// and the names refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument, type OffsetEdit } from '../../server/src/checker';
import { prepareRenameAt, renameAt, type RenameResult } from '../../server/src/checker/navigation';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { apartFromDeclarationValidity } from '../support/ruleScope';
import { SAMPLE, SHARED_NAMES, find, inside, within } from './sample';
import { SAMPLE_YAML, yamlDocument } from './yamlDocument';
import { elicitationOnly } from '../support/ruleScope';

const document = checkDocument(SAMPLE, elicitationOnly());
const CONFIRM = '"confirm"';

function editsOf(result: RenameResult | undefined): OffsetEdit[] {
  assert.ok(result, 'a rename result');
  assert.ok(result.ok, `the rename is accepted${result.ok ? '' : `: ${result.message}`}`);
  return result.edits;
}

interface Tool {
  elicitations: Array<{ name?: unknown }>;
  interactionExamples: Record<string, { steps: Array<{ declaration?: string }> }>;
}

function toolsOf(text: string): Tool[] {
  return (JSON.parse(text) as { tools: Tool[] }).tools;
}

function namesOf(tool: Tool): unknown[] {
  return tool.elicitations.map((declaration) => declaration.name);
}

/** The diagnostics of a check, without messages (a rename may change the names they quote). */
function violations(text: string): unknown[] {
  return checkDocument(text, elicitationOnly()).diagnostics.map((d) => [d.range, d.data.violation]);
}

describe('prepareRename', () => {
  it("from a declaration's name: the name inside the quotes, and the name as placeholder", () => {
    assert.deepEqual(prepareRenameAt(document, within(find(SAMPLE, CONFIRM, 0))), {
      range: inside(find(SAMPLE, CONFIRM, 0)),
      placeholder: 'confirm',
    });
  });

  it("from a reference: the reference's own name", () => {
    assert.deepEqual(prepareRenameAt(document, within(find(SAMPLE, CONFIRM, 3))), {
      range: inside(find(SAMPLE, CONFIRM, 3)),
      placeholder: 'confirm',
    });
  });

  it('an escaped name: the raw characters as range, the unescaped name as placeholder', () => {
    const text = `{"tools": [{"elicitations": [{"name": "a\\u0062\\"c", "mode": "url"}]}]}`;
    const name = find(text, '"a\\u0062\\"c"');
    assert.deepEqual(prepareRenameAt(checkDocument(text, elicitationOnly()), within(name)), {
      range: inside(name),
      placeholder: 'ab"c',
    });
  });

  it('nothing elsewhere', () => {
    assert.equal(prepareRenameAt(document, within(find(SAMPLE, '"elicitations"'))), undefined);
    assert.equal(prepareRenameAt(document, within(find(SAMPLE, '"name": "confirm"'))), undefined, 'the name key');
    assert.equal(prepareRenameAt(document, within(find(SAMPLE, CONFIRM, 2))), undefined, 'a sampling step');
    assert.equal(prepareRenameAt(document, 0), undefined);
  });
});

describe('rename', () => {
  it("renames the declaration's name and every reference of the tool in one set of edits, and nothing else", () => {
    const edits = editsOf(renameAt(document, within(find(SAMPLE, CONFIRM, 1)), 'approve'));
    assert.deepEqual(
      edits,
      [0, 1, 3].map((n) => ({ ...inside(find(SAMPLE, CONFIRM, n)), newText: 'approve' })),
    );
    const renamed = applyOffsetEdits(SAMPLE, edits);
    const [first, second] = toolsOf(renamed);
    assert.deepEqual(namesOf(first), ['approve', 'authorize', 'unused']);
    assert.deepEqual(
      first.interactionExamples['approved-release'].steps.map((step) => step.declaration),
      ['approve', 'confirm', 'authorize'],
    );
    assert.equal(first.interactionExamples.declined.steps[0].declaration, 'approve');
    assert.deepEqual(namesOf(second), ['confirm'], 'the other tool keeps its own confirm');
    assert.deepEqual(checkDocument(renamed, elicitationOnly()).diagnostics, [], 'the renamed document is clean');
  });

  it('writes the new name with JSON escapes', () => {
    const name = 'say "hi"\\ \n\u0001 — ok';
    const edits = editsOf(renameAt(document, within(find(SAMPLE, CONFIRM, 0)), name));
    assert.equal(edits[0].newText, JSON.stringify(name).slice(1, -1));
    const renamed = applyOffsetEdits(SAMPLE, edits);
    const [first] = toolsOf(renamed);
    assert.equal(namesOf(first)[0], name);
    assert.equal(first.interactionExamples.declined.steps[0].declaration, name);
    // Rename writes any name; this one is no MCP name, which the declaration-validity rule says, once.
    assert.deepEqual(
      checkDocument(renamed, elicitationOnly()).diagnostics.map((d) => [d.code, d.data.violation, d.data.offset]),
      [[DECLARATION_RULE_ID, 'invalid-name', find(renamed, JSON.stringify(name)).offset]],
    );
  });

  it('refuses a name the tool object already declares, and an empty name', () => {
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
    assert.deepEqual(
      editsOf(renameAt(document, within(find(SAMPLE, CONFIRM, 4)), 'authorize')),
      [4, 5].map((n) => ({ ...inside(find(SAMPLE, CONFIRM, n)), newText: 'authorize' })),
    );
  });

  it('tool objects sharing a name: only the object renamed in changes; the refusal names its scope', () => {
    const shared = checkDocument(SHARED_NAMES, elicitationOnly());
    const edits = editsOf(renameAt(shared, within(find(SHARED_NAMES, CONFIRM, 1)), 'approve'));
    assert.deepEqual(
      edits,
      [0, 1].map((n) => ({ ...inside(find(SHARED_NAMES, CONFIRM, n)), newText: 'approve' })),
    );
    const renamed = applyOffsetEdits(SHARED_NAMES, edits);
    assert.deepEqual(toolsOf(renamed).map(namesOf), [['approve'], ['confirm', 'authorize']]);
    assert.deepEqual(checkDocument(renamed, elicitationOnly()).diagnostics, []);
    // 'authorize' is declared by the second object only: the first may take it, the second refuses.
    assert.ok(renameAt(shared, within(find(SHARED_NAMES, CONFIRM, 0)), 'authorize')?.ok);
    assert.deepEqual(renameAt(shared, within(find(SHARED_NAMES, CONFIRM, 2)), 'authorize'), {
      ok: false,
      message:
        "Tool 'prepare_release' (protocolVersions 2026-07-28) already declares an elicitation named 'authorize'; choose another name.",
    });
  });

  it('renames later duplicates too, so the rename changes no diagnostic', () => {
    const text = `{"tools": [{"elicitations": [{"name": "a", "mode": "url"}, {"name": "b", "mode": "url"}, {"name": "a", "mode": "form", "requestedSchema": {}}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "a", "request": {"mode": "url", "message": "m", "url": "u"}, "response": {"action": "accept"}}]}}}]}`;
    const before = checkDocument(text, elicitationOnly());
    assert.deepEqual(
      apartFromDeclarationValidity(before.diagnostics).map((d) => d.data.violation),
      ['invalid-declaration'],
      'the duplicate',
    );
    const renamed = applyOffsetEdits(text, editsOf(renameAt(before, within(find(text, '"a"', 2), 1), 'z')));
    assert.equal(renamed, text.replace(/"a"/g, '"z"'));
    assert.deepEqual(violations(renamed), violations(text));
  });

  it('an undeclared name: its references are renamed', () => {
    const text = SAMPLE.replace('"declaration": "authorize"', '"declaration": "authorise"');
    const edits = editsOf(renameAt(checkDocument(text, elicitationOnly()), within(find(text, '"authorise"')), 'login'));
    assert.deepEqual(edits, [{ ...inside(find(text, '"authorise"')), newText: 'login' }]);
  });

  it('a name longer than 1,024 characters is a plain value: the result parses and stays clean', () => {
    const name = 'x'.repeat(3000);
    const renamed = applyOffsetEdits(SAMPLE, editsOf(renameAt(document, within(find(SAMPLE, CONFIRM, 0)), name)));
    assert.equal(namesOf(toolsOf(renamed)[0])[0], name);
    assert.deepEqual(checkDocument(renamed, elicitationOnly()).diagnostics, []);
  });

  it('nothing away from a name', () => {
    assert.equal(renameAt(document, within(find(SAMPLE, '"approved-release"')), 'x'), undefined);
  });
});

describe('rename in YAML', () => {
  const yaml = yamlDocument(SAMPLE_YAML);

  function yamlChecked(text: string) {
    return checkDocument(text, elicitationOnly({ format: 'yaml' }));
  }

  /**
   * A renamed YAML sample's diagnostics but for the declaration-validity rule's invalid-name, which
   * it must report exactly when the new name is no MCP name (these names test YAML quoting, not MCP).
   */
  function besideNameSyntax(text: string, name: string): unknown[] {
    const diagnostics = yamlChecked(text).diagnostics;
    const invalidNames = diagnostics.filter((d) => d.code === DECLARATION_RULE_ID && d.data.violation === 'invalid-name');
    assert.equal(
      invalidNames.length,
      /^[A-Za-z0-9._-]+$/.test(name) ? 0 : 1,
      `invalid-name for ${JSON.stringify(name.slice(0, 20))}`,
    );
    return diagnostics.filter((d) => !invalidNames.includes(d));
  }

  it('the sample is clean', () => {
    assert.deepEqual(yamlChecked(SAMPLE_YAML).diagnostics, []);
  });

  it('prepareRename: a plain scalar whole, a quoted one inside its quotes', () => {
    assert.deepEqual(prepareRenameAt(yaml, within(find(SAMPLE_YAML, 'confirm'))), {
      range: find(SAMPLE_YAML, 'confirm'),
      placeholder: 'confirm',
    });
    assert.deepEqual(prepareRenameAt(yaml, within(find(SAMPLE_YAML, "'authorize'", 1))), {
      range: inside(find(SAMPLE_YAML, "'authorize'", 1)),
      placeholder: 'authorize',
    });
  });

  it('edits each scalar in its own style; the alias is renamed where its anchor is; the result is clean', () => {
    const edits = editsOf(renameAt(yaml, within(find(SAMPLE_YAML, 'confirm', 1)), 'approve'));
    const renamed = applyOffsetEdits(SAMPLE_YAML, edits);
    assert.equal(renamed, SAMPLE_YAML.replace(/confirm/g, 'approve'));
    assert.deepEqual(yamlChecked(renamed).diagnostics, []);
  });

  it('a name YAML would not read back as that string is double-quoted', () => {
    for (const name of ['true', 'two words', '123', 'a: b', '- x', '#hash']) {
      const edits = editsOf(renameAt(yaml, within(find(SAMPLE_YAML, 'confirm', 0)), name));
      const renamedText = applyOffsetEdits(SAMPLE_YAML, edits);
      const renamed = yamlDocument(renamedText);
      assert.deepEqual(prepareRenameAt(renamed, within(find(renamedText, JSON.stringify(name)), 1))?.placeholder, name, name);
      assert.deepEqual(besideNameSyntax(renamedText, name), [], name);
    }
  });

  it('a single-quoted scalar doubles its quotes', () => {
    const edits = editsOf(renameAt(yaml, within(find(SAMPLE_YAML, "'authorize'")), "it's"));
    const renamed = applyOffsetEdits(SAMPLE_YAML, edits);
    assert.equal(renamed, SAMPLE_YAML.replace(/'authorize'/g, "'it''s'"));
    assert.deepEqual(besideNameSyntax(renamed, "it's"), []);
  });

  it('a name longer than 1,024 characters stays valid YAML (a value, not an implicit key)', () => {
    for (const name of ['y'.repeat(2000), `long ${'z'.repeat(2000)}`]) {
      const renamed = applyOffsetEdits(SAMPLE_YAML, editsOf(renameAt(yaml, within(find(SAMPLE_YAML, 'confirm', 0)), name)));
      const parsed = parseYamlDocuments(renamed);
      assert.deepEqual(parsed.errors, [], `${name.length} characters`);
      assert.equal(prepareRenameAt(yamlDocument(renamed), renamed.indexOf(name.slice(0, 10)) + 1)?.placeholder, name);
      assert.deepEqual(besideNameSyntax(renamed, name), []);
    }
  });
});
