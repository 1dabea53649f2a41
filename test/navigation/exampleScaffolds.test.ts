// Snippets for a new interaction example of a tool: one per usable declaration, each a scenario with
// the input the tool's schema requires, one step from that declaration and a completed result for
// the revisions in scope; inserted with their tab stops at their defaults, in JSON and YAML, into an
// empty map or after a scenario, the document checks clean with every rule on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandSnippet, insertScaffold, problemsOf } from './snippetInsertion';
import { checkDocument } from '../../server/src/checker';
import { exampleScaffoldsAt } from '../../server/src/checker/navigation';

const JSON_TEXT = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "s", "version": "1.0.0" },
  "protocolVersions": ["$REV"],
  "tools": [
    {
      "name": "deploy",
      "inputSchema": {
        "type": "object",
        "properties": { "target": { "type": "string", "enum": ["staging", "production"] } },
        "required": ["target"]
      },
      "outputSchema": { "type": "object", "properties": { "ok": { "type": "boolean" } }, "required": ["ok"] },
      "elicitations": [
        {
          "name": "confirm",
          "mode": "form",
          "message": "Deploy now?",
          "requestedSchema": { "type": "object", "properties": { "approve": { "type": "boolean" } }, "required": ["approve"] }
        },
        { "name": "login", "mode": "url", "message": "Sign in.", "url": "https://example.com/login" }
      ],
      "interactionExamples": {$X}
    }
  ]
}
`;

const YAML_TEXT = `mcpdesc: 0.8.0
info:
  name: s
  version: 1.0.0
protocolVersions:
  - "$REV"
tools:
  - name: deploy
    inputSchema:
      type: object
      properties:
        target: {type: string, enum: [staging, production]}
      required: [target]
    outputSchema:
      type: object
      properties:
        ok: {type: boolean}
      required: [ok]
    elicitations:
      - name: confirm
        mode: form
        message: Deploy now?
        requestedSchema: {type: object, properties: {approve: {type: boolean}}, required: [approve]}
      - name: login
        mode: url
        message: Sign in.
        url: https://example.com/login
    interactionExamples:
$X
`;

/** `$X` is the cursor: in an empty map, or after a first scenario (written by the first snippet). */
function at(template: string, revision: string, marker = '$X'): { text: string; offset: number } {
  const filled = template.replace('$REV', revision);
  return { text: filled.replace(marker, ''), offset: filled.indexOf(marker) };
}

const YAML_CURSOR = '      $X';

for (const format of ['json', 'yaml'] as const) {
  const template = format === 'json' ? JSON_TEXT : YAML_TEXT.replace('$X', YAML_CURSOR);
  describe(`interaction example snippets in ${format}`, () => {
    for (const revision of ['2025-11-25', '2026-07-28']) {
      it(`under ${revision}: one per usable declaration; each inserted, the document checks clean`, () => {
        const { text, offset } = at(template, revision);
        // An empty map (JSON) or none (YAML) before: the only problem.
        assert.deepEqual(
          problemsOf(text, format).filter((problem) => !/interactionExamples/.test(problem)),
          [],
        );
        const items = exampleScaffoldsAt(checkDocument(text, { format }), offset);
        assert.deepEqual(
          items?.map((item) => [item.label, item.detail]),
          [
            ['interaction example: confirm', 'A scenario with a form step — Deploy now?'],
            ['interaction example: login', 'A scenario with a url step — Sign in.'],
          ],
        );
        for (const item of items!) {
          const inserted = insertScaffold(text, item);
          assert.deepEqual(problemsOf(inserted, format), [], `${item.label}\n${inserted}`);
          assert.equal(/resultType/.test(inserted), revision === '2026-07-28', 'resultType exactly where every revision has it');
        }
        const confirm = expandSnippet(items![0].edit.newText);
        assert.match(confirm, format === 'json' ? /"input": \{\n\s+"target": "staging"\n/ : /input:\n\s+target: staging\n/);
        assert.match(confirm, format === 'json' ? /"approve": false/ : /approve: false/);
        assert.match(confirm, format === 'json' ? /"structuredContent": \{\n\s+"ok": false/ : /structuredContent:\n\s+ok: false/);
        assert.ok(items![0].edit.newText.startsWith(format === 'json' ? '"${1:example-name}": {' : '${1:example-name}:'));
      });
    }

    it('after a scenario: a second one, with the comma the first needs in JSON', () => {
      const { text, offset } = at(template, '2025-11-25');
      const first = insertScaffold(text, exampleScaffoldsAt(checkDocument(text, { format }), offset)![0]);
      // JSON: a new line before the map's closing brace (no comma typed yet); YAML: a new line under the scenario.
      const end = format === 'json' ? first.lastIndexOf('}\n    }') : first.length - 1;
      const again = `${first.slice(0, end)}\n      ${first.slice(end)}`;
      const cursor = end + '\n      '.length;
      const items = exampleScaffoldsAt(checkDocument(again, { format }), cursor);
      assert.ok(items, 'offered after the first scenario');
      if (format === 'json') assert.deepEqual(items![1].additionalEdits, [{ offset: end, length: 0, newText: ',' }]);
      const second = insertScaffold(again, {
        ...items![1],
        edit: { ...items![1].edit, newText: items![1].edit.newText.replace('example-name', 'second') },
      });
      assert.deepEqual(problemsOf(first, format), []);
      assert.deepEqual(problemsOf(second, format), [], second);
      assert.match(second, /second/);
    });

    it("nothing outside a tool's interactionExamples, nor for a key that has its value", () => {
      const { text } = at(template, '2025-11-25');
      assert.equal(exampleScaffoldsAt(checkDocument(text, { format }), text.indexOf('"name": "deploy"') + 1), undefined);
      assert.equal(exampleScaffoldsAt(checkDocument(text, { format }), text.indexOf('version') + 2), undefined);
    });
  });
}
