// Every quick-fix offered for every diagnostic of a YAML fixture, applied on its own: the text still
// parses as YAML, every line the fix did not have to touch (comments included) is there byte for byte,
// the lines it touched are within what its kind may touch, and it resolves what it is for. Written
// once, as a function of the fixtures: ../fixes.test.ts runs every third fixture, ../fixes.thorough.test.ts
// all of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { applyEdits, checkDocument, type Diagnostic, type Fix } from '../../../server/src/checker';
import { DECLARATION_RULE_ID } from '../../../shared/src/rules';
import { apartFromDeclarationValidity, DECLARE_MAY_ADD } from '../../support/ruleScope';
import { linesAFixMayTouch } from './fixRegions';
import { brokenUntouchedLines, touchedLines } from './lineLocality';
import { jsonTwinPath, type YamlFixture } from './yamlFixtures';
import { elicitationOnly } from '../../support/ruleScope';

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

/** A test per fixture: each of its quick-fixes applied on its own. */
export function testEveryQuickFixOf(fixtures: readonly YamlFixture[]): void {
  for (const fixture of fixtures) {
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
}
