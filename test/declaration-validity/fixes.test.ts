// The declaration-validity quick-fixes, in JSON and YAML: which diagnostics offer which fix, each
// fix applied and the document re-checked (its diagnostic gone, none added), the values it writes,
// and fix-all, with the rule at its default (on, error).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as YAML from 'yaml';
import { applyEdits, checkDocument, fixAll, type CheckOptions, type Diagnostic } from '../../server/src/checker';
import { ELICITATION_RULE_ID } from '../../shared/src/rules';
import { fixtures, type Fixture } from './support/anchors';

const invalid = fixtures('expected-invalid');
const CONSISTENCY_OFF: CheckOptions = { rules: { [ELICITATION_RULE_ID]: 'off' } };

function optionsFor(fixture: Fixture, extra: CheckOptions = {}): CheckOptions {
  return { ...extra, format: fixture.format };
}

/** What a diagnostic is, without where it is (an edit moves everything after it). */
function identity(diagnostic: Diagnostic): string {
  return `${diagnostic.code} ${diagnostic.data.violation} ${diagnostic.message}`;
}

// The fixed documents are read back by path (`x.tools[0].elicitations[1]`): a test's own reading, not an API.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function valueOf(fixture: Fixture, text: string): any {
  return fixture.format === 'json' ? JSON.parse(text) : YAML.parse(text);
}

/** Per fixture: "violation: fix title" of every fix offered, in diagnostic order. */
const OFFERED: Record<string, string[]> = {
  'form-semantics': ['unknown-required: Drop "audience" from required'],
  'branch-mixing': [
    'form-with-url: Remove the url (a form declaration has none)',
    'url-with-requested-schema: Remove the requestedSchema (a url declaration has none)',
  ],
  'declaration-members': ['missing-message: Add a message', 'missing-message: Add a message'],
  'owned-by-consistency': [
    // The consistency rule's diagnostic for the missing mode offers this rule's fix.
    'invalid-declaration: Add "mode": "form" (as its steps request)',
    'form-with-url: Remove the url (a form declaration has none)',
  ],
};

const OFFERED_WITH_CONSISTENCY_OFF = [
  'invalid-mode: Add "mode": "form" (as its steps request)',
  'form-with-url: Remove the url (a form declaration has none)',
  'unknown-required: Drop "missing" from required',
];

function offered(fixture: Fixture, options: CheckOptions): string[] {
  const result = checkDocument(fixture.text, options);
  return result.diagnostics.flatMap((diagnostic) => {
    const fixes = result.fixesFor(diagnostic);
    if (fixes.length)
      assert.equal(fixes.filter((fix) => fix.isPreferred).length, 1, `one preferred fix for ${diagnostic.message}`);
    return fixes.map((fix) => `${diagnostic.data.violation}: ${fix.title}`);
  });
}

/** Applies every fix of every diagnostic on its own; the re-check must lose that diagnostic and gain none. */
function applyEachFix(fixture: Fixture, options: CheckOptions): number {
  const result = checkDocument(fixture.text, options);
  let applied = 0;
  for (const diagnostic of result.diagnostics) {
    for (const fix of result.fixesFor(diagnostic)) {
      const fixed = applyEdits(fixture.text, fix.edits);
      valueOf(fixture, fixed); // still a well-formed document of its syntax
      const before = result.diagnostics.map(identity);
      before.splice(before.indexOf(identity(diagnostic)), 1);
      assert.deepEqual(
        checkDocument(fixed, options).diagnostics.map(identity).sort(),
        before.sort(),
        `${fixture.stem} (${fixture.format}): ${fix.title}`,
      );
      applied++;
    }
  }
  return applied;
}

