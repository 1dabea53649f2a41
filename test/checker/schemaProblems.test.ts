// Why a requested schema is unusable, in a schema author's words: the place in the schema, what is
// wrong there, and what would be right; never ajv's "data/… must match a schema in anyOf".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { elicitationOnly } from '../support/ruleScope';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** The reason in the declaration's invalid-declaration message. */
function reasonFor(requestedSchema: unknown): string {
  const document = {
    mcpdesc: '0.8.0',
    tools: [{ name: 't', elicitations: [{ name: 'c', mode: 'form', message: 'm', requestedSchema }] }],
  };
  const messages = checkDocument(JSON.stringify(document), elicitationOnly()).diagnostics.map((diagnostic) => diagnostic.message);
  assert.equal(messages.length, 1, messages.join('\n'));
  const match = /is not a usable JSON Schema \((.*)\)\.$/.exec(messages[0]);
  assert.ok(match, messages[0]);
  return match[1];
}

const TYPES = 'use one of array, boolean, integer, null, number, object, string';

describe('unusable requested schemas, in words', () => {
  const cases: Array<[string, unknown, string]> = [
    [
      'an unknown type name',
      { type: 'object', properties: { ok: { type: 'bool' } } },
      `properties.ok.type: 'bool' is not a JSON Schema type; ${TYPES}`,
    ],
    [
      'an unknown type in a list',
      { type: 'object', properties: { ok: { type: ['string', 'strin'] } } },
      `properties.ok.type: 'strin' is not a JSON Schema type; ${TYPES}`,
    ],
    [
      'a type listed twice',
      { type: 'object', properties: { ok: { type: ['string', 'string'] } } },
      "properties.ok.type: lists 'string' twice",
    ],
    ['a keyword of the wrong type', { type: 'object', required: 'ok' }, "required: must be an array, not the string 'ok'"],
    [
      'a subschema that is no schema',
      { type: 'object', additionalProperties: 5 },
      'additionalProperties: must be a schema (an object, or true or false), not the number 5',
    ],
    [
      'a minimum',
      { type: 'object', properties: { ok: { type: 'string', minLength: -1 } } },
      'properties.ok.minLength: must be at least 0, not -1',
    ],
    [
      'an integer',
      { type: 'object', properties: { ok: { maxLength: 1.5 } } },
      'properties.ok.maxLength: must be an integer, not the number 1.5',
    ],
    [
      'an exclusive minimum',
      { type: 'object', properties: { ok: { multipleOf: 0 } } },
      'properties.ok.multipleOf: must be more than 0, not 0',
    ],
    [
      'an empty enum (draft-07)',
      { $schema: DRAFT_07, type: 'object', properties: { ok: { enum: [] } } },
      'properties.ok.enum: must list at least 1 value',
    ],
    [
      'a repeated enum value (draft-07)',
      { $schema: DRAFT_07, type: 'object', properties: { ok: { enum: [1, 1] } } },
      'properties.ok.enum: lists 1 twice',
    ],
    ['a repeated required name', { type: 'object', required: ['a', 'a'] }, "required: lists 'a' twice"],
    [
      'a pattern',
      { type: 'object', properties: { ok: { $id: '#a b' } } },
      "properties.ok.$id: '#a b' does not match the pattern ^[^#]*#?$",
    ],
    [
      'a $ref that is no string',
      { type: 'object', properties: { ok: { $ref: 5 } } },
      'properties.ok.$ref: must be a string, not the number 5',
    ],
    [
      'a $ref to nothing',
      { type: 'object', properties: { ok: { $ref: '#/nope' } } },
      "properties.ok.$ref: '#/nope' points to nothing in the schema",
    ],
    [
      'a remote $ref',
      { type: 'object', properties: { ok: { $ref: 'https://x.example/s.json' } } },
      "properties.ok.$ref: 'https://x.example/s.json' is not fetched; only references inside the requested schema resolve (a shared schema is a $componentRef)",
    ],
    [
      'an invalid regular expression',
      { type: 'object', properties: { ok: { type: 'string', pattern: '(' } } },
      "properties.ok.pattern: '(' is not a valid regular expression (Unterminated group)",
    ],
    [
      'a name with spaces in the path',
      { type: 'object', properties: { 'first name': { type: 'text' } } },
      `properties["first name"].type: 'text' is not a JSON Schema type; ${TYPES}`,
    ],
    ['the root', { type: 'object', properties: 5 }, 'properties: must be an object, not the number 5'],
  ];
  for (const [name, schema, expected] of cases) {
    it(name, () => {
      const reason = reasonFor(schema);
      assert.equal(reason, expected);
      assert.doesNotMatch(reason, /data\/|must match a schema in anyOf|allowed values/);
    });
  }

  it('several problems: the first, and how many more', () => {
    assert.equal(
      reasonFor({ type: 'object', properties: { a: { minLength: -1 }, b: { maxLength: -2 } }, required: 'x' }),
      'properties.a.minLength: must be at least 0, not -1 (and 2 more problems in the schema)',
    );
  });
});
