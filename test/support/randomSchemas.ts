// Random schemas, right and wrong, for the differential of isEvidentlyValidSchema against ajv's
// meta-schema validation in every dialect the checker compiles with (test/checker/schemaMetaValidity.test.ts
// runs a few hundred, schemaMetaValidity.thorough.test.ts 20,000), and plain form schemas it must
// say yes to.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import Ajv2019 from 'ajv/dist/2019';
import AjvDraft7 from 'ajv';
import addFormats from 'ajv-formats';
import { isEvidentlyValidSchema } from '../../server/src/checker/schema/schemaMetaValidity';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { SeededRandom } from './random';

const OPTIONS = { allErrors: true, strict: false, logger: false as const, validateFormats: true };
const DIALECTS = {
  '2020-12': addFormats(new Ajv2020(OPTIONS)),
  '2019-09': addFormats(new Ajv2019(OPTIONS)),
  'draft-07': addFormats(new AjvDraft7(OPTIONS)),
};

let random = new SeededRandom(20261130);
const chance = (p: number): boolean => random.next() < p;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)];

const ANY_VALUES: JsonValue[] = [
  '',
  'a',
  'string',
  0,
  1,
  -1,
  2.5,
  1e400,
  -0,
  true,
  false,
  null,
  [],
  ['a'],
  ['a', 'a'],
  [1],
  {},
  { a: 1 },
];
const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null', 'strin', 'any'];
const PATTERNS = ['^a', 'b$', '(', '[a-', '\\p{L}+', 'a\\Z', '(?<n>x)\\k<n>', '\\u{1F600}', ''];

/** A value for `keyword`: mostly what the meta-schemas allow, sometimes not. */
function valueFor(keyword: string, depth: number): JsonValue {
  const wrong = chance(0.25);
  if (wrong) return pick(ANY_VALUES);
  switch (keyword) {
    case 'type':
      return chance(0.8) ? pick(TYPES) : [pick(TYPES), pick(TYPES)];
    case 'required':
      return chance(0.8) ? ['a', 'b'].slice(0, 1 + Math.floor(random.next() * 2)) : ['a', 'a'];
    case 'maxLength':
    case 'minLength':
      return pick([0, 1, 3, 2.0, 1.5, -1]);
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return pick([0, 1, 2.5, -3]);
    case 'pattern':
      return pick(PATTERNS);
    case 'format':
      return pick(['email', 'date', 'no-such-format']);
    case 'enum':
    case 'examples':
      return [pick(ANY_VALUES), pick(ANY_VALUES)];
    case 'title':
    case 'description':
    case '$comment':
      return 'text';
    case 'deprecated':
    case 'readOnly':
    case 'writeOnly':
    case 'uniqueItems':
      return pick([true, false]);
    case 'properties': {
      const properties: { [name: string]: JsonValue } = {};
      for (const name of ['a', 'b', '__proto__', 'toString']) if (chance(0.4)) ownMember(properties, name, schema(depth + 1));
      return properties;
    }
    case 'additionalProperties':
    case 'items':
    case 'not':
    case 'contains':
      return chance(0.3) ? pick([true, false]) : schema(depth + 1);
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
      return chance(0.1) ? [] : [schema(depth + 1), schema(depth + 1)];
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
      return pick([0, 2, -1, 1.5]);
    case 'multipleOf':
      return pick([2, 0, -1]);
    case '$ref':
      return pick(['#', '#/properties/a', 'other.json']);
    // Keywords only the meta-schema differential (metaSchemaDifferential.ts) writes.
    case '$defs':
    case 'definitions':
    case 'dependentSchemas':
    case 'patternProperties':
      return { a: schema(depth + 1), [pick(['^b', '(', 'c'])]: pick<JsonValue>([true, schema(depth + 1)]) };
    case 'prefixItems':
      return chance(0.1) ? [] : [schema(depth + 1), pick<JsonValue>([false, schema(depth + 1)])];
    case 'if':
    case 'then':
    case 'else':
    case 'propertyNames':
    case 'unevaluatedProperties':
    case 'unevaluatedItems':
    case 'additionalItems':
    case 'contentSchema':
      return chance(0.3) ? pick([true, false]) : schema(depth + 1);
    case '$anchor':
    case '$dynamicAnchor':
    case '$recursiveAnchor':
      return pick<JsonValue>(['a', 'a-b.c', '1x', '', true]);
    case '$dynamicRef':
    case '$recursiveRef':
      return pick(['#meta', '#', 'x#a']);
    case '$id':
      return pick(['http://example.test/s', '#frag', 'rel.json', 'urn:x']);
    case '$vocabulary':
      return pick<JsonValue>([{ 'https://example.test/v': true }, { 'not a uri': false }, { a: 1 }]);
    case 'dependentRequired':
      return pick<JsonValue>([{ a: ['b'] }, { a: ['b', 'b'] }, { a: 'b' }]);
    case 'minContains':
    case 'maxContains':
    case 'maxProperties':
      return pick([0, 2, -1, 1.5]);
    case 'contentEncoding':
    case 'contentMediaType':
      return pick(['base64', 'application/json']);
    default:
      return pick(ANY_VALUES);
  }
}

