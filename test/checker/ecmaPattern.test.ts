// `pattern` is ECMA-262 (with `u`, as ajv reads it) even though it runs on RE2: RE2's `\s`, `\S`
// and `.` mean other sets. Pinned on the cases that differ, through both validators, and by a
// differential test against the engine's own RegExp on random patterns and strings made of the
// characters where the two regex dialects part (test/support/ecmaPatternDifferential.ts: the first 40
// patterns here, 400 in ecmaPattern.thorough.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { safeRegExp } from '../../server/src/checker/schema/safeRegExp';
import { SchemaValidatorCache, type CompiledSchema } from '../../server/src/checker/schema/schemaValidator';
import { budgetLeftMs, NotCheckedError, withDocumentBudget } from '../../server/src/checker/timeBudget';
import { simpleValidator } from '../../server/src/checker/schema/simpleSchemaValidator';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { ECMA_SPACES, itAgreesWithTheEngine } from '../support/ecmaPatternDifferential';

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

  it('stays linear: catastrophic patterns on long values run on RE2, and answer', () => {
    // Each fails only at its last characters, which backtracking pays for exponentially (a hang fails
    // the file by the runner's timeout).
    for (const [pattern, value] of [
      ['^(\\s+)+$', '\u00a0'.repeat(50_000) + 'x'],
      ['^(.*)*$', 'a'.repeat(50_000) + '\u2028'],
      ['^(\\S+\\s?)+$', 'a '.repeat(25_000) + '\u3000\u3000'],
    ]) {
      const regExp = safeRegExp(pattern, 'u');
      assert.match(regExp.toString(), /^re2:/);
      assert.equal(regExp.test(value), false, pattern);
    }
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
    const fullBudget = budgetLeftMs(); // outside a document check: all of it
    let budgetLeft = Infinity;
    const verdicts = withDocumentBudget(() => {
      const answers = escapes.map((escape) => {
        const compiled = cache.compile({ type: 'string', pattern: `^${escape}+$` });
        if (!compiled.ok) return undefined;
        try {
          return compiled.validate('λ').length === 0;
        } catch (error) {
          // Past the budget: not checked, which is no verdict.
          if (error instanceof NotCheckedError) return undefined;
          throw error;
        }
      });
      budgetLeft = budgetLeftMs();
      return answers;
    });
    assert.ok(budgetLeft < fullBudget, 'reading the properties was charged to the budget');
    // Answered while the budget lasts (how far that is, a loaded machine decides: compiling a pattern
    // is charged too), and right wherever answered: λ is Greek and nothing else.
    const answered = verdicts.flatMap((verdict, index) => (verdict === undefined ? [] : [{ escape: escapes[index], verdict }]));
    assert.ok(answered.length > 0, 'the first ones are answered');
    for (const { escape, verdict } of answered)
      assert.equal(verdict, escape.includes('=Greek') !== escape.startsWith('\\P'), escape);
  });
});

describe('pattern differential against the engine', () => {
  itAgreesWithTheEngine(40);
});
