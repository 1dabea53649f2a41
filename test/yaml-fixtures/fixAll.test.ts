// fixAll on every YAML fixture: a document that still parses, whose remaining diagnostics have no
// preferred fix, and (for twins) that means what the fixed JSON twin means (every third fixture here,
// all of them in fixAll.thorough.test.ts; support/fixAllEach.ts). The spec's section-4
// fixture, as YAML, comes out clean of the consistency rule's diagnostics (its scope has no url
// mode, so the declaration it gets has the declaration-validity rule's revision-mismatch).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { checkDocument, fixAll } from '../../server/src/checker';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { apartFromDeclarationValidity } from '../support/ruleScope';
import { testFixAllOf } from './support/fixAllEach';
import { everyThird, RULE_PAGE_INVALID_TWIN, RULE_PAGE_VALID_TWIN, yamlFixture, yamlFixtures } from './support/yamlFixtures';
import { elicitationOnly } from '../support/ruleScope';

const commentsOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .filter((line) => /^\s*#/.test(line))
    .map((line) => line.trim());

describe('fixAll on the YAML fixtures', () => {
  testFixAllOf(everyThird(yamlFixtures('expected-invalid')));

  test("valid fixtures are left as they are, but for the declaration-validity rule's fixes", () => {
    const changed: string[] = [];
    for (const fixture of yamlFixtures('expected-valid')) {
      const fixed = fixAll(fixture.text, elicitationOnly({ format: 'yaml' }));
      if (fixed.applied === 0) {
        assert.deepEqual({ text: fixed.text, edits: fixed.edits }, { text: fixture.text, edits: [] }, fixture.file);
        continue;
      }
      changed.push(fixture.name);
      assert.deepEqual(
        apartFromDeclarationValidity(checkDocument(fixed.text, elicitationOnly({ format: 'yaml' })).diagnostics),
        [],
        fixture.file,
      );
    }
    // Valid for the consistency rule, which ignores a url declaration's requestedSchema; the other
    // rule's "Remove the requestedSchema" is preferred there.
    assert.deepEqual(changed, ['url-mode-declaration-without-url.mcpdesc.yaml']);
  });

  test("the rule page's invalid fixture as YAML: fixAll declares `missing` in url mode, removes the content, and leaves only its revision-mismatch", () => {
    const { text } = yamlFixture('expected-invalid', RULE_PAGE_INVALID_TWIN);
    const fixed = fixAll(text, elicitationOnly({ format: 'yaml' }));
    // steps[0]: Declare (preferred) and Remove content; steps[1]: "Use the request of declaration 'confirm'".
    assert.equal(fixed.applied, 3);
    const left = checkDocument(fixed.text, elicitationOnly({ format: 'yaml' })).diagnostics;
    const modeOffset = fixed.text.indexOf('mode: url', fixed.text.indexOf('- name: missing')) + 'mode: '.length;
    assert.deepEqual(
      left.map((d) => [d.code, d.data.violation, d.data.offset, d.data.length]),
      [[DECLARATION_RULE_ID, 'revision-mismatch', modeOffset, 'url'.length]],
    );
    const tool = (parseYaml(fixed.text) as { tools: Array<Record<string, unknown>> }).tools[0];
    assert.deepEqual((tool.elicitations as unknown[])[1], {
      name: 'missing',
      mode: 'url',
      message: 'Authorize publication.',
      url: 'https://mcp.example.com/release/connect',
    });
    const examples = tool.interactionExamples as Record<string, { steps: Array<{ response: unknown }> }>;
    assert.deepEqual(examples.broken.steps[0].response, { action: 'accept' });
    assert.deepEqual(commentsOf(fixed.text), commentsOf(text), 'every comment is kept');
    // The new declaration is block YAML at the declarations' own indentation.
    assert.match(
      fixed.text,
      /\n {6}required: \[approved\]\n {2}- name: missing\n {4}mode: url\n {4}message: Authorize publication\.\n {4}url: https:\/\/mcp\.example\.com\/release\/connect\n {2}interactionExamples:\n/,
    );
    // Now it is the valid fixture's step shape: the spec's section 4, in YAML, is clean after the fixes.
    assert.deepEqual(
      checkDocument(yamlFixture('expected-valid', RULE_PAGE_VALID_TWIN).text, elicitationOnly({ format: 'yaml' })).diagnostics,
      [],
    );
  });

  test('comments next to the lines fixAll edits stay; only the removed content member takes its own', () => {
    const { text } = yamlFixture('expected-invalid', 'comments-next-to-fixed-lines.mcpdesc.yaml');
    const fixed = fixAll(text, elicitationOnly({ format: 'yaml' }));
    assert.deepEqual(checkDocument(fixed.text, elicitationOnly({ format: 'yaml' })).diagnostics, []);
    const kept = commentsOf(fixed.text);
    const lost = commentsOf(text).filter((comment) => !kept.includes(comment));
    assert.deepEqual(lost, ['# the nested comment goes too']);
    for (const trailing of [
      "# not 'confirm'",
      '# no content needed',
      '# accepted in the browser',
      '# content goes below',
      '# should be url',
      "# replaced by the declaration's",
    ]) {
      assert.ok(fixed.text.includes(trailing), `the trailing comment ${trailing} stays`);
    }
  });

  test('a multi-document stream is fixed document by document', () => {
    const { text } = yamlFixture('expected-invalid', 'multi-document-stream.mcpdesc.yml');
    const fixed = fixAll(text, elicitationOnly({ format: 'yaml' }));
    assert.deepEqual(checkDocument(fixed.text, elicitationOnly({ format: 'yaml' })).diagnostics, []);
    const documents = parseAllDocuments(fixed.text);
    assert.ok(Array.isArray(documents));
    const values = documents.map((document) => document.toJS() as { tools: Array<{ elicitations: Array<{ name: string }> }> });
    const names = (index: number) => values[index].tools[0].elicitations.map((declaration) => declaration.name);
    assert.deepEqual(names(0), ['confirm'], 'the typo was changed, nothing declared');
    assert.deepEqual(names(1), ['authorize', 'confirm'], 'declared in the second document');
  });
});
