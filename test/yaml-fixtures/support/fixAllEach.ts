// fixAll on a YAML fixture: the returned edits give the returned text, a document that still parses,
// whose remaining diagnostics have no preferred fix, CRLF kept, and (for twins) that means what the
// fixed JSON twin means. Written once, as a function of the fixtures: ../fixAll.test.ts runs every third
// fixture, ../fixAll.thorough.test.ts all of them.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { applyEdits, checkDocument, fixAll } from '../../../server/src/checker';
import { elicitationOnly } from '../../support/ruleScope';
import { jsonTwinPath, type YamlFixture } from './yamlFixtures';

function yamlErrorCodes(text: string): string[] {
  const documents = parseAllDocuments(text, { merge: true, uniqueKeys: false });
  return (Array.isArray(documents) ? documents : []).flatMap((document) => document.errors.map((error) => error.code)).sort();
}

/** A test per fixture: fixAll on it. */
export function testFixAllOf(fixtures: readonly YamlFixture[]): void {
  for (const fixture of fixtures) {
    test(fixture.file, () => {
      const before = checkDocument(fixture.text, elicitationOnly({ format: 'yaml' }));
      const hadPreferred = before.diagnostics.some((diagnostic) => before.fixesFor(diagnostic).some((fix) => fix.isPreferred));
      const fixed = fixAll(fixture.text, elicitationOnly({ format: 'yaml' }));
      assert.equal(applyEdits(fixture.text, fixed.edits), fixed.text, 'the returned edits give the returned text');
      assert.equal(fixed.applied > 0, hadPreferred, 'fixes were applied when some were preferred');
      assert.deepEqual(yamlErrorCodes(fixed.text), yamlErrorCodes(fixture.text), 'still parses as YAML');
      const after = checkDocument(fixed.text, elicitationOnly({ format: 'yaml' }));
      for (const diagnostic of after.diagnostics) {
        assert.deepEqual(
          after
            .fixesFor(diagnostic)
            .filter((fix) => fix.isPreferred)
            .map((fix) => fix.title),
          [],
          `${diagnostic.data.violation} left at line ${diagnostic.range.start.line + 1} has no preferred fix`,
        );
      }
      if (fixture.text.includes('\r\n')) assert.doesNotMatch(fixed.text, /[^\r]\n/, 'CRLF stays CRLF');

      const json = jsonTwinPath(fixture);
      if (json) {
        const jsonFixed = fixAll(fs.readFileSync(json, 'utf8'), elicitationOnly());
        assert.equal(fixed.applied, jsonFixed.applied, 'as many fixes as for the JSON twin');
        assert.deepEqual(parseYaml(fixed.text), JSON.parse(jsonFixed.text), 'the same document as the fixed JSON twin');
      }
    });
  }
}
