// An alias is the node it names: a large anchored schema shared by many steps is compared and
// validated once, never expanded per use, so no alias budget runs out and nothing false is reported
// (issue 15, item 7: past the alias budget every further step got a false schema-mismatch and a
// false "not a usable JSON Schema", and fix-all inlined copies of the schema).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHECKER_RULE_ID, ELICITATION_RULE_ID } from '../../shared/src/constants';
import { checkDocument, fixAll } from '../../server/src/checker';
import { propertiesOf, valueOf } from '../../server/src/checker/syntax/tree';
import { parseYamlDocuments, YamlEditor } from '../../server/src/checker/syntax/yaml';
import { valueAt } from './yamlTreeHelpers';
import { elicitationOnly } from '../support/ruleScope';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';

const PROPERTIES = 3000;
const STEPS = 12;

function sharedSchemaDocument(): string {
  const properties = Array.from({ length: PROPERTIES }, (_, index) => `            p${index}: {type: string, maxLength: 40}`);
  const step = [
    '            - type: elicitation',
    '              declaration: confirm',
    '              request:',
    '                mode: form',
    '                message: Fill in the form.',
    '                requestedSchema: *big',
    '              response:',
    '                action: accept',
    '                content: {p0: short, p2999: also short}',
  ];
  return [
    'mcpdesc: 0.8.0',
    'info: {name: shared-anchors, version: 1.0.0}',
    'tools:',
    '  - name: big_form',
    '    inputSchema: {type: object}',
    '    elicitations:',
    '      - name: confirm',
    '        mode: form',
    '        message: Fill in the form.',
    '        requestedSchema: &big',
    '          type: object',
    '          properties:',
    ...properties,
    '    interactionExamples:',
    '      filled:',
    '        input: {}',
    '        steps:',
    ...Array.from({ length: STEPS }, () => step).flat(),
    '        result: {content: []}',
    '',
  ].join('\n');
}

const FALSE_KINDS = new Set(['schema-mismatch', 'invalid-declaration', 'invalid-content']);

describe('YAML: one anchored schema shared by many steps', () => {
  const text = sharedSchemaDocument();

  it('reports no mismatch, no unusable schema and no alias budget for the shared schema', () => {
    const { diagnostics } = checkDocument(text, elicitationOnly({ format: 'yaml' }));
    const falseOnes = diagnostics.filter(
      (diagnostic) => FALSE_KINDS.has(diagnostic.data.violation) || /usable JSON Schema|[Aa]lias/.test(diagnostic.message),
    );
    assert.deepEqual(
      falseOnes.map((diagnostic) => `${diagnostic.range.start.line}: ${diagnostic.message}`),
      [],
    );
  });

  it('validates each step against the shared schema (an error in one step is still found, at that step)', () => {
    const broken = text.replace(/(content: \{p0: short, p2999: )also short\}((?:.|\n)*)$/, `$1${'x'.repeat(41)}}$2`);
    assert.notEqual(broken, text);
    const contentErrors = checkDocument(broken, elicitationOnly({ format: 'yaml' })).diagnostics.filter(
      (diagnostic) => diagnostic.data.violation === 'invalid-content',
    );
    assert.equal(contentErrors.length, 1, contentErrors.map((diagnostic) => diagnostic.message).join('\n'));
    assert.match(contentErrors[0].message, /p2999/);
    const firstStepLine = broken.split('\n').findIndex((line) => line.includes('p2999: xxxx'));
    assert.equal(contentErrors[0].range.start.line, firstStepLine);
  });

  it('fix-all does not inline copies of the shared schema', () => {
    const fixed = fixAll(text, elicitationOnly({ format: 'yaml' })).text;
    assert.equal(fixed.split('p2999: {type').length - 1, 1, 'the schema is written once, at its anchor');
    assert.equal(fixed.split('requestedSchema: *big').length - 1, STEPS, 'every step still uses the alias');
  });
});

