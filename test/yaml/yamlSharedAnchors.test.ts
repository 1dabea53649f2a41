// An alias is the node it names: a large anchored schema shared by many steps is compared and
// validated once, never expanded per use, so no alias budget runs out and nothing false is reported
// (issue 15, item 7: past the alias budget every further step got a false schema-mismatch and a
// false "not a usable JSON Schema", and fix-all inlined copies of the schema).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, fixAll } from '../../server/src/checker';

const PROPERTIES = 3000;
const STEPS = 12;

function sharedSchemaDocument(): string {
  const properties = Array.from({ length: PROPERTIES }, (_, index) => `        p${index}: {type: string, maxLength: 40}`);
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
    ...properties.map((line) => `  ${line}`),
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
    const { diagnostics } = checkDocument(text, { format: 'yaml' });
    const falseOnes = diagnostics.filter((diagnostic) => FALSE_KINDS.has(diagnostic.data.violation) || /usable JSON Schema|[Aa]lias/.test(diagnostic.message));
    assert.deepEqual(falseOnes.map((diagnostic) => `${diagnostic.range.start.line}: ${diagnostic.message}`), []);
  });

  it('validates each step against the shared schema (an error in one step is still found, at that step)', () => {
    const broken = text.replace(/(content: \{p0: short, p2999: )also short\}((?:.|\n)*)$/, `$1${'x'.repeat(41)}}$2`);
    assert.notEqual(broken, text);
    const contentErrors = checkDocument(broken, { format: 'yaml' }).diagnostics.filter((diagnostic) => diagnostic.data.violation === 'invalid-content');
    assert.equal(contentErrors.length, 1, contentErrors.map((diagnostic) => diagnostic.message).join('\n'));
    assert.match(contentErrors[0].message, /p2999/);
    const firstStepLine = broken.split('\n').findIndex((line) => line.includes('p2999: xxxx'));
    assert.equal(contentErrors[0].range.start.line, firstStepLine);
  });

  it('fix-all does not inline copies of the shared schema', () => {
    const fixed = fixAll(text, { format: 'yaml' }).text;
    assert.equal(fixed.split('p2999: {type').length - 1, 1, 'the schema is written once, at its anchor');
    assert.equal(fixed.split('requestedSchema: *big').length - 1, STEPS, 'every step still uses the alias');
  });
});
