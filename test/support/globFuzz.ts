// Generated globs and paths for the glob matcher's differentials (test/checker/globMatcher.test.ts runs
// the first rounds of each, globMatcher.thorough.test.ts all of them): our linear matcher against
// picomatch, and the linear engine against V8's RegExp on picomatch's expressions, on globs and paths
// short enough for the backtracking engines to answer quickly.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import picomatch from 'picomatch';
import { recognitionGlob, shellGlob } from '../../server/src/checker/recognition/globMatcher';
import { LinearRegExp } from '../../server/src/checker/recognition/linearRegExp';
import { SeededRandom } from './random';

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

const MODES = [
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

/** Each glob mode against picomatch: `rounds` seeded globs (the seed's first ones), 40 paths each. */
export function itMatchesAsPicomatch(rounds: number): void {
  for (const mode of MODES) {
    it(`${mode.name}: the same answer on ${rounds.toLocaleString('en-US')} generated globs × 40 paths`, () => {
      const random = new SeededRandom(29);
      let matched = 0;
      let compared = 0;
      for (let round = 0; round < rounds; round++) {
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
}

/** picomatch's expressions for `rounds` seeded globs, its lookaheads answered by code and as written, against V8. */
export function itAgreesWithV8OnPicomatchExpressions(rounds: number): void {
  it(`picomatch's expressions: its lookaheads answered by code and as written agree with V8 on ${rounds.toLocaleString('en-US')} generated globs`, () => {
    const random = new SeededRandom(7);
    for (let round = 0; round < rounds; round++) {
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
}
