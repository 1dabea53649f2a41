// Snippets that scaffold a new step from a declaration and a new declaration (from a step, or empty),
// in JSON and YAML: inserted with their tab stops at their defaults, the document checks clean.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandSnippet, insertScaffold } from './snippetInsertion';
import { checkDocument } from '../../server/src/checker';
import { scaffoldsAt, type ScaffoldCompletion } from '../../server/src/checker/navigation';
import { elicitationOnly } from '../support/ruleScope';

function violations(text: string, format: 'json' | 'yaml' = 'json'): string[] {
  return checkDocument(text, elicitationOnly({ format })).diagnostics.map((diagnostic) => diagnostic.data.violation);
}

/** `$E` marks a place in `elicitations`, `$S` one in `steps`; the other mark is removed. */
const JSON_TEMPLATE = `{"mcpdesc": "0.8.0", "tools": [{"name": "t", "elicitations": [
    {"name": "confirm", "mode": "form", "message": "Approve?", "requestedSchema": {"$componentRef": "#/components/schemas/Approval"}},
    {"name": "authorize", "mode": "url", "message": "Authorize."}
    $E
  ],
  "interactionExamples": {"e": {"steps": [
    {"type": "elicitation", "declaration": "later", "request": {"mode": "url", "message": "Go", "url": "https://x.example"}, "response": {"action": "accept"}}
    $S
  ]}}}],
  "components": {"schemas": {"Approval": {"type": "object", "properties": {"ok": {"type": "boolean"}, "level": {"type": "string", "enum": ["low", "high"]}}, "required": ["ok", "level"]}}}}`;

function at(
  template: string,
  mark: '$E' | '$S',
  format: 'json' | 'yaml' = 'json',
): { text: string; items: ScaffoldCompletion[] | undefined; offset: number } {
  const other = template.replace(mark === '$E' ? '$S' : '$E', '');
  const offset = other.indexOf(mark);
  const text = other.replace(mark, '');
  return { text, offset, items: scaffoldsAt(checkDocument(text, elicitationOnly({ format })), offset) };
}

describe('scaffolds in JSON', () => {
  it('in steps: one elicitation step per usable declaration; inserted, only the unrelated problem remains', () => {
    const { text, items } = at(JSON_TEMPLATE, '$S');
    assert.deepEqual(violations(text), ['unknown-declaration']);
    assert.deepEqual(
      items?.map((item) => [item.label, item.detail]),
      [
        ['elicitation step: confirm', 'form step — Approve?'],
        ['elicitation step: authorize', 'url step — Authorize.'],
      ],
    );
    for (const item of items!) {
      // The comma goes right after the previous element, not at the cursor.
      assert.deepEqual(item.additionalEdits, [{ offset: text.indexOf('}}\n    \n') + 2, length: 0, newText: ',' }]);
      assert.deepEqual(violations(insertScaffold(text, item)), ['unknown-declaration'], item.label);
    }
    const confirm = expandSnippet(items![0].edit.newText);
    // The request names the schema as the declaration does; the content is the skeleton "Add content" writes.
    assert.match(confirm, /"requestedSchema": \{\n {6}"\$componentRef": "#\/components\/schemas\/Approval"\n {4}\}/);
    assert.match(confirm, /"content": \{\n {6}"ok": false,\n {6}"level": "low"\n {4}\}/);
    assert.match(items![1].edit.newText, /"url": "\$\{1:https:\/\/example.com\/\}"/);
  });

  it('in elicitations: a declaration for the step naming an undeclared name, then an empty form and url one', () => {
    const { text, items } = at(JSON_TEMPLATE, '$E');
    assert.deepEqual(
      items?.map((item) => item.label),
      ['declaration: later', 'form declaration', 'url declaration'],
    );
    assert.deepEqual(violations(insertScaffold(text, items![0])), []);
    assert.deepEqual(violations(insertScaffold(text, items![1])), ['unknown-declaration']);
    assert.deepEqual(violations(insertScaffold(text, items![2])), ['unknown-declaration']);
    assert.match(items![1].edit.newText, /"type": "\$\{4\|string,number,integer,boolean\|\}"/);
  });

  it('an empty {} element is replaced whole, and filtered after its brace', () => {
    const template = JSON_TEMPLATE.replace(
      '"response": {"action": "accept"}}\n    $S',
      '"response": {"action": "accept"}},\n    {$S}',
    );
    const { text, offset, items } = at(template, '$S');
    const [confirm] = items!;
    assert.deepEqual([confirm.edit.offset, confirm.edit.length, confirm.additionalEdits], [offset - 1, 2, []]);
    assert.equal(confirm.filterText, '{elicitation step: confirm');
    assert.deepEqual(violations(insertScaffold(text, confirm)), ['unknown-declaration']);
  });

  it('a {} typed at the start of a non-empty array, or after an element without a comma: the commas it needs', () => {
    const first = JSON_TEMPLATE.replace('\n    $S', '').replace('"steps": [\n    {"type"', '"steps": [\n    {$S}\n    {"type"');
    const start = at(first, '$S');
    const [confirm] = start.items!;
    assert.deepEqual([confirm.edit.offset, confirm.edit.length, confirm.additionalEdits], [start.offset - 1, 2, []]);
    assert.ok(confirm.edit.newText.endsWith('},'));
    assert.deepEqual(violations(insertScaffold(start.text, confirm)), ['unknown-declaration']);

    const last = JSON_TEMPLATE.replace('"response": {"action": "accept"}}\n    $S', '"response": {"action": "accept"}} {$S}');
    const end = at(last, '$S');
    const [after] = end.items!;
    const previousEnd = end.text.indexOf('"response": {"action": "accept"}}') + '"response": {"action": "accept"}}'.length;
    assert.deepEqual(after.additionalEdits, [{ offset: previousEnd, length: 0, newText: ',' }]);
    assert.deepEqual(violations(insertScaffold(end.text, after)), ['unknown-declaration']);
  });

  it('at the start of a non-empty array, no brace typed: the step and the comma after it', () => {
    const template = JSON_TEMPLATE.replace('\n    $S', '').replace('"steps": [\n    {"type"', '"steps": [$S\n    {"type"');
    const { text, offset, items } = at(template, '$S');
    const [confirm] = items!;
    assert.deepEqual([confirm.edit.offset, confirm.edit.length, confirm.additionalEdits], [offset, 0, []]);
    assert.ok(confirm.edit.newText.endsWith('},'));
    assert.deepEqual(violations(insertScaffold(text, confirm)), ['unknown-declaration']);
  });

  it('nothing inside an element that has content, or outside the arrays', () => {
    const inside = JSON_TEMPLATE.replace('"response": {"action": "accept"}}', '"response": {"action": "accept"}, $S}');
    assert.equal(at(inside, '$S').items, undefined);
    const outside = JSON_TEMPLATE.replace('"name": "t",', '"name": "t", $S');
    assert.equal(at(outside, '$S').items, undefined);
  });
});

