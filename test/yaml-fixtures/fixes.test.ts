// Every quick-fix offered for every diagnostic of every YAML fixture, applied on its own: the text
// still parses as YAML, every line the fix did not have to touch (comments included) is there byte for
// byte, the lines it touched are within what its kind may touch, and it resolves what it is for.
// The fixes are the consistency rule's, on its corpus; the declaration-validity rule's fixes are
// tested on that rule's corpus (test/declaration-validity/fixes.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { applyEdits, checkDocument, type Diagnostic, type Fix } from '../../server/src/checker';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { apartFromDeclarationValidity, DECLARE_MAY_ADD } from '../support/ruleScope';
import { linesAFixMayTouch } from './support/fixRegions';
import { brokenUntouchedLines, touchedLines } from './support/lineLocality';
import { jsonTwinPath, yamlFixture, yamlFixtures, type YamlFixture } from './support/yamlFixtures';
import { elicitationOnly } from '../support/ruleScope';

const FIXABLE = new Set([
  'unknown-declaration',
  'unexpected-content',
  'missing-content',
  'mode-mismatch',
  'schema-mismatch',
  'url-mismatch',
]);

/**
 * Fixable kinds that no fix can repair at these places (fixture → 1-based lines of the diagnostics):
 * nothing may be declared where `elicitations` is not a sequence (the author's text would be thrown
 * away), for a request whose mode is neither form nor url, or for a url request without a url (kind 4
 * fires on it whatever the declaration says); and no same-mode declaration is there to change to.
 */
const NO_FIX_POSSIBLE: Record<string, number[]> = {
  'old-map-shape-elicitations.mcpdesc.yaml': [17],
  'request-mode-unrecognized.mcpdesc.yml': [36],
  'url-mismatch.mcpdesc.yml': [76, 89],
  'wrong-types-tools.mcpdesc.yaml': [48, 63],
};

function yamlErrorCodes(text: string): string[] {
  const documents = parseAllDocuments(text, { merge: true, uniqueKeys: false });
  return (Array.isArray(documents) ? documents : []).flatMap((document) => document.errors.map((error) => error.code)).sort();
}

function countsByKind(diagnostics: Diagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const diagnostic of diagnostics) counts.set(diagnostic.data.violation, (counts.get(diagnostic.data.violation) ?? 0) + 1);
  return counts;
}

/** For a twin of a JSON fixture: per diagnostic of the JSON fixture, its message and fixes (title, preferred). */
function jsonTwinFixes(fixture: YamlFixture): Array<{ message: string; fixes: string[] }> | undefined {
  const file = jsonTwinPath(fixture);
  if (!file) return undefined;
  const result = checkDocument(fs.readFileSync(file, 'utf8'), elicitationOnly());
  return result.diagnostics.map((diagnostic) => ({
    message: diagnostic.message,
    fixes: result.fixesFor(diagnostic).map(fixSummary),
  }));
}

function fixSummary(fix: Fix): string {
  return `${fix.isPreferred ? '(preferred) ' : ''}${fix.title}`;
}

function describeFix(diagnostic: Diagnostic, fix: Fix): string {
  return `${fix.title} (for ${diagnostic.data.violation} at ${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1})`;
}

describe('every quick-fix of every YAML fixture', () => {
  for (const fixture of yamlFixtures('expected-invalid')) {
    test(fixture.file, () => {
      const { text } = fixture;
      const result = checkDocument(text, elicitationOnly({ format: 'yaml' }));
      const before = countsByKind(result.diagnostics);
      const errorsBefore = yamlErrorCodes(text);
      const twin = jsonTwinFixes(fixture);
      if (twin) {
        // A twin offers what its JSON fixture offers, diagnostic by diagnostic.
        assert.deepEqual(
          result.diagnostics.map((diagnostic) => ({
            message: diagnostic.message,
            fixes: result.fixesFor(diagnostic).map(fixSummary),
          })),
          twin,
          "the JSON twin's diagnostics and fixes",
        );
      }
      let applied = 0;
      for (const diagnostic of apartFromDeclarationValidity(result.diagnostics)) {
        const fixes = result.fixesFor(diagnostic);
        const preferred = fixes.filter((fix) => fix.isPreferred).length;
        if (!FIXABLE.has(diagnostic.data.violation)) assert.equal(fixes.length, 0, `${diagnostic.data.violation} has no fix`);
        assert.ok(preferred <= 1, 'at most one preferred fix');
        // Outside twins (checked against JSON above), only a diagnostic anchored at an alias (whose
        // text is elsewhere), or one no fix can repair, may have no preferred fix.
        const line = diagnostic.range.start.line + 1;
        if ((NO_FIX_POSSIBLE[fixture.name] ?? []).includes(line)) {
          assert.equal(fixes.length, 0, `no fix can repair ${diagnostic.data.violation} at line ${line}`);
        } else if (!twin && FIXABLE.has(diagnostic.data.violation) && !text.startsWith('*', diagnostic.data.offset)) {
          assert.equal(preferred, 1, `exactly one preferred fix for ${diagnostic.data.violation} at line ${line}`);
        }

        for (const fix of fixes) {
          const what = describeFix(diagnostic, fix);
          assert.ok(fix.edits.length > 0, `${what}: has edits`);
          const after = applyEdits(text, fix.edits);
          assert.notEqual(after, text, `${what}: changes the text`);
          assert.deepEqual(yamlErrorCodes(after), errorsBefore, `${what}: still parses as YAML`);
          assert.deepEqual(brokenUntouchedLines(text, after, fix.edits), [], `${what}: untouched lines intact`);
          const allowed = linesAFixMayTouch(text, diagnostic, fix.title);
          assert.ok(allowed, `${what}: a fix of a known kind`);
          const stray = touchedLines(text, fix.edits).filter((line) => !allowed.includes(line));
          assert.deepEqual(
            stray.map((line) => `line ${line + 1}: ${text.split(/\r?\n/)[line]}`),
            [],
            `${what}: touches only what it must`,
          );
          if (text.includes('\r\n')) assert.doesNotMatch(after, /[^\r]\n/, `${what}: keeps CRLF line endings`);

          const afterDiagnostics = checkDocument(after, elicitationOnly({ format: 'yaml' })).diagnostics;
          const afterCounts = countsByKind(afterDiagnostics);
          const kind = diagnostic.data.violation;
          assert.ok((afterCounts.get(kind) ?? 0) < (before.get(kind) ?? 0), `${what}: resolves a ${kind}`);
          // "Applying it removes that diagnostic and adds none": checked where no other step uses the
          // name (a declaration built from one step's request can mismatch another step's request).
          const sameName = result.diagnostics.filter((other) => other.message === diagnostic.message).length;
          if (fix.title.startsWith('Declare elicitation ') && sameName === 1) {
            const declarationKinds = new Set<string>(
              afterDiagnostics.filter((d) => d.code === DECLARATION_RULE_ID).map((d) => d.data.violation),
            );
            for (const [other, count] of afterCounts) {
              if (declarationKinds.has(other) && DECLARE_MAY_ADD.has(other)) continue;
              assert.ok(count <= (before.get(other) ?? 0), `${what}: adds no ${other}`);
            }
          }
          applied++;
        }
      }
      assert.ok(
        applied > 0 || !result.diagnostics.some((diagnostic) => FIXABLE.has(diagnostic.data.violation)),
        'some fix was tried',
      );
    });
  }

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
