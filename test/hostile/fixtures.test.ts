// Every document in test-fixtures/hostile/ against what it must produce (its .expect.json): read
// as an editor or the server would get it (bytes decoded as UTF-8, invalid sequences becoming
// U+FFFD), checked under the defaults (every rule) with no exception, every range inside the document, every fix well-formed.
// Checked as the CLI and the server check a file of that name: a `.json` one as plain JSON, where
// comments and trailing commas are syntax errors (CheckOptions.commentsAllowed).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, commentsAllowedIn, formatOfPath } from '../../server/src/checker';
import { repoPath } from '../support/repo';
import { expectationProblems, hostileFixtures, summarize } from './support/expectations';
import { fixProblems } from './support/fixChecks';
import { rangesOutside } from './support/positions';

const fixtures = hostileFixtures(repoPath('test-fixtures', 'hostile'));

describe('hostile fixtures (pure checker)', () => {
  it('has the cases issue 8 lists', () => {
    const names = fixtures.map((fixture) => fixture.name);
    for (const required of [
      'catastrophic-pattern.mcpdesc.json',
      'backreference-pattern.mcpdesc.json',
      'remote-references.mcpdesc.json',
      'duplicate-keys.mcpdesc.json',
      'bom.mcpdesc.json',
      'crlf-line-endings.mcpdesc.json',
      'lone-cr-line-endings.mcpdesc.json',
      'invalid-utf8.mcpdesc.json',
      'binary.mcpdesc.json',
      'empty.mcpdesc.json',
      'only-line-comment.mcpdesc.json',
      'huge-numbers.mcpdesc.json',
    ]) {
      assert.ok(names.includes(required), `${required} is missing from test-fixtures/hostile`);
    }
  });

  for (const fixture of fixtures) {
    it(fixture.name, () => {
      const text = fixture.bytes.toString('utf8');
      const options = { format: formatOfPath(fixture.name), commentsAllowed: commentsAllowedIn(fixture.name) };
      const result = checkDocument(text, options);
      assert.deepEqual(rangesOutside(text, result.diagnostics), [], 'every range lies inside the document');
      assert.deepEqual(
        expectationProblems(text, fixture.expectation, summarize(result.diagnostics)),
        [],
        fixture.expectation.about,
      );
      assert.deepEqual(fixProblems(result, options), []);
      // The same text again gives the same diagnostics (schema caches and budgets carry no state across checks).
      assert.deepEqual(checkDocument(text, options).diagnostics, result.diagnostics);
    });
  }
});
