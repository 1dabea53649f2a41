// Navigation on the YAML adapter's tree: same features, YAML scalars, aliases and merge keys.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { definitionAt, hoverAt, referencesAt, renameAt } from '../../server/src/checker/navigation';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';
import { find, within } from './sample';
import { SAMPLE_YAML, yamlDocument } from './yamlDocument';
import { elicitationOnly } from '../support/ruleScope';

const yaml = yamlDocument(SAMPLE_YAML);

describe('navigation in YAML', () => {
  it("definition from a plain and a quoted reference, to the declaration's name value", () => {
    assert.deepEqual(definitionAt(yaml, within(find(SAMPLE_YAML, 'confirm', 1))), find(SAMPLE_YAML, 'confirm', 0));
    assert.deepEqual(definitionAt(yaml, within(find(SAMPLE_YAML, '"confirm"'))), find(SAMPLE_YAML, 'confirm', 0));
    assert.deepEqual(definitionAt(yaml, within(find(SAMPLE_YAML, "'authorize'", 1))), find(SAMPLE_YAML, "'authorize'", 0));
  });

  it('references include the step behind an alias, at the alias', () => {
    assert.deepEqual(referencesAt(yaml, within(find(SAMPLE_YAML, 'confirm', 0)), true), [
      find(SAMPLE_YAML, 'confirm', 0),
      find(SAMPLE_YAML, 'confirm', 1),
      find(SAMPLE_YAML, '"confirm"'),
      find(SAMPLE_YAML, '*again'),
    ]);
  });

  it('hover on a name counts the aliased step as a use', () => {
    assert.match(hoverAt(yaml, within(find(SAMPLE_YAML, 'confirm', 0)))?.markdown ?? '', /Used by 3 steps in 1 example\.$/);
  });

  it('the cursor on an alias is not a name', () => {
    assert.equal(definitionAt(yaml, within(find(SAMPLE_YAML, '*again'), 1)), undefined);
  });

  it('a declaration merged in with `<<`, or an aliased element, is found at its anchor, and renamed only there', () => {
    const text = `shared: &shared
  name: confirm
  mode: url
  message: Shared.
whole: &whole {name: login, mode: url, message: Log in.}
tools:
  - name: t
    elicitations:
      - <<: *shared
      - *whole
      - {name: other, mode: url, message: Mine.}
    interactionExamples:
      e:
        steps:
          - {type: elicitation, declaration: confirm, request: {mode: url, message: m, url: u}, response: {action: accept}}
          - {type: elicitation, declaration: login, request: {mode: url, message: m, url: u}, response: {action: accept}}
`;
    assert.deepEqual(checkDocument(text, elicitationOnly({ format: 'yaml' })).diagnostics, []);
    const document = yamlDocument(text);
    assert.deepEqual(definitionAt(document, within(find(text, 'confirm', 1))), find(text, 'confirm', 0));
    assert.deepEqual(definitionAt(document, within(find(text, 'login', 1))), find(text, 'login', 0));
    // The anchors are outside the tool: renaming there would rename it for every tool that uses them.
    for (const name of ['confirm', 'login']) {
      const refused = renameAt(document, within(find(text, name, 1)), 'approve');
      assert.equal(refused?.ok, false, name);
      assert.match(
        refused && !refused.ok ? refused.message : '',
        new RegExp(`'${name}' is written through a YAML anchor outside tool 't'`),
      );
    }
    // A name of the tool's own is renamed as usual.
    const other = renameAt(document, within(find(text, 'other')), 'mine');
    assert.ok(other?.ok);
    assert.equal(applyOffsetEdits(text, other.edits), text.replace('name: other', 'name: mine'));
  });
});
