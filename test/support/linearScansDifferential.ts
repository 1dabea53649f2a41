// The linear scans that replaced backtracking expressions, held to those expressions on seeded
// generated text (test/checker/linearScans.test.ts runs a few hundred rounds, linearScans.thorough.test.ts 20,000).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { withoutComments } from '../../server/src/checker/navigation/scaffolds';
import { headerComment } from '../../server/src/checker/syntax/yaml/yamlEditor';
import { SeededRandom } from './random';

function randomText(random: SeededRandom, alphabet: string[], maxLength: number): string {
  let text = '';
  const length = random.below(maxLength + 1);
  for (let index = 0; index < length; index++) text += alphabet[random.below(alphabet.length)];
  return text;
}

/** Each scan against its expression on the seed's first `rounds` generated texts. */
export function itAnswerAsTheExpressions(rounds: number): void {
  it(`withoutComments is gap.replace(/\\/\\/.*|\\/\\*[^]*?\\*\\//g, '') on ${rounds.toLocaleString('en-US')} generated gaps`, () => {
    const random = new SeededRandom(11);
    const alphabet = ['/', '*', '/*', '*/', '//', ' ', ',', 'x', '\n', '\r', '\u2028'];
    for (let round = 0; round < rounds; round++) {
      const gap = randomText(random, alphabet, 12);
      assert.equal(withoutComments(gap), gap.replace(/\/\/.*|\/\*[^]*?\*\//g, ''), JSON.stringify(gap));
    }
  });

  it(`headerComment is /\\s(#.*)$/.exec(header)?.[1] on ${rounds.toLocaleString('en-US')} generated headers`, () => {
    const random = new SeededRandom(12);
    const alphabet = ['|', '>', '-', ' ', '\t', '#', ' #', 'x', '\n', '\r', '\u2028', '\u00a0'];
    for (let round = 0; round < rounds; round++) {
      const header = randomText(random, alphabet, 10);
      assert.equal(headerComment(header), /\s(#.*)$/.exec(header)?.[1], JSON.stringify(header));
    }
  });
}