const YAML_TEMPLATE = `mcpdesc: 0.8.0
tools:
  - name: t
    elicitations:
      - name: confirm
        mode: form
        message: "Approve: now?"
        requestedSchema: {type: object, properties: {ok: {type: boolean}}, required: [ok]}
      - $E
    interactionExamples:
      e:
        steps:
          - type: elicitation
            declaration: later
            request: {message: Go, requestedSchema: {type: object, properties: {}}}
            response: {action: decline}
          - $S
`;

describe('scaffolds in YAML', () => {
  it('after `- ` in steps: a block mapping lined up under its first key; inserted, only the unrelated problem remains', () => {
    const { text, items } = at(YAML_TEMPLATE, '$S', 'yaml');
    assert.deepEqual(violations(text, 'yaml').sort(), ['invalid-declaration', 'unknown-declaration']);
    const [confirm] = items!;
    assert.equal(confirm.label, 'elicitation step: confirm');
    const inserted = insertScaffold(text, confirm);
    assert.match(
      inserted,
      / {10}- type: elicitation\n {12}declaration: confirm\n {12}request:\n {14}mode: form\n {14}message: "Approve: now\?"\n/,
    );
    assert.match(inserted, / {12}response:\n {14}action: accept\n {14}content:\n {16}ok: false\n/);
    assert.deepEqual(violations(inserted, 'yaml').sort(), ['invalid-declaration', 'unknown-declaration']);
  });

  it('after `- ` in elicitations: the declaration the step needs, from its request', () => {
    const { text, items } = at(YAML_TEMPLATE, '$E', 'yaml');
    assert.deepEqual(
      items?.map((item) => item.label),
      ['declaration: later', 'form declaration', 'url declaration'],
    );
    assert.deepEqual(violations(insertScaffold(text, items![0]), 'yaml'), []);
  });

  it('a new `- ` above the first step: the step goes first', () => {
    const template = YAML_TEMPLATE.replace('          - $S\n', '').replace(
      '        steps:\n          - type: elicitation',
      '        steps:\n          - $S\n          - type: elicitation',
    );
    const { text, items } = at(template, '$S', 'yaml');
    const inserted = insertScaffold(text, items![0]);
    assert.match(inserted, /steps:\n {10}- type: elicitation\n {12}declaration: confirm\n/);
    assert.deepEqual(violations(inserted, 'yaml').sort(), ['invalid-declaration', 'unknown-declaration']);
  });

  it('a word being typed after `- ` is replaced', () => {
    const { text, offset, items } = at(YAML_TEMPLATE.replace('- $S', '- el$S'), '$S', 'yaml');
    assert.deepEqual([items![0].edit.offset, items![0].edit.length], [offset - 2, 2]);
    assert.deepEqual(violations(insertScaffold(text, items![0]), 'yaml').sort(), ['invalid-declaration', 'unknown-declaration']);
  });
});