const KEYWORDS = [
  'type',
  'required',
  'maxLength',
  'minLength',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'pattern',
  'format',
  'enum',
  'const',
  'examples',
  'default',
  'title',
  'description',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'properties',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'items',
  'contains',
  'uniqueItems',
  'minItems',
  'maxItems',
  'minProperties',
  'multipleOf',
  '$ref',
  'enumNames',
  'x-ui',
  'dependencies',
  'propertyNames',
];

/** Sets a member as JSON.parse and the checker's valueOf do: "__proto__" too is an own member, not the prototype. */
function ownMember(object: { [key: string]: JsonValue }, name: string, value: JsonValue): void {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Every keyword one of the three meta-schemas constrains, and a few none does (for the meta-schema differential). */
const EVERY_META_KEYWORD = [
  ...KEYWORDS,
  '$defs',
  'definitions',
  'dependentSchemas',
  'patternProperties',
  'prefixItems',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'contentSchema',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$dynamicRef',
  '$recursiveRef',
  '$id',
  '$vocabulary',
  'dependentRequired',
  'minContains',
  'maxContains',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
];

let keywords: readonly string[] = KEYWORDS;

function schema(depth = 0): JsonValue {
  if (chance(0.05)) return pick([true, false, null, 1, 'x', []]);
  const result: { [key: string]: JsonValue } = {};
  const count = depth > 2 ? 1 : 1 + Math.floor(random.next() * 5);
  for (let i = 0; i < count; i++) {
    const keyword = pick(keywords);
    ownMember(result, keyword, valueFor(keyword, depth));
  }
  return result;
}

/** A plain MCP form schema, valid in every dialect. */
function formSchema(): JsonValue {
  const properties: { [name: string]: JsonValue } = {};
  for (const name of ['email', 'count', 'choice', 'agree']) {
    if (!chance(0.7)) continue;
    properties[name] = pick<JsonValue>([
      { type: 'string', title: 'Email', description: 'Where to write', format: 'email', minLength: 3, maxLength: 100 },
      { type: 'integer', minimum: 0, maximum: 10, default: 1 },
      { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] },
      {
        type: 'string',
        oneOf: [
          { const: 'a', title: 'A' },
          { const: 'b', title: 'B' },
        ],
      },
      { type: 'boolean', default: false, description: 'Agree?' },
      { type: 'string', pattern: '^[a-z]+$' },
    ]);
  }
  return { type: 'object', properties, required: Object.keys(properties).slice(0, 1), additionalProperties: false };
}

/**
 * `count` seeded random schemas, right and wrong, using every keyword a meta-schema constrains:
 * the same sequence for the same seed, whichever test asks first.
 */
export function randomMetaSchemaCases(seed: number, count: number): JsonValue[] {
  random = new SeededRandom(seed);
  keywords = EVERY_META_KEYWORD;
  try {
    return Array.from({ length: count }, () => schema());
  } finally {
    keywords = KEYWORDS;
  }
}

/** ajv's verdict; it throws on what is no schema at all (null, a number), which is no valid schema. */
function judgedValid(ajv: { validateSchema(schema: object | boolean): unknown }, candidate: JsonValue): boolean {
  try {
    return ajv.validateSchema(candidate as object) === true;
  } catch {
    return false;
  }
}

/** isEvidentlyValidSchema says yes only where every dialect's ajv does, on `count` seeded random schemas. */
export function itSaysYesOnlyWhereAjvDoes(count: number): void {
  it(`says yes only where ajv does, in 2020-12, 2019-09 and draft-07 (${count.toLocaleString('en-US')} random schemas)`, () => {
    random = new SeededRandom(20261130);
    let evident = 0;
    let valid = 0;
    for (let i = 0; i < count; i++) {
      const candidate = schema();
      const verdict = isEvidentlyValidSchema(candidate);
      for (const [dialect, ajv] of Object.entries(DIALECTS)) {
        const ajvVerdict = judgedValid(ajv, candidate);
        if (verdict && !ajvVerdict) {
          judgedValid(ajv, candidate);
          assert.fail(
            `${dialect} rejects a schema said to be evidently valid: ${JSON.stringify(candidate)}\n${ajv.errorsText()}`,
          );
        }
        if (dialect === '2020-12' && ajvVerdict) valid++;
      }
      if (verdict) evident++;
    }
    // The generator makes both kinds, and the answer is yes for a good share of the valid ones.
    assert.ok(valid > count / 10 && valid < count * 0.95, `valid: ${valid}`);
    assert.ok(evident > valid / 4, `evident: ${evident} of ${valid} valid`);
  });
}

/** isEvidentlyValidSchema says yes to `count` seeded plain form schemas. */
export function itSaysYesToFormSchemas(count: number): void {
  it(`says yes to plain form schemas (titles, formats, enums, oneOf of consts, bounds, patterns; ${count} random ones)`, () => {
    random = new SeededRandom(20261201);
    for (let i = 0; i < count; i++) {
      const candidate = formSchema();
      assert.equal(isEvidentlyValidSchema(candidate), true, JSON.stringify(candidate));
      assert.equal(DIALECTS['2020-12'].validateSchema(candidate as object), true);
    }
  });
}
