// The schema walker (simpleSchemaValidator.ts) must agree with ajv exactly: same errors, same
// order, for every schema it accepts. Random schemas of its keywords and random values, each
// validated both ways, against ajv as the checker sets it up (dialectAjv.ts: bounded formats, the
// linear uniqueItems) in each dialect, since the walker serves them all. Written as a function of
// its count: test/checker/simpleSchemaValidator.test.ts runs the first cases, the thorough tier more.
import assert from 'node:assert/strict';
import { DIALECTS, dialectAjv } from '../../server/src/checker/schema/dialectAjv';
import { simpleValidator } from '../../server/src/checker/schema/simpleSchemaValidator';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { SeededRandom } from './random';

function prng(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

let random = prng(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (p: number) => random() < p;

const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
const FORMATS = ['email', 'uri', 'date', 'date-time', 'ipv4', 'int32', 'uuid', 'no-such-format'];
const PATTERNS = ['^a', 'b$', '^[0-9]{2,3}$', '\\p{L}+'];
const NAMES = ['a', 'b', 'approved', 'x/y', 'm~n', 'toString', 'count'];

function randomValue(depth = 0): JsonValue {
  switch (Math.floor(random() * (depth > 1 ? 6 : 8))) {
    case 0:
      return pick([
        '',
        'a',
        'abc',
        'b',
        '12',
        'x@y.io',
        'not an email',
        'https://example.com/x',
        '2026-11-30',
        '2026-02-30',
        '2026-11-30T10:00:00Z',
        '😀😀',
        '192.168.0.1',
        'éé',
      ]);
    case 1:
      return pick([0, 1, -1, 2.5, 3, 10, 100, 2147483648, Infinity]);
    case 2:
      return pick([true, false]);
    case 3:
      return null;
    case 4:
      return pick([1, 'a', 'abc', 2.5]);
    case 5:
      return pick<JsonValue[]>([[], ['a', 'a'], [1, '1', 1], [{ a: 1 }, { a: 1 }]]).concat(
        Array.from({ length: Math.floor(random() * 3) }, () => randomValue(depth + 1)),
      );
    default: {
      const object: { [key: string]: JsonValue } = {};
      for (const name of NAMES) if (chance(0.35)) object[name] = randomValue(depth + 1);
      return object;
    }
  }
}

function randomSchema(depth = 0): { [key: string]: JsonValue } {
  const schema: { [key: string]: JsonValue } = {};
  if (chance(0.8))
    schema.type = chance(0.8) ? pick(TYPES) : [pick(TYPES), pick(TYPES)].filter((t, i, all) => all.indexOf(t) === i);
  if (chance(0.2)) schema.enum = [randomValue(2), randomValue(2)];
  if (chance(0.1)) schema.const = randomValue(2);
  for (const keyword of ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'])
    if (chance(0.15)) schema[keyword] = pick([0, 1, 3, 10, 2.5]);
  for (const keyword of ['maxLength', 'minLength']) if (chance(0.15)) schema[keyword] = pick([0, 1, 2, 3]);
  if (chance(0.15)) schema.pattern = pick(PATTERNS);
  if (chance(0.25)) schema.format = pick(FORMATS);
  if (chance(0.1)) schema.title = 'ignored';
  if (chance(0.05)) schema.enumNames = ['unknown keyword'];
  if (depth < 2 && chance(0.15)) {
    // MCP's titled single-select enums are a oneOf of const branches; mix in typed branches too.
    const branches = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      chance(0.6) ? { const: randomValue(2), title: 'T' } : randomSchema(depth + 1),
    );
    schema[chance(0.5) ? 'oneOf' : 'anyOf'] = branches;
  }
  if (depth < 2 && chance(0.5)) {
    const properties: { [key: string]: JsonValue } = {};
    for (const name of NAMES) if (chance(0.4)) properties[name] = randomSchema(depth + 1);
    schema.properties = properties;
  }
  if (chance(0.3)) schema.required = NAMES.filter(() => chance(0.3));
  if (chance(0.25)) schema.additionalProperties = chance(0.6) ? pick([true, false]) : randomSchema(depth + 1);
  for (const keyword of ['maxItems', 'minItems']) if (chance(0.15)) schema[keyword] = pick([0, 1, 2, 3]);
  if (chance(0.15)) schema.uniqueItems = pick([true, false]);
  if (depth < 2 && chance(0.2)) schema.items = randomSchema(depth + 1);
  return schema;
}

/** The walker against ajv on `count` seeded random schemas (8 values each), in every dialect. */
export function walkerAgreesWithAjv(count: number): void {
  random = prng(7);
  const instances = DIALECTS.map((dialect) => ({ dialect, ajv: dialectAjv(dialect, true) }));
  let walked = 0;
  let arrays = 0;
  for (let i = 0; i < count; i++) {
    const schema = randomSchema();
    if (instances[0].ajv.validateSchema(schema) !== true) continue;
    const walker = simpleValidator(schema);
    if (!walker) continue;
    walked++;
    if (/"(?:items|maxItems|minItems|uniqueItems)"/.test(JSON.stringify(schema))) arrays++;
    const values = Array.from({ length: 8 }, () => randomValue());
    for (const { dialect, ajv } of instances) {
      // Valid in one dialect may be invalid in another (draft-07 wants an enum's values unique): the checker never walks it there.
      if (ajv.validateSchema(schema) !== true) continue;
      const compiled = ajv.compile(schema);
      for (const value of values) {
        const expected = compiled(value)
          ? []
          : (compiled.errors ?? []).map(({ keyword, instancePath, message, params }) => ({
              keyword,
              instancePath,
              message,
              params,
            }));
        const actual: unknown[] = walker(value)
          ? []
          : (walker.errors ?? []).map(({ keyword, instancePath, message, params }) => ({
              keyword,
              instancePath,
              message,
              params,
            }));
        assert.deepEqual(
          JSON.parse(JSON.stringify(actual)),
          JSON.parse(JSON.stringify(expected)),
          `${dialect}: schema ${JSON.stringify(schema)}\nvalue ${JSON.stringify(value)}`,
        );
      }
    }
  }
  assert.ok(walked > count / 3, `only ${walked} schemas were walked`);
  assert.ok(arrays > walked / 5, `only ${arrays} walked schemas had array keywords`);
}