describe('declaration-validity quick-fixes', () => {
  for (const fixture of invalid) {
    test(`${fixture.stem} (${fixture.format}): the fixes offered, each applied and re-checked`, () => {
      assert.deepEqual(offered(fixture, optionsFor(fixture)), OFFERED[fixture.stem] ?? []);
      assert.equal(applyEachFix(fixture, optionsFor(fixture)), (OFFERED[fixture.stem] ?? []).length);
    });
  }

  for (const fixture of invalid.filter((candidate) => candidate.stem === 'owned-by-consistency')) {
    test(`owned-by-consistency (${fixture.format}) with the consistency rule off: this rule's own fixes`, () => {
      const options = optionsFor(fixture, CONSISTENCY_OFF);
      assert.deepEqual(offered(fixture, options), OFFERED_WITH_CONSISTENCY_OFF);
      assert.equal(applyEachFix(fixture, options), OFFERED_WITH_CONSISTENCY_OFF.length);
    });
  }

  for (const format of ['json', 'yaml'] as const) {
    const find = (stem: string) => invalid.find((fixture) => fixture.stem === stem && fixture.format === format)!;
    const fixWith = (fixture: Fixture, title: string, options: CheckOptions = {}, nth = 0) => {
      const result = checkDocument(fixture.text, optionsFor(fixture, options));
      const fixes = result.diagnostics.flatMap((diagnostic) => result.fixesFor(diagnostic)).filter((fix) => fix.title === title);
      assert.ok(fixes[nth], `a fix '${title}'`);
      return valueOf(fixture, applyEdits(fixture.text, fixes[nth].edits));
    };

    test(`${format}: the fixes write exactly what they say`, () => {
      const mixing = fixWith(find('branch-mixing'), 'Remove the url (a form declaration has none)');
      assert.deepEqual(Object.keys(mixing.resources[0].elicitations[0]), ['name', 'mode', 'message', 'requestedSchema']);
      const portal = fixWith(find('branch-mixing'), 'Remove the requestedSchema (a url declaration has none)');
      assert.deepEqual(portal.resources[0].elicitations[1], {
        name: 'open_portal',
        mode: 'url',
        message: 'Open the ledger portal.',
        url: 'https://ledger.example.net/portal',
      });

      const required = fixWith(find('form-semantics'), 'Drop "audience" from required');
      assert.equal('required' in required.prompts[0].elicitations[0].requestedSchema, false);
      const partly = fixWith(find('owned-by-consistency'), 'Drop "missing" from required', CONSISTENCY_OFF);
      assert.equal('required' in partly.tools[0].elicitations[3].requestedSchema, false);

      const mode = fixWith(find('owned-by-consistency'), 'Add "mode": "form" (as its steps request)');
      assert.deepEqual(Object.keys(mode.tools[0].elicitations[0]), ['name', 'mode', 'message', 'requestedSchema']);
      assert.equal(mode.tools[0].elicitations[0].mode, 'form');

      const added = fixWith(find('declaration-members'), 'Add a message', {}, 0);
      assert.deepEqual(added.prompts[0].elicitations[6], { name: 'silent', mode: 'url', message: "Elicitation 'silent'." });
      const replaced = fixWith(find('declaration-members'), 'Add a message', {}, 1);
      assert.deepEqual(replaced.prompts[0].elicitations[7], { name: 'blank', mode: 'url', message: "Elicitation 'blank'." });
    });

    test(`${format}: fix-all applies every preferred fix and the re-check has none of their diagnostics left`, () => {
      for (const stem of Object.keys(OFFERED)) {
        const fixture = find(stem);
        const before = checkDocument(fixture.text, optionsFor(fixture)).diagnostics.map(identity);
        const result = fixAll(fixture.text, optionsFor(fixture));
        assert.equal(result.applied, OFFERED[stem].length, stem);
        const after = checkDocument(result.text, optionsFor(fixture)).diagnostics.map(identity);
        const fixedAway = before.filter((entry) => !after.includes(entry));
        assert.equal(fixedAway.length, OFFERED[stem].length, `${stem}: ${fixedAway.join(' | ')}`);
        assert.deepEqual(
          after.filter((entry) => !before.includes(entry)),
          [],
          `${stem}: nothing new`,
        );
      }
    });
  }

  test('"Add mode" is not offered when the steps disagree, there are none, or the members contradict the mode', () => {
    const documentWith = (declaration: object, requestModes: Array<'form' | 'url'>) =>
      JSON.stringify(
        {
          mcpdesc: '0.8.0',
          info: { name: 'x', version: '1' },
          protocolVersions: ['2025-11-25'],
          transports: [{ type: 'stdio', command: 'x' }],
          tools: [
            {
              name: 't',
              inputSchema: { type: 'object' },
              elicitations: [declaration],
              interactionExamples: Object.fromEntries(
                requestModes.map((mode, index) => [
                  `e${index}`,
                  {
                    steps: [
                      {
                        type: 'elicitation',
                        declaration: 'd',
                        request:
                          mode === 'url'
                            ? { mode, message: 'm', url: 'https://x.example/' }
                            : { mode, message: 'm', requestedSchema: { type: 'object', properties: {} } },
                        response: { action: 'decline' },
                      },
                    ],
                  },
                ]),
              ),
            },
          ],
        },
        null,
        2,
      );
    const titles = (text: string) => {
      const result = checkDocument(text);
      return result.diagnostics.flatMap((diagnostic) => result.fixesFor(diagnostic).map((fix) => fix.title));
    };
    const form = { name: 'd', message: 'm', requestedSchema: { type: 'object', properties: {} } };
    assert.deepEqual(titles(documentWith(form, ['form', 'form'])), ['Add "mode": "form" (as its steps request)']);
    assert.deepEqual(titles(documentWith(form, ['form', 'url'])), []);
    assert.deepEqual(titles(documentWith(form, [])), []);
    assert.deepEqual(titles(documentWith(form, ['url'])), []);
    assert.deepEqual(titles(documentWith({ name: 'd', message: 'm' }, ['url'])), ['Add "mode": "url" (as its steps request)']);
  });
});

describe('"Drop from required" keeps the other entries', () => {
  const json = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "x", "version": "1" },
  "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "x" }],
  "prompts": [
    {
      "name": "p",
      "elicitations": [
        {
          "name": "d",
          "mode": "form",
          "message": "m",
          "requestedSchema": {
            "type": "object",
            "properties": { "a": { "type": "string" }, "b": { "type": "string" } },
            "required": [
              "a",
              "ghost", // not a property
              "b"
            ]
          }
        }
      ]
    }
  ]
}
`;
  const yaml = `mcpdesc: 0.8.0
info: { name: x, version: "1" }
protocolVersions: [2025-11-25]
transports: [{ type: stdio, command: x }]
prompts:
  - name: p
    elicitations:
      - name: d
        mode: form
        message: m
        requestedSchema:
          type: object
          properties:
            a: { type: string }
            b: { type: string }
          required:
            - a
            - ghost # not a property
            - b
`;
  for (const [format, text, parse] of [
    ['json', json, (t: string) => JSON.parse(t.replace('// not a property', ''))],
    ['yaml', yaml, (t: string) => YAML.parse(t)],
  ] as const) {
    test(format, () => {
      const result = checkDocument(text, { format });
      assert.deepEqual(
        result.diagnostics.map((d) => d.data.violation),
        ['unknown-required'],
      );
      const [fix] = result.fixesFor(result.diagnostics[0]);
      assert.equal(fix.title, 'Drop "ghost" from required');
      const fixed = applyEdits(text, fix.edits);
      assert.deepEqual(parse(fixed).prompts[0].elicitations[0].requestedSchema.required, ['a', 'b']);
      assert.deepEqual(checkDocument(fixed, { format }).diagnostics, []);
    });
  }
});
