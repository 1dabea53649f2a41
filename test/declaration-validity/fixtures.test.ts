// Rule mcpdesc.elicitation.declaration-validity on its fixture corpus (JSON documents and their
// YAML twins): exactly the expected diagnostics of both rules where they meet, nothing on the valid
// documents, severities as configured; with no options the rule is on (error).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as YAML from 'yaml';
import { checkDocument, DECLARATION_VIOLATION_KINDS, type Diagnostic } from '../../server/src/checker';
import { DECLARATION_RULE_ID, DIAGNOSTIC_SOURCE, ELICITATION_RULE_ID, ruleDocsUri } from '../../shared/src/rules';
import { positionAt } from '../support/expectedDiagnostics';
import {
  ANCHORS,
  OWNED_WITH_CONSISTENCY_OFF,
  compareFindings,
  expectedFor,
  fixtures,
  type ExpectedFinding,
} from './support/anchors';
import { elicitationOnly } from '../support/ruleScope';

function shapeOf(diagnostics: Diagnostic[]): ExpectedFinding[] {
  return diagnostics.map((d) => ({ code: d.code, violation: d.data.violation, range: d.range })).sort(compareFindings);
}

describe('declaration-validity fixtures', () => {
  const invalid = fixtures('expected-invalid');
  const valid = fixtures('expected-valid');

  for (const fixture of invalid) {
    test(`expected-invalid/${fixture.stem} (${fixture.format}) gives exactly its expected diagnostics`, () => {
      const anchors = ANCHORS[fixture.stem];
      assert.ok(anchors, `anchors for ${fixture.stem}`);
      const diagnostics = checkDocument(fixture.text, elicitationOnly({ format: fixture.format })).diagnostics;
      assert.deepEqual(shapeOf(diagnostics), expectedFor(fixture, anchors));
      for (const diagnostic of diagnostics.filter((d) => d.code === DECLARATION_RULE_ID)) {
        assert.equal(diagnostic.source, DIAGNOSTIC_SOURCE);
        assert.equal(diagnostic.severity, 1);
        assert.equal(diagnostic.codeDescription.href, ruleDocsUri(DECLARATION_RULE_ID));
        assert.ok((DECLARATION_VIOLATION_KINDS as readonly string[]).includes(diagnostic.data.violation));
        assert.deepEqual(
          {
            start: positionAt(fixture.text, diagnostic.data.offset),
            end: positionAt(fixture.text, diagnostic.data.offset + diagnostic.data.length),
          },
          diagnostic.range,
        );
        assert.match(diagnostic.message, /^[A-Z].*\.$/s, 'a sentence');
      }
    });
  }

  for (const fixture of valid) {
    test(`expected-valid/${fixture.stem} (${fixture.format}) gives no diagnostic of either rule`, () => {
      assert.deepEqual(checkDocument(fixture.text, elicitationOnly({ format: fixture.format })).diagnostics, []);
    });
  }

  test('every YAML twin means exactly what its JSON document means, and every document has a twin', () => {
    for (const folder of [invalid, valid]) {
      const json = folder.filter((fixture) => fixture.format === 'json');
      const yaml = folder.filter((fixture) => fixture.format === 'yaml');
      assert.deepEqual(
        yaml.map((fixture) => fixture.stem),
        json.map((fixture) => fixture.stem),
      );
      for (const twin of yaml) {
        assert.deepEqual(YAML.parse(twin.text), JSON.parse(json.find((fixture) => fixture.stem === twin.stem)!.text), twin.stem);
      }
    }
  });

  test('every violation kind of the rule is expected by some fixture', () => {
    const seen = new Set([...Object.values(ANCHORS).flat(), ...OWNED_WITH_CONSISTENCY_OFF].map(([, violation]) => violation));
    for (const kind of DECLARATION_VIOLATION_KINDS) assert.ok(seen.has(kind), `some fixture expects ${kind}`);
  });

  test('with the consistency rule off, this rule reports what the consistency rule owned', () => {
    for (const fixture of invalid.filter((candidate) => candidate.stem === 'owned-by-consistency')) {
      const diagnostics = checkDocument(
        fixture.text,
        elicitationOnly({
          format: fixture.format,
          rules: { [ELICITATION_RULE_ID]: 'off' },
        }),
      ).diagnostics;
      assert.deepEqual(shapeOf(diagnostics), expectedFor(fixture, OWNED_WITH_CONSISTENCY_OFF), fixture.format);
    }
  });

  test('the severity is configurable per rule id, and off silences only this rule', () => {
    const fixture = invalid.find((candidate) => candidate.stem === 'owned-by-consistency' && candidate.format === 'json')!;
    const warned = checkDocument(fixture.text, elicitationOnly({ rules: { [DECLARATION_RULE_ID]: 'warning' } })).diagnostics;
    assert.deepEqual(
      warned.map((d) => [d.code, d.severity]),
      [
        [ELICITATION_RULE_ID, 1],
        [ELICITATION_RULE_ID, 1],
        [DECLARATION_RULE_ID, 2],
        [ELICITATION_RULE_ID, 1],
        [ELICITATION_RULE_ID, 1],
      ],
    );
    const off = checkDocument(fixture.text, elicitationOnly({ rules: { [DECLARATION_RULE_ID]: 'off' } })).diagnostics;
    assert.deepEqual(
      off.map((d) => d.code),
      [ELICITATION_RULE_ID, ELICITATION_RULE_ID, ELICITATION_RULE_ID, ELICITATION_RULE_ID],
    );
  });

  test('messages name what is wrong and what is allowed', () => {
    const text = invalid.find((candidate) => candidate.stem === 'form-semantics' && candidate.format === 'json')!.text;
    assert.deepEqual(
      checkDocument(text, elicitationOnly()).diagnostics.map((d) => d.message),
      [
        "Property 'channel' of the requestedSchema of declaration 'pick_channel' of prompt 'draft_notes' has 1 enumName for 2 enum values; it needs exactly one display name per value.",
        "Property 'channel' of the requestedSchema of declaration 'pick_channel' of prompt 'draft_notes' has default 'canary', which is not one of its choices ('beta', 'ga').",
        "The requestedSchema of declaration 'pick_channel' of prompt 'draft_notes' requires 'audience', but has no property of that name (it has 'channel').",
        "Elicitation declaration elicitations[1] of prompt 'draft_notes' repeats the name 'pick_channel' of elicitations[0]; names must be unique within the prompt.",
      ],
    );
  });
});
