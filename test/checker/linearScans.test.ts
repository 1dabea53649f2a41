// Regular expressions that backtracked on document text, replaced by linear scans held to them:
// a completion's gap between array elements with comments stripped (navigation/scaffolds.ts), a
// block scalar's header comment kept by a YAML edit (yaml/yamlEditor.ts); and the configuration's
// messages, which quote names of any length, quote their start only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument, parseProjectConfig } from '../../server/src/checker';
import { scaffoldsAt } from '../../server/src/checker/navigation';
import { withoutComments } from '../../server/src/checker/navigation/scaffolds';
import { headerComment } from '../../server/src/checker/syntax/yaml/yamlEditor';
import { SeededRandom } from '../support/random';

function randomText(random: SeededRandom, alphabet: string[], maxLength: number): string {
  let text = '';
  const length = random.below(maxLength + 1);
  for (let index = 0; index < length; index++) text += alphabet[random.below(alphabet.length)];
  return text;
}

describe('linear scans answer as the expressions they replace', () => {
  it("withoutComments is gap.replace(/\\/\\/.*|\\/\\*[^]*?\\*\\//g, '') on 20,000 generated gaps", () => {
    const random = new SeededRandom(11);
    const alphabet = ['/', '*', '/*', '*/', '//', ' ', ',', 'x', '\n', '\r', '\u2028'];
    for (let round = 0; round < 20_000; round++) {
      const gap = randomText(random, alphabet, 12);
      assert.equal(withoutComments(gap), gap.replace(/\/\/.*|\/\*[^]*?\*\//g, ''), JSON.stringify(gap));
    }
  });

  it('headerComment is /\\s(#.*)$/.exec(header)?.[1] on 20,000 generated headers', () => {
    const random = new SeededRandom(12);
    const alphabet = ['|', '>', '-', ' ', '\t', '#', ' #', 'x', '\n', '\r', '\u2028', '\u00a0'];
    for (let round = 0; round < 20_000; round++) {
      const header = randomText(random, alphabet, 10);
      assert.equal(headerComment(header), /\s(#.*)$/.exec(header)?.[1], JSON.stringify(header));
    }
  });
});

describe('hostile text the expressions took minutes on', () => {
  // The expressions took about n²/2 steps on these: over 10^11.
  it('a completion after 100,000 unclosed `/*` in a JSON array answers', () => {
    const head = `{ "mcpdesc": "0.8.0", "tools": [ { "name": "t", "inputSchema": {}, "elicitations": [ {"name": "a", "mode": "form", "message": "m", "requestedSchema": {"type": "object"}}${' /* x'.repeat(100_000)}`;
    const text = `${head} ] } ] }`;
    assert.equal(scaffoldsAt(checkDocument(text, { format: 'json' }), head.length), undefined);
    const unclosed = `${'/* '.repeat(300_000)},`;
    assert.ok(withoutComments(unclosed) === unclosed, 'nothing is a comment');
  });

  it('a block scalar header with 300,000 ` #` before a U+2028', () => {
    assert.equal(headerComment(`|${' #'.repeat(300_000)}\u2028x`), undefined);
    assert.equal(headerComment(`>-${' #'.repeat(300_000)}\u2028 # kept`), '# kept');
  });

  it('configuration messages quote the start of a long rule id or member name', () => {
    const id = ` ${' '.repeat(100_000)}x`;
    const { problems } = parseProjectConfig(JSON.stringify({ rules: { [id]: 'warning' }, [id]: 1 }), 'json');
    assert.deepEqual(
      problems.map((problem) => problem.message.length < 300),
      [true, true],
    );
    assert.match(problems[1].message, /^Unknown rule ' {100}…' \(not a rule of this version/);
  });
});
