// Every quick-fix offered for every diagnostic of a YAML fixture, applied on its own (every third
// fixture here, all of them in fixes.thorough.test.ts; support/everyQuickFix.ts): the text still
// parses as YAML, every line the fix did not have to touch (comments included) is there byte for
// byte, the lines it touched are within what its kind may touch, and it resolves what it is for.
// The fixes are the consistency rule's, on its corpus; the declaration-validity rule's fixes are
// tested on that rule's corpus (test/declaration-validity/fixes.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, checkDocument } from '../../server/src/checker';
import { testEveryQuickFixOf } from './support/everyQuickFix';
import { everyThird, yamlFixture, yamlFixtures } from './support/yamlFixtures';
import { elicitationOnly } from '../support/ruleScope';

describe('every quick-fix of every YAML fixture', () => {
  testEveryQuickFixOf(everyThird(yamlFixtures('expected-invalid')));

  test("comments next to edited lines stay, and only the removed member's comments go", () => {
    const { text } = yamlFixture('expected-invalid', 'comments-next-to-fixed-lines.mcpdesc.yaml');
    const result = checkDocument(text, elicitationOnly({ format: 'yaml' }));
    const comments = (source: string): string[] =>
      source
        .split('\n')
        .filter((line) => line.includes('#'))
        .map((line) => line.slice(line.indexOf('#')));
    /** The comments of `before` that `after` no longer has (as many times as they went). */
    const lostComments = (before: string, after: string): string[] => {
      const remaining = comments(after);
      return comments(before).filter((comment) => {
        const index = remaining.indexOf(comment);
        if (index >= 0) remaining.splice(index, 1);
        return index < 0;
      });
    };
    const titles: string[] = [];
    for (const diagnostic of result.diagnostics) {
      const fix = result.fixesFor(diagnostic).find((candidate) => candidate.isPreferred);
      assert.ok(fix, `a preferred fix for ${diagnostic.data.violation}`);
      titles.push(fix.title);
      const lost = lostComments(text, applyEdits(text, fix.edits));
      if (fix.title === 'Remove content') {
        assert.deepEqual(lost, ['# this member goes, with its nested lines', '# the nested comment goes too', '# and this one']);
      } else if (diagnostic.data.violation === 'schema-mismatch') {
        // The request's schema is replaced by the declaration's: the comment inside the old one goes with it.
        assert.deepEqual(lost, ['# the form']);
      } else {
        assert.deepEqual(lost, [], `${fix.title} keeps every comment`);
      }
    }
    assert.deepEqual(titles, [
      "Change to 'confirm'",
      "Declare elicitation 'notify-team' on tool 'prepare_release'",
      'Remove content',
      'Add content',
      "Use the request of declaration 'authorize'",
      "Use the request of declaration 'confirm'",
    ]);
  });
});

describe('quick-fixes on block scalars', () => {
  test('rewriting a block scalar keeps the comment on its header line', () => {
    const { text } = yamlFixture('expected-invalid', 'block-scalars.mcpdesc.yaml');
    const result = checkDocument(text, elicitationOnly({ format: 'yaml' }));
    const urlMismatch = result.diagnostics.find((diagnostic) => diagnostic.data.violation === 'url-mismatch');
    assert.ok(urlMismatch);
    const [fix] = result.fixesFor(urlMismatch);
    const after = applyEdits(text, fix.edits);
    assert.ok(
      after.includes('\n              url: https://mcp.example.com/release/connect # folded, and not the declared url\n'),
      'the folded url is replaced, its header comment kept',
    );
    assert.ok(!after.includes('release/other'));
  });

  test('Change to replaces a literal block scalar name with a one-line name', () => {
    const { text } = yamlFixture('expected-invalid', 'block-scalars.mcpdesc.yaml');
    const result = checkDocument(text, elicitationOnly({ format: 'yaml' }));
    const typo = result.diagnostics.find((diagnostic) => diagnostic.message.includes("'confrim'"));
    assert.ok(typo);
    const change = result.fixesFor(typo).find((fix) => fix.isPreferred);
    assert.equal(change?.title, "Change to 'confirm'");
    const after = applyEdits(text, change.edits);
    assert.ok(after.includes('\n            declaration: confirm\n            request:\n'));
  });
});
