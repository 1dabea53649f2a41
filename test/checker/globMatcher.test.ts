// Globs keep picomatch's meaning while matching in linear time (server/src/checker/recognition/globMatcher.ts,
// linearRegExp.ts): both are held to picomatch and to V8's RegExp on generated globs and paths
// short enough for the backtracking engines to answer quickly (test/support/globFuzz.ts; the first 50
// globs here, thousands in globMatcher.thorough.test.ts); hostile globs that V8's engine would run for
// years here finish, and globs past the limits are refused with a reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import picomatch from 'picomatch';
import {
  MAX_GLOB_LENGTH,
  MAX_GLOB_NESTING,
  MAX_GLOBS_TOTAL_LENGTH,
  recognitionGlob,
  shellGlob,
  usableGlobs,
} from '../../server/src/checker/recognition/globMatcher';
import { LinearRegExp, MAX_INSTRUCTIONS, UnsupportedPattern } from '../../server/src/checker/recognition/linearRegExp';
import { matchesGlob } from '../../server/src/checker/recognition/recognize';
import { itAgreesWithV8OnPicomatchExpressions, itMatchesAsPicomatch } from '../support/globFuzz';

describe('globs match as picomatch matches them', () => {
  // The first 50 of the seeded globs (all 3,000 in globMatcher.thorough.test.ts).
  itMatchesAsPicomatch(50);

  it("matchesGlob keeps recognition's meaning (a path with leading slashes is tried without them)", () => {
    assert.equal(matchesGlob(['sub/*.json'], '/sub/a.json'), true);
    assert.equal(matchesGlob(['*.json'], 'deep/er/a.json'), true);
    assert.equal(matchesGlob(['sub/*.json'], 'other/sub/a.json'), false);
    assert.equal(matchesGlob(['.hidden/**'], '.hidden/x/a.json'), true);
  });
});

describe("the linear engine answers as V8's RegExp does", () => {
  const patterns = [
    '^(?:a(?=b)|a(?!c)c|(?<=a)b|(?<!b)c)+$',
    'x(?=[^/]*?y[^/]*?z)',
    '(?<=^|/)\\.{1,2}(?=/|$)',
    '\\bab\\B',
    '^(?!.*\\.json$).*$',
    '(?=(?=a)a)(?!a(?!b))',
    '[\\s\\S]\\d\\w\\W\\D',
    '(?<=a(?<!ba))c',
    '^(?:(?!(?:x)$)[^/]*?)\\.a$',
    'a{2,3}b{0,2}$',
    '[^\\n\\u2028]',
    '.',
  ];
  const inputs = [
    '',
    'a',
    'ab',
    'ac',
    'abc',
    'bac',
    'xyz',
    'x/y/z',
    'a.json',
    './..',
    '/..',
    'a b',
    'ba',
    'aab',
    'aaab',
    'ab ab',
    '\n',
    '\u2028',
    'x.a',
    '1a_',
  ];
  for (const pattern of patterns) {
    it(pattern, () => {
      const native = new RegExp(pattern);
      for (const knownLookaheads of [true, false]) {
        const linear = new LinearRegExp(pattern, { knownLookaheads });
        for (const input of inputs)
          assert.equal(
            linear.test(input),
            native.test(input),
            `${JSON.stringify(input)}${knownLookaheads ? '' : ' (lookaheads as written)'}`,
          );
      }
    });
  }

  // The first 50 of the seeded globs (all 1,500 in globMatcher.thorough.test.ts).
  itAgreesWithV8OnPicomatchExpressions(50);

  it('refuses backreferences, and programs past MAX_INSTRUCTIONS', () => {
    assert.throws(() => new LinearRegExp('(a)\\1'), UnsupportedPattern);
    assert.throws(() => new LinearRegExp(`a{${MAX_INSTRUCTIONS}}`), /too large/);
    assert.equal(new LinearRegExp(`^a{${MAX_INSTRUCTIONS / 2}}$`).test('a'.repeat(MAX_INSTRUCTIONS / 2)), true);
  });

  it("a configuration file's folder before its glob (recognition's anchoring) stays within the program limit", () => {
    const folder = 'deep/'.repeat(800);
    assert.equal(matchesGlob([`${folder}**/*.json`], `${folder}x/y.json`), true);
  });
});

