// `pattern` is ECMA-262 (with `u`, as ajv reads it) even though it runs on RE2: RE2's `\s`, `\S`
// and `.` mean other sets. Pinned on the cases that differ, through both validators, and by a
// differential test against the engine's own RegExp on random patterns and strings made of the
// characters where the two regex dialects part.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { safeRegExp } from '../../server/src/checker/schema/safeRegExp';
import { SchemaValidatorCache, type CompiledSchema } from '../../server/src/checker/schema/schemaValidator';
import { NotCheckedError, withDocumentBudget } from '../../server/src/checker/timeBudget';
import { simpleValidator } from '../../server/src/checker/schema/simpleSchemaValidator';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { Random } from '../../bench/random';

/** Every ECMA-262 WhiteSpace and LineTerminator, of which RE2's \s has only the first five. */
const ECMA_SPACES = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  ' ',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2005',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

const CASES: Array<[pattern: string, value: string, matches: boolean]> = [
  ...ECMA_SPACES.map((space): [string, string, boolean] => ['^\\s+$', space, true]),
  ['^\\s+$', '\u200b', false], // zero width space is no WhiteSpace
  ['^\\s+$', '\u0085', false], // nor is NEL
  ['^\\S+$', 'a\u00a0b', false],
  ['^\\S+$', 'a\u3000b', false],
  ['^\\S+$', 'a\u200bb', true],
  ['^[^\\s]+$', 'a\ufeffb', false],
  ['^[\\s\\d]+$', '1\u30002', true],
  ['^.+$', 'a\u2028b', false],
  ['^.+$', 'a\u2029b', false],
  ['^.+$', 'a\rb', false],
  ['^.+$', 'a\nb', false],
  ['^.+$', 'a\u0085b\u00a0c', true],
  ['^.$', '😀', true], // one code point with u
  ['^\\w+$', 'a_1', true],
  ['^\\w+$', 'é', false],
  ['^\\d+$', '١٢', false], // Arabic-Indic digits are not \d
  ['\\bx\\b', 'é x é', true],
  ['^\\p{L}+$', 'éλж', true],
  ['^\\P{L}+$', '1 2', true],
  ['^[^]$', '\n', true],
  ['^\\u{1F600}$', '😀', true],
];

function walkerVerdict(schema: JsonValue, value: string): boolean {
  const walker = simpleValidator(schema);
  assert.ok(walker, `the walker handles ${JSON.stringify(schema)}`);
  return walker(value);
}

function ajvVerdict(compiled: CompiledSchema, value: string): boolean {
  assert.ok(compiled.ok, 'compiled');
  return compiled.validate(value).length === 0;
}

