// Regular expressions that backtracked on document text, replaced by linear scans held to them:
// a completion's gap between array elements with comments stripped (navigation/scaffolds.ts), a
// block scalar's header comment kept by a YAML edit (yaml/yamlEditor.ts); and the configuration's
// messages, which quote names of any length, quote their start only. The differentials run 500 rounds
// here (test/support/linearScansDifferential.ts), 20,000 in linearScans.thorough.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument, parseProjectConfig } from '../../server/src/checker';
import { scaffoldsAt } from '../../server/src/checker/navigation';
import { withoutComments } from '../../server/src/checker/navigation/scaffolds';
import { headerComment } from '../../server/src/checker/syntax/yaml/yamlEditor';
import { itAnswerAsTheExpressions } from '../support/linearScansDifferential';

describe('linear scans answer as the expressions they replace', () => {
  itAnswerAsTheExpressions(500);
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
