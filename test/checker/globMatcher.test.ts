// Globs keep picomatch's meaning while matching in linear time (server/src/checker/recognition/globMatcher.ts,
// linearRegExp.ts): both are held to picomatch and to V8's RegExp on generated globs and paths
// short enough for the backtracking engines to answer quickly; hostile globs that V8's engine
// would run for years here finish, and globs past the limits are refused with a reason.
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
import { SeededRandom } from '../support/random';

/** Pieces of globs: picomatch's syntax (stars, globstars, classes, braces, extglobs, regex groups) and plain characters. */
const GLOB_ATOMS = [
  '*',
  '**',
  '?',
  'a',
  'b',
  '.',
  '/',
  '[ab]',
  '[!a]',
  '[^b]',
  '[a-c]',
  '{a,b}',
  '{a,}',
  '{a,b/c}',
  '{1..3}',
  '+(a|b)',
  '!(a)',
  '!(*a)',
  '@(a|.)',
  '*(b)',
  '?(a)',
  '\\*',
  '(a|b)',
  '(?!a)',
  '[[:alpha:]]',
  '.json',
  'x',
  '**/',
  './',
  '$',
  '^',
  '|',
  '-',
  '+',
  '!',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '\\',
  '.a',
];
const PATH_CHARACTERS = ['a', 'b', 'c', '.', '/', 'x', '1', '\n', '-', '*'];

function randomGlob(random: SeededRandom): string {
  let glob = '';
  const atoms = 1 + random.below(6);
  for (let index = 0; index < atoms; index++) glob += GLOB_ATOMS[random.below(GLOB_ATOMS.length)];
  return glob;
}

function randomPath(random: SeededRandom): string {
  let path = '';
  const length = random.below(9);
  for (let index = 0; index < length; index++) path += PATH_CHARACTERS[random.below(PATH_CHARACTERS.length)];
  return path;
}

/** A path the glob may well match: each glob character replaced by one it could stand for. */
function pathLike(glob: string, random: SeededRandom): string {
  let path = '';
  for (const char of glob) {
    if (char === '*') path += ['', 'a', 'ab', 'x/a', '.a'][random.below(5)];
    else if (char === '?') path += ['a', '.', 'b'][random.below(3)];
    else if ('[]{}()!+@|^\\'.includes(char)) path += random.below(2) === 0 ? '' : 'a';
    else path += char;
  }
  return path;
}

describe('globs match as picomatch matches them', () => {
  const modes = [
    {
      name: 'recognition (dot, basename without a slash)',
      ours: (glob: string) => recognitionGlob(glob).matches,
      theirs: (glob: string) => picomatch(glob, { dot: true, basename: !glob.includes('/') }),
    },
    {
      name: 'command line (no options)',
      ours: (glob: string) => shellGlob(glob).matches,
      theirs: (glob: string) => picomatch(glob),
    },
  ];
  for (const mode of modes) {
    it(`${mode.name}: the same answer on 3,000 generated globs × 40 paths`, () => {
      const random = new SeededRandom(29);
      let matched = 0;
      let compared = 0;
      for (let round = 0; round < 3000; round++) {
        const glob = randomGlob(random);
        const theirs = mode.theirs(glob);
        const ours = mode.ours(glob);
        assert.ok(ours, `${JSON.stringify(glob)} can be used`);
        const paths = [
          glob,
          ...Array.from({ length: 20 }, () => randomPath(random)),
          ...Array.from({ length: 19 }, () => pathLike(glob, random)),
        ];
        for (const path of paths) {
          const expected = theirs(path);
          assert.equal(ours(path), expected, `${JSON.stringify(glob)} on ${JSON.stringify(path)}`);
          compared++;
          if (expected) matched++;
        }
      }
      // Both answers are well represented, so the comparison says something.
      assert.ok(matched > compared / 10 && matched < compared / 2, `${matched} of ${compared} matched`);
    });
  }

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

  it("picomatch's expressions: its lookaheads answered by code and as written agree with V8", () => {
    const random = new SeededRandom(7);
    for (let round = 0; round < 1500; round++) {
      const glob = randomGlob(random);
      for (const options of [{ dot: true }, {}]) {
        const source = picomatch.makeRe(glob, options).source;
        const native = new RegExp(source);
        const known = new LinearRegExp(source);
        const written = new LinearRegExp(source, { knownLookaheads: false });
        for (let index = 0; index < 12; index++) {
          const input = index % 2 === 0 ? randomPath(random) : pathLike(glob, random);
          const expected = native.test(input);
          assert.equal(known.test(input), expected, `${source} on ${JSON.stringify(input)}`);
          assert.equal(written.test(input), expected, `${source} (as written) on ${JSON.stringify(input)}`);
        }
      }
    }
  });

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