describe('pattern reads as ECMA-262', () => {
  it('runs the class and dot cases on RE2 with ECMA-262 sets, in both validators', () => {
    const cache = new SchemaValidatorCache();
    for (const [pattern, value, matches] of CASES) {
      const where = `${JSON.stringify(pattern)} on ${JSON.stringify(value)}`;
      assert.equal(new RegExp(pattern, 'u').test(value), matches, `the engine agrees: ${where}`);
      const regExp = safeRegExp(pattern, 'u');
      assert.match(regExp.toString(), /^re2:/, `linear: ${where}`);
      assert.equal(regExp.test(value), matches, `RE2: ${where}`);
      assert.equal(walkerVerdict({ type: 'string', pattern }, value), matches, `walker: ${where}`);
      // allOf sends the schema to ajv, whose code.regExp is the same safeRegExp.
      assert.equal(ajvVerdict(cache.compile({ allOf: [{ type: 'string', pattern }] }), value), matches, `ajv: ${where}`);
    }
  });

  it('applies to patternProperties (ajv) too', () => {
    const cache = new SchemaValidatorCache();
    const compiled = cache.compile({ type: 'object', patternProperties: { '^\\s+$': { type: 'number' } } });
    assert.ok(compiled.ok);
    assert.deepEqual(
      compiled.validate({ '\u00a0': 'x' }).map((error) => error.instancePath),
      ['/\u00a0'],
    );
    assert.deepEqual(compiled.validate({ 'a\u00a0': 'x' }), []);
  });

  it('is ECMA-262 syntax with u: what RE2 alone would accept is no pattern', () => {
    const cache = new SchemaValidatorCache();
    for (const pattern of ['\\-', 'a\\Z', '\\Qa\\E', '(?P<n>a)', '[[:alpha:]]', '\\pL']) {
      assert.throws(() => safeRegExp(pattern, 'u'), SyntaxError, pattern);
      const compiled = cache.compile({ type: 'string', pattern });
      assert.equal(compiled.ok, false, pattern);
    }
  });

  it('reads RE2-looking text as ECMA-262 does', () => {
    // In ECMA-262 with u, `[[:]` is a class of '[' and ':'; `\x41` is 'A'; `\cJ` is a line feed.
    for (const [pattern, value, matches] of [
      ['^[[:]+$', '[:', true],
      ['^\\x41$', 'A', true],
      ['^\\cJ$', '\n', true],
      ['^[\\b]$', '\b', true],
      ['^\\0$', '\0', true],
    ] as const) {
      const regExp = safeRegExp(pattern, 'u');
      assert.match(regExp.toString(), /^re2:/, pattern);
      assert.equal(regExp.test(value), matches, pattern);
    }
  });

  it('stays linear: catastrophic patterns on long values return at once', () => {
    const started = performance.now();
    // Each fails only at its last characters, which backtracking pays for exponentially.
    for (const [pattern, value] of [
      ['^(\\s+)+$', '\u00a0'.repeat(50_000) + 'x'],
      ['^(.*)*$', 'a'.repeat(50_000) + '\u2028'],
      ['^(\\S+\\s?)+$', 'a '.repeat(25_000) + '\u3000\u3000'],
    ]) {
      const regExp = safeRegExp(pattern, 'u');
      assert.match(regExp.toString(), /^re2:/);
      assert.equal(regExp.test(value), false, pattern);
    }
    assert.ok(performance.now() - started < 5000, `took ${performance.now() - started} ms`);
  });

  it('charges reading Unicode properties to the document budget: many distinct ones stay bounded', () => {
    const scripts = [
      'Latin',
      'Greek',
      'Cyrillic',
      'Armenian',
      'Hebrew',
      'Arabic',
      'Syriac',
      'Thaana',
      'Devanagari',
      'Bengali',
      'Gurmukhi',
      'Gujarati',
      'Oriya',
      'Tamil',
      'Telugu',
      'Kannada',
      'Malayalam',
      'Sinhala',
      'Thai',
      'Lao',
      'Tibetan',
      'Myanmar',
      'Georgian',
      'Hangul',
      'Ethiopic',
      'Cherokee',
      'Ogham',
      'Runic',
      'Khmer',
      'Mongolian',
      'Hiragana',
      'Katakana',
      'Bopomofo',
      'Han',
      'Yi',
      'Gothic',
      'Deseret',
      'Tagalog',
      'Hanunoo',
      'Buhid',
    ];
    const escapes = scripts.flatMap((script) => [
      `\\p{Script=${script}}`,
      `\\p{sc=${script}}`,
      `\\p{Script_Extensions=${script}}`,
      `\\P{scx=${script}}`,
    ]);
    const cache = new SchemaValidatorCache();
    const started = performance.now();
    const verdicts = withDocumentBudget(() =>
      escapes.map((escape) => {
        const compiled = cache.compile({ type: 'string', pattern: `^${escape}+$` });
        if (!compiled.ok) return undefined;
        try {
          return compiled.validate('λ').length === 0;
        } catch (error) {
          // Past the budget: not checked, which is no verdict.
          if (error instanceof NotCheckedError) return undefined;
          throw error;
        }
      }),
    );
    assert.ok(performance.now() - started < 5000, `took ${performance.now() - started} ms`);
    // Answered while the budget lasts (how far that is, a loaded machine decides: compiling a pattern
    // is charged too), and right wherever answered: λ is Greek and nothing else.
    const answered = verdicts.flatMap((verdict, index) => (verdict === undefined ? [] : [{ escape: escapes[index], verdict }]));
    assert.ok(answered.length > 0, 'the first ones are answered');
    for (const { escape, verdict } of answered)
      assert.equal(verdict, escape.includes('=Greek') !== escape.startsWith('\\P'), escape);
  });
});

// Where RE2 and ECMA-262 part: spaces of both kinds, line terminators, word and non-word, astral.
const ALPHABET = [
  ...ECMA_SPACES,
  '\u200b',
  '\u0085',
  'a',
  'Z',
  '_',
  '1',
  '٣',
  'é',
  'λ',
  '😀',
  '\ud800',
  '\u212a',
  '\u017f',
  '-',
  '.',
  '[',
  ']',
];
const ATOMS = [
  '\\s',
  '\\S',
  '.',
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '[^\\s]',
  '[\\s\\d]',
  '[^a\\s]',
  '[\\S]',
  '[a-z]',
  '\\p{L}',
  '\\P{Zs}',
  '\\p{Nd}',
  'a',
  'é',
  '😀',
  '\\u00a0',
  '\\.',
  '-',
  '[^]',
];

describe('pattern differential against the engine', () => {
  it('agrees with RegExp(pattern, "u") on random patterns without backreferences', () => {
    const random = new Random(41);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)];
    const piece = (depth: number): string => {
      const roll = random.next();
      if (depth < 2 && roll < 0.15) return `(?:${piece(depth + 1)}|${piece(depth + 1)})`;
      if (depth < 2 && roll < 0.25) return `(${piece(depth + 1)}${piece(depth + 1)})`;
      const atom = pick(ATOMS);
      return atom + pick(['', '', '*', '+', '?', '{2}', '{1,3}', '+?']);
    };
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      let pattern = Array.from({ length: 1 + Math.floor(random.next() * 4) }, () => piece(0)).join('');
      if (random.next() < 0.5) pattern = `^${pattern}`;
      if (random.next() < 0.5) pattern = `${pattern}$`;
      if (random.next() < 0.1) pattern = `\\b${pattern}\\B`;
      const native = new RegExp(pattern, 'u');
      const regExp = safeRegExp(pattern, 'u');
      assert.match(regExp.toString(), /^re2:/, pattern);
      for (let j = 0; j < 25; j++) {
        const value = Array.from({ length: Math.floor(random.next() * 6) }, () => pick(ALPHABET)).join('');
        assert.equal(regExp.test(value), native.test(value), `${JSON.stringify(pattern)} on ${JSON.stringify(value)}`);
        compared++;
      }
    }
    assert.equal(compared, 10_000);
  });
});
