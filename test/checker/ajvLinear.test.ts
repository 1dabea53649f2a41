// ajv made linear (schema/ajvLinear.ts) is held to ajv itself: the same verdicts and the same errors,
// in the same order, with its generated code appending gathered errors in place and uniqueItems
// found through one key per item. Random arrays and values, drawn from a small alphabet so that
// duplicates, near-duplicates (1 and "1", {a,b} and {b,a}) and ajv's own quirks ("__proto__") come up.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import AjvDraft7 from 'ajv';
import type { Options } from 'ajv';
import { addLinearUniqueItems, appendGatheredErrors } from '../../server/src/checker/schema/ajvLinear';
import { SeededRandom } from '../support/random';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const OPTIONS: Options = { allErrors: true, strict: false, logger: false };

function pair(Ajv: typeof Ajv2020 | typeof AjvDraft7) {
  const plain = new Ajv(OPTIONS);
  const linear = new Ajv({ ...OPTIONS, code: { process: appendGatheredErrors } });
  addLinearUniqueItems(linear);
  return { plain, linear };
}

const SCALARS: Json[] = [0, 1, -0, 2.5, 1e21, '1', '0', 'a', 'b', '', '__proto__', 'constructor', 'toString', true, false, null];

function randomValue(random: SeededRandom, depth = 0): Json {
  const roll = random.below(depth > 2 ? 6 : 10);
  if (roll < 6) return random.pick(SCALARS);
  if (roll < 8) return Array.from({ length: random.below(3) }, () => randomValue(random, depth + 1));
  const object: { [key: string]: Json } = {};
  for (const key of ['a', 'b', '__proto__'].filter(() => random.chance(0.5))) {
    Object.defineProperty(object, key, {
      value: randomValue(random, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

const ITEM_SCHEMAS: Array<Json | undefined> = [
  undefined,
  {},
  true,
  { type: 'string' },
  { type: 'number' },
  { type: 'integer' },
  { type: ['number', 'string'] },
  { type: ['null', 'boolean'] },
  { type: ['string', 'null'] },
  { type: 'object' },
  { type: ['array', 'string'] },
];

describe('uniqueItems in one pass', () => {
  for (const [dialect, Ajv] of [
    ['2020-12', Ajv2020],
    ['draft-07', AjvDraft7],
  ] as const) {
    it(`finds the pair ajv finds, with ajv's error, on random arrays (${dialect})`, () => {
      const { plain, linear } = pair(Ajv);
      const random = new SeededRandom(32);
      let duplicates = 0;
      for (const items of ITEM_SCHEMAS) {
        const schema = items === undefined ? { uniqueItems: true } : { type: 'array', uniqueItems: true, items };
        const expected = plain.compile(schema);
        const actual = linear.compile(schema);
        for (let iteration = 0; iteration < 400; iteration++) {
          const data = Array.from({ length: random.below(8) }, () => randomValue(random));
          const valid = expected(data);
          assert.equal(actual(data), valid, JSON.stringify({ items, data }));
          const uniqueness = (errors: typeof expected.errors) =>
            (errors ?? []).filter((error) => error.keyword === 'uniqueItems');
          assert.deepEqual(uniqueness(actual.errors), uniqueness(expected.errors), JSON.stringify({ items, data }));
          if (uniqueness(expected.errors).length > 0) duplicates++;
        }
      }
      assert.ok(duplicates > 500, `${duplicates} arrays had duplicates`);
    });
  }

  it('checks 60,000 distinct objects (pairwise: 1.8 billion comparisons) and finds the one repeated', () => {
    const { linear } = pair(Ajv2020);
    const validate = linear.compile({ type: 'array', uniqueItems: true });
    const data: Json[] = Array.from({ length: 60_000 }, (_, index) => ({ i: index, tags: [index % 7] }));
    assert.equal(validate(data), true);
    data.push({ tags: [3], i: 3 }); // items[3], its members in another order
    assert.equal(validate(data), false);
    assert.deepEqual(validate.errors?.[0].params, { i: 60_000, j: 3 });
  });
});

describe('errors gathered in place', () => {
  const SCHEMAS: Json[] = [
    { type: 'array', items: { $ref: '#/$defs/a' }, $defs: { a: { $ref: '#/$defs/b' }, b: { type: 'string', minLength: 1 } } },
    {
      type: 'object',
      additionalProperties: { $ref: '#/$defs/node' },
      $defs: {
        node: { type: 'object', required: ['x'], properties: { next: { $ref: '#/$defs/node' }, x: { type: 'integer' } } },
      },
    },
    { anyOf: [{ $ref: '#/$defs/s' }, { type: 'array', items: { $ref: '#' } }], $defs: { s: { type: 'string', pattern: '^a' } } },
    {
      oneOf: [{ $ref: '#/$defs/o' }, { $ref: '#/$defs/o' }],
      $defs: { o: { type: 'object', properties: { a: { $ref: '#/$defs/o' } } } },
    },
  ];

  it('leaves no concatenation in the generated code', () => {
    for (const schema of SCHEMAS) {
      let source = '';
      const process = (code: string) => {
        const processed = appendGatheredErrors(code);
        source += processed;
        return processed;
      };
      const ajv = new Ajv2020({ ...OPTIONS, code: { process } });
      ajv.compile(schema as object);
      assert.match(source, /vErrors\.push\(gathered\)/);
      assert.doesNotMatch(source, /vErrors\.concat/);
    }
  });

  it('gives the errors ajv gives, in its order, on random values', () => {
    const { plain, linear } = pair(Ajv2020);
    const random = new SeededRandom(7);
    for (const schema of SCHEMAS) {
      const expected = plain.compile(schema as object);
      const actual = linear.compile(schema as object);
      for (let iteration = 0; iteration < 500; iteration++) {
        const data = randomValue(random);
        assert.equal(actual(data), expected(data));
        assert.deepEqual(actual.errors, expected.errors, JSON.stringify({ schema, data }));
      }
    }
  });

  it('gathers the errors of 100,000 failing $ref calls (ajv copied them all at each one)', () => {
    const { linear } = pair(Ajv2020);
    const validate = linear.compile(SCHEMAS[0] as object);
    const data = Array.from({ length: 100_000 }, () => '');
    assert.equal(validate(data), false);
    assert.equal(validate.errors?.length, 100_000);
    assert.equal(validate.errors?.[99_999].instancePath, '/99999');
  });
});