describe('hostile globs', () => {
  // V8's backtracking takes about C(n, 12) steps on these: over 10^15 for 4,000 characters.
  const hostile = '*a*a*a*a*a*a*a*a*a*a*a*a*b';

  it("a glob of twelve stars against a 4,000-character name answers (V8's RegExp would not)", () => {
    const name = 'a'.repeat(4000);
    assert.equal(recognitionGlob(hostile).matches!(name), false);
    assert.equal(recognitionGlob(hostile).matches!(`${name}b`), true);
    assert.equal(matchesGlob([hostile], `x/${'a'.repeat(60)}.json`), false);
    assert.equal(shellGlob(`x/${hostile}`).matches!(`x/${name}`), false);
  });

  it('negated extglobs and lookaheads written in a glob, against long names', () => {
    const name = 'a'.repeat(3000);
    assert.equal(recognitionGlob('!(*a*a*a*a*a*a*a*a*a*b)').matches!(name), true);
    assert.equal(
      recognitionGlob('(?!a*a*a*a*a*a*a*a*b)*').matches!(name),
      picomatch('(?!a*a*a*a*a*a*a*a*b)*', { dot: true, basename: true })('a'.repeat(30)),
    );
  });

  it('a glob over the length limit is refused with the limit, never thrown; one just within is used', () => {
    for (const length of [MAX_GLOB_LENGTH + 1, 65_537, 200_000]) {
      const compiled = recognitionGlob('*'.repeat(length));
      assert.equal(compiled.matches, undefined);
      assert.match(compiled.problem!, /at most 1,024 are allowed/);
      // Matching never throws (picomatch's own limit is 65,536): a glob no one could check matches nothing.
      if (length > 65_536) assert.equal(matchesGlob(['x'.repeat(length)], 'x'.repeat(length)), false);
    }
    const within = `${'a/'.repeat((MAX_GLOB_LENGTH - 6) / 2)}*.json`;
    assert.equal(within.length, MAX_GLOB_LENGTH);
    assert.equal(recognitionGlob(within).matches!(`${'a/'.repeat((MAX_GLOB_LENGTH - 6) / 2)}x.json`), true);
  });

  it('nesting past the limit is refused; escaped parentheses do not count', () => {
    const deep = `${'+('.repeat(MAX_GLOB_NESTING + 1)}a${')'.repeat(MAX_GLOB_NESTING + 1)}`;
    assert.match(recognitionGlob(deep).problem!, /more than 16 deep/);
    assert.equal(recognitionGlob(`${'+('.repeat(MAX_GLOB_NESTING)}a${')'.repeat(MAX_GLOB_NESTING)}`).problem, undefined);
    assert.equal(recognitionGlob('\\('.repeat(40)).problem, undefined);
  });

  it('a glob picomatch writes a backreference for is refused', () => {
    assert.match(recognitionGlob('(a)\\1').problem!, /linear time: it uses a backreference/);
  });

  it('usableGlobs keeps the usable ones within the total and says what is wrong with the others', () => {
    const long = 'x'.repeat(MAX_GLOB_LENGTH);
    const globs = [
      'ok/**',
      '*'.repeat(MAX_GLOB_LENGTH + 1),
      ...Array.from({ length: 20 }, (_, index) => `${long.slice(1)}${index % 10}`),
    ];
    const { usable, problems } = usableGlobs(globs);
    assert.equal(usable[0], 'ok/**');
    assert.ok(usable.reduce((sum, glob) => sum + glob.length, 0) <= MAX_GLOBS_TOTAL_LENGTH);
    assert.equal(usable.length, 1 + Math.floor((MAX_GLOBS_TOTAL_LENGTH - 5) / MAX_GLOB_LENGTH));
    assert.equal(problems.length, globs.length - usable.length);
    assert.match(problems[0].problem, /at most 1,024/);
    assert.match(problems[1].problem, /past 16,384 characters in all/);
  });
});
