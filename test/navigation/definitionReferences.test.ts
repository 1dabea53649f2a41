// Go to definition and find references, on the parse the checker made and the document model's reading.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { definitionAt, referencesAt } from '../../server/src/checker/navigation';
import { SAMPLE, SHARED_NAMES, find, within } from './sample';
import { elicitationOnly } from '../support/ruleScope';

const document = checkDocument(SAMPLE, elicitationOnly());
const CONFIRM = '"confirm"';

describe('go to definition', () => {
  it('the sample is clean', () => {
    assert.deepEqual(document.diagnostics, []);
    assert.deepEqual(checkDocument(SHARED_NAMES, elicitationOnly()).diagnostics, []);
  });

  it("jumps from a step's declaration to the declaration's name value in the same tool", () => {
    assert.deepEqual(definitionAt(document, within(find(SAMPLE, CONFIRM, 1))), find(SAMPLE, CONFIRM, 0));
    assert.deepEqual(definitionAt(document, within(find(SAMPLE, CONFIRM, 3))), find(SAMPLE, CONFIRM, 0));
    assert.deepEqual(definitionAt(document, within(find(SAMPLE, '"authorize"', 1))), find(SAMPLE, '"authorize"', 0));
  });

  it("stays inside the tool: the second tool's confirm is its own", () => {
    assert.deepEqual(definitionAt(document, within(find(SAMPLE, CONFIRM, 5))), find(SAMPLE, CONFIRM, 4));
  });

  it('tool objects that share a name each have their own declarations', () => {
    const shared = checkDocument(SHARED_NAMES, elicitationOnly());
    assert.deepEqual(definitionAt(shared, within(find(SHARED_NAMES, CONFIRM, 1))), find(SHARED_NAMES, CONFIRM, 0));
    assert.deepEqual(definitionAt(shared, within(find(SHARED_NAMES, CONFIRM, 3))), find(SHARED_NAMES, CONFIRM, 2));
  });

  it('answers on the whole string, quotes included, and right after it', () => {
    const reference = find(SAMPLE, CONFIRM, 1);
    for (const offset of [reference.offset, reference.offset + 1, reference.offset + reference.length]) {
      assert.deepEqual(
        definitionAt(document, offset),
        find(SAMPLE, CONFIRM, 0),
        `offset ${offset - reference.offset} into the string`,
      );
    }
  });

  it("on a declaration's name value, that value itself", () => {
    assert.deepEqual(definitionAt(document, within(find(SAMPLE, CONFIRM, 0))), find(SAMPLE, CONFIRM, 0));
  });

  it('nothing for what is not a reference: a sampling step, the "declaration" and "name" keys, other strings', () => {
    assert.equal(definitionAt(document, within(find(SAMPLE, CONFIRM, 2))), undefined);
    assert.equal(definitionAt(document, within(find(SAMPLE, '"declaration"', 0))), undefined);
    assert.equal(definitionAt(document, within(find(SAMPLE, '"name": "confirm"', 0))), undefined);
    assert.equal(definitionAt(document, within(find(SAMPLE, '"Approve this release?"', 0))), undefined);
    assert.equal(definitionAt(document, within(find(SAMPLE, '"form"', 0))), undefined);
    assert.equal(definitionAt(document, within(find(SAMPLE, '"prepare_release"', 0))), undefined);
  });

  it('nothing for an undeclared name', () => {
    const text = SAMPLE.replace('"declaration": "authorize"', '"declaration": "authorise"');
    assert.equal(definitionAt(checkDocument(text, elicitationOnly()), within(find(text, '"authorise"'))), undefined);
  });

  it("the first element with a name is the declaration; a later duplicate's definition is itself", () => {
    const text = `{"tools": [{"name": "t", "elicitations": [{"name": "a", "mode": "url"}, {"name": "b", "mode": "url"}, {"name": "a", "mode": "form"}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "a"}]}}}]}`;
    const checked = checkDocument(text, elicitationOnly());
    assert.deepEqual(definitionAt(checked, within(find(text, '"a"', 2), 1)), find(text, '"a"', 0));
    assert.deepEqual(definitionAt(checked, within(find(text, '"a"', 1), 1)), find(text, '"a"', 1));
  });

  it('elements that are not named by a string are not names; the old map shape declares nothing', () => {
    const text = `{"tools": [{"elicitations": [{"name": 3, "mode": "url"}, "x", {"mode": "url"}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "x"}]}}}]}`;
    const checked = checkDocument(text, elicitationOnly());
    assert.equal(definitionAt(checked, within(find(text, '3'), 0)), undefined);
    assert.equal(definitionAt(checked, within(find(text, '"x"', 0), 1)), undefined);
    assert.equal(definitionAt(checked, within(find(text, '"x"', 1), 1)), undefined);
    const map = `{"tools": [{"elicitations": {"a": {"mode": "url"}}, "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "a"}]}}}]}`;
    assert.equal(definitionAt(checkDocument(map, elicitationOnly()), within(find(map, '"a"', 1), 1)), undefined);
    assert.equal(definitionAt(checkDocument(map, elicitationOnly()), within(find(map, '"a"', 0), 1)), undefined);
  });

  it('names that are prototype keys are found only when really declared', () => {
    const text = `{"tools": [{"elicitations": [{"name": "__proto__", "mode": "url"}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "__proto__"}, {"type": "elicitation", "declaration": "toString"}, {"type": "elicitation", "declaration": "constructor"}]}}}]}`;
    const checked = checkDocument(text, elicitationOnly());
    assert.deepEqual(definitionAt(checked, within(find(text, '"__proto__"', 1))), find(text, '"__proto__"', 0));
    assert.equal(definitionAt(checked, within(find(text, '"toString"'))), undefined);
    assert.equal(definitionAt(checked, within(find(text, '"constructor"'))), undefined);
    assert.deepEqual(referencesAt(checked, within(find(text, '"toString"')), true), [find(text, '"toString"')]);
  });

  it('only the declaration member that counts (the last) is a reference', () => {
    const text = `{"tools": [{"elicitations": [{"name": "a", "mode": "url"}, {"name": "b", "mode": "url"}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "a", "declaration": "b"}]}}}]}`;
    const checked = checkDocument(text, elicitationOnly());
    assert.equal(definitionAt(checked, within(find(text, '"a"', 1), 1)), undefined);
    assert.deepEqual(definitionAt(checked, within(find(text, '"b"', 1), 1)), find(text, '"b"', 0));
  });

  it('a document without tools, a broken one, and an empty one answer nothing without throwing', () => {
    for (const text of [
      '{}',
      '[1, 2]',
      '',
      '{"tools": 3}',
      '{"tools": [{"elicitations": [], "interactionExamples": "x"}]}',
      '{"tools": [{"elicitations": [{"name": ',
      '{"tools": [{"elicit',
    ]) {
      const checked = checkDocument(text, elicitationOnly());
      for (let offset = 0; offset <= text.length; offset++)
        assert.equal(definitionAt(checked, offset), undefined, `${text} @${offset}`);
    }
  });
});