/** A declaration whose schema's `enum` is a "billion laughs" list: 9^7 strings once expanded. */
function laughingSchemaDocument(): string {
  const laughs = ['  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let level = 1; level <= 6; level++)
    laughs.push(
      `  l${level}: &l${level} [${Array(9)
        .fill(`*l${level - 1}`)
        .join(', ')}]`,
    );
  return [
    'mcpdesc: 0.8.0',
    'info: {name: laughs, version: 1.0.0}',
    'x-laughs:',
    ...laughs,
    'tools:',
    '  - name: laughing',
    '    inputSchema: {type: object}',
    '    elicitations:',
    '      - name: confirm',
    '        mode: form',
    '        message: Pick one.',
    '        requestedSchema: &schema {type: object, properties: {pick: {enum: *l6}}}',
    '    interactionExamples:',
    '      picked:',
    '        input: {}',
    '        steps:',
    '          - type: elicitation',
    '            declaration: confirm',
    '            request: {mode: form, message: Pick one., requestedSchema: *schema}',
    '            response: {action: accept, content: {pick: lol}}',
    '        result: {content: []}',
    '',
  ].join('\n');
}

describe('YAML: aliases that expand past the bound where the rule reads them', () => {
  // A hang fails the file by the runner's timeout (a synchronous check cannot be interrupted by a test's own).
  it('the rule that meets the bound says so once and reports nothing; the other rules still report', () => {
    const { diagnostics } = checkDocument(laughingSchemaDocument(), elicitationOnly({ format: 'yaml' }));
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.data.violation, diagnostic.message]),
      [
        [
          CHECKER_RULE_ID,
          'skipped',
          `Rule ${ELICITATION_RULE_ID} did not check this document: aliases in this document expand to more than 100,000 nodes in a value it reads. The other rules did.`,
        ],
        // The declaration rule reads the declaration, not the values its aliases share: its property `pick` has no type.
        [
          DECLARATION_RULE_ID,
          'invalid-property-schema',
          "Property 'pick' of the requestedSchema of declaration 'confirm' of tool 'laughing' has no type; it must be 'string', 'number', 'integer', 'boolean' or 'array' (a multi-select enum).",
        ],
      ],
    );
    assert.ok(!diagnostics.some((diagnostic) => diagnostic.code === ELICITATION_RULE_ID));
    // Turned off, the rule's limit is not said: only the declaration rule's finding is left.
    const off = checkDocument(
      laughingSchemaDocument(),
      elicitationOnly({ format: 'yaml', rules: { [ELICITATION_RULE_ID]: 'off' } }),
    );
    assert.deepEqual(
      off.diagnostics.map((diagnostic) => diagnostic.code),
      [DECLARATION_RULE_ID],
    );
  });
});

describe('YAML: a shared anchor is one node', () => {
  const properties = Array.from({ length: 1200 }, (_, index) => `    p${index}: ${index}`).join('\n');
  const text = `base: &base\n${properties}\nfirst: *base\nsecond: *base\nmerged:\n  <<: *base\n  own: 1\n`;
  const root = parseYamlDocuments(text).documents[0].root!;

  it('an alias of it reads as its value, the very same object', () => {
    const value = valueOf(valueAt(root, 'base'));
    assert.equal(valueOf(valueAt(root, 'first')), value);
    assert.equal(valueOf(valueAt(root, 'second')), value);
    assert.equal((value as Record<string, number>).p1199, 1199);
  });

  it("merging it leaves the anchor's own members where they are", () => {
    const merged = valueAt(root, 'merged');
    assert.equal(propertiesOf(merged).length, 1201);
    const p0 = propertiesOf(merged).find((property) => property.key.value === 'p0')!;
    assert.equal(p0.parent, merged);
    assert.equal(text.slice(p0.offset, p0.offset + p0.length), '*base');
    const ownP0 = propertiesOf(valueAt(root, 'base'))[0];
    assert.equal(ownP0.parent, valueAt(root, 'base'), 'the anchor keeps its members');
    assert.equal((valueOf(merged) as Record<string, number>).own, 1);
  });

  it('is not edited through an alias or at its anchor (the edit would change every alias); an alias is replaced whole', () => {
    const editor = new YamlEditor(text);
    const insideAlias = propertiesOf(valueAt(root, 'first'))[0];
    assert.deepEqual(editor.removeMember(insideAlias), []);
    assert.deepEqual(editor.replaceValue(insideAlias.value!, { json: 5 }), []);
    assert.deepEqual(editor.addMembers(valueAt(root, 'base'), [['extra', { json: 1 }]]), []);
    const whole = editor.replaceValue(valueAt(root, 'first'), { json: 5 });
    assert.equal(whole.length, 1);
    assert.equal(text.slice(whole[0].offset, whole[0].offset + whole[0].length), '*base');
  });
});
