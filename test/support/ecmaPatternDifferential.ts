// The differential of `pattern` on RE2 with ECMA-262's meaning against the engine's own RegExp
// (test/checker/ecmaPattern.test.ts runs the first 40 random patterns, ecmaPattern.thorough.test.ts
// 400): random patterns without backreferences, on strings made of the characters where the two
// regex dialects part.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { safeRegExp } from '../../server/src/checker/schema/safeRegExp';
import { Random } from '../../bench/random';

export /** Every ECMA-262 WhiteSpace and LineTerminator, of which RE2's \s has only the first five. */
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

/** The seed's first `patterns` random patterns, each on 25 random strings, against RegExp(pattern, "u"). */
export function itAgreesWithTheEngine(patterns: number): void {
  it(`agrees with RegExp(pattern, "u") on ${patterns} random patterns without backreferences, 25 strings each`, () => {
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
    for (let i = 0; i < patterns; i++) {
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
    assert.equal(compared, patterns * 25);
  });
}