describe('find references', () => {
  const confirmSteps = [find(SAMPLE, CONFIRM, 1), find(SAMPLE, CONFIRM, 3)];

  it('from the name: every elicitation step of the tool naming it, across examples', () => {
    assert.deepEqual(referencesAt(document, within(find(SAMPLE, CONFIRM, 0)), false), confirmSteps);
  });

  it("includeDeclaration adds the declaration's name value", () => {
    assert.deepEqual(referencesAt(document, within(find(SAMPLE, CONFIRM, 0)), true), [find(SAMPLE, CONFIRM, 0), ...confirmSteps]);
  });

  it('from a reference: the same set', () => {
    assert.deepEqual(referencesAt(document, within(find(SAMPLE, CONFIRM, 3)), true), [find(SAMPLE, CONFIRM, 0), ...confirmSteps]);
  });

  it('per tool object: the second tool, and a tool object sharing a name, have their own references', () => {
    assert.deepEqual(referencesAt(document, within(find(SAMPLE, CONFIRM, 4)), true), [
      find(SAMPLE, CONFIRM, 4),
      find(SAMPLE, CONFIRM, 5),
    ]);
    const shared = checkDocument(SHARED_NAMES, elicitationOnly());
    assert.deepEqual(referencesAt(shared, within(find(SHARED_NAMES, CONFIRM, 3)), true), [
      find(SHARED_NAMES, CONFIRM, 2),
      find(SHARED_NAMES, CONFIRM, 3),
    ]);
  });

  it("a later duplicate's name is a declaration of the name too (from either name)", () => {
    const text = `{"tools": [{"elicitations": [{"name": "a", "mode": "url"}, {"name": "a", "mode": "url"}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "a"}]}}}]}`;
    const checked = checkDocument(text, elicitationOnly());
    const all = [0, 1, 2].map((n) => find(text, '"a"', n));
    for (const n of [0, 1, 2])
      assert.deepEqual(referencesAt(checked, within(find(text, '"a"', n), 1), true), all, `from "a" #${n}`);
    assert.deepEqual(referencesAt(checked, within(find(text, '"a"', 1), 1), false), [all[2]]);
  });

  it('an unused declaration has no references, only itself', () => {
    assert.deepEqual(referencesAt(document, within(find(SAMPLE, '"unused"')), false), []);
    assert.deepEqual(referencesAt(document, within(find(SAMPLE, '"unused"')), true), [find(SAMPLE, '"unused"')]);
  });

  it('an undeclared name: the steps that use it', () => {
    const text = SAMPLE.replace(/"declaration": "confirm"/g, '"declaration": "confrim"');
    const checked = checkDocument(text, elicitationOnly());
    assert.deepEqual(referencesAt(checked, within(find(text, '"confrim"', 0)), true), [
      find(text, '"confrim"', 0),
      find(text, '"confrim"', 2),
    ]);
  });

  it('nothing away from a name', () => {
    assert.equal(referencesAt(document, within(find(SAMPLE, '"approved-release"')), true), undefined);
  });
});
