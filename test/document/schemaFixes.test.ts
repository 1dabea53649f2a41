// The messages and quick-fixes of the schema findings people meet most, in JSON and YAML: an unknown
// member ("did you mean", renamed), info.protocolVersion moved where 0.8.0 put it, a missing required
// member inserted with a placeholder, a value outside an enum changed. Each fix is applied and the
// text re-checked: its finding is gone, nothing new is reported, and the comments are still there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, fixAll } from '../../server/src/checker';
import {
  DECLARATION_RULE_ID,
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  ELICITATION_RULE_ID,
} from '../../shared/src/rules';
import { applyFix, diagnosticAt, findings, options } from '../support/appliedFix';

const schema = (violation: string, pointer: string) => `${DOCUMENT_SCHEMA_RULE_ID} ${violation} ${pointer}`;

const JSON_TYPOS = `{
  // a hand-written description
  "mcpdesc": "0.8.0",
  "info": { "name": "n", "version": "1", "descripton": "Files." /* the summary */ },
  "protocolVersions": ["2025-11-25"],
  "transports": [ { "type": "stdoi", "command": "serve" } ],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" } } ]
}`;

const YAML_TYPOS = `# a hand-written description
mcpdesc: 0.8.0
info:
  name: n
  version: "1"
  descripton: 'Files.' # the summary
protocolVersions: ["2025-11-25"]
transports:
  - type: stdoi # local
    command: serve
tools:
  - name: t
    inputSchema: {type: object}
`;

test('an unknown member says which defined name is near, and the fix renames it (JSON, comments kept)', () => {
  const { diagnostic } = diagnosticAt(JSON_TYPOS, 'json', '/info/descripton');
  assert.equal(
    diagnostic.message,
    "info has a member 'descripton' that MCP Description 0.8.0 does not define there (extensions must start with 'x-'). Did you mean 'description'?",
  );
  assert.equal(diagnostic.data.officialCode, 'schema-validation');
  const fixed = applyFix(JSON_TYPOS, 'json', '/info/descripton', "Rename 'descripton' to 'description'", true, [
    schema('unknown-member', '/info/descripton'),
  ]);
  assert.equal(fixed, JSON_TYPOS.replace('"descripton"', '"description"'));
});

test('an unknown member renamed in YAML keeps its quoting and comment', () => {
  const fixed = applyFix(YAML_TYPOS, 'yaml', '/info/descripton', "Rename 'descripton' to 'description'", true, [
    schema('unknown-member', '/info/descripton'),
  ]);
  assert.equal(fixed, YAML_TYPOS.replace("  descripton: 'Files.'", "  description: 'Files.'"));
});

test('a value outside an enum: "change to" the nearest allowed value, in JSON and YAML', () => {
  const json = applyFix(JSON_TYPOS, 'json', '/transports/0/type', 'Change to "stdio"', true, [
    schema('invalid-value', '/transports/0/type'),
  ]);
  assert.equal(json, JSON_TYPOS.replace('"stdoi"', '"stdio"'));
  const yaml = applyFix(YAML_TYPOS, 'yaml', '/transports/0/type', 'Change to "stdio"', true, [
    schema('invalid-value', '/transports/0/type'),
  ]);
  assert.equal(yaml, YAML_TYPOS.replace('type: stdoi # local', 'type: stdio # local'));
});

test('a value near no allowed one: every value of a short enum offered, none preferred', () => {
  const text = JSON_TYPOS.replace('"stdoi"', '"pipe"');
  const { fixes } = diagnosticAt(text, 'json', '/transports/0/type');
  assert.deepEqual(
    fixes.map((fix) => [fix.title, fix.isPreferred]),
    [
      ['Change to "stdio"', false],
      ['Change to "streamable-http"', false],
      ['Change to "sse"', false],
    ],
  );
});

test('a name near nothing the format defines gets no guess and no fix', () => {
  const text = JSON_TYPOS.replace('"descripton"', '"homepage"');
  const { diagnostic, fixes } = diagnosticAt(text, 'json', '/info/homepage');
  assert.equal(
    diagnostic.message,
    "info has a member 'homepage' that MCP Description 0.8.0 does not define there (extensions must start with 'x-').",
  );
  assert.deepEqual(fixes, []);
});

const HALF_MIGRATED_JSON = `{
  "mcpdesc": "0.8.0",
  "info": {
    "name": "n",
    "version": "1",
    "protocolVersion": "2025-06-18" // from 0.7.0
  },
  "tools": [ { "name": "t", "inputSchema": { "type": "object" } } ]
}`;

test('info.protocolVersion: the message says where 0.8.0 moved it; the fix moves it to the root protocolVersions (JSON)', () => {
  const { diagnostic } = diagnosticAt(HALF_MIGRATED_JSON, 'json', '/info/protocolVersion');
  assert.equal(
    diagnostic.message,
    "info has a member 'protocolVersion' that MCP Description 0.8.0 moved to the root: write it as 'protocolVersions', the list of MCP revisions the document describes.",
  );
  const fixed = applyFix(
    HALF_MIGRATED_JSON,
    'json',
    '/info/protocolVersion',
    "Move info.protocolVersion to the root's protocolVersions",
    true,
    [schema('unknown-member', '/info/protocolVersion'), schema('missing-member', '/protocolVersions')],
  );
  assert.equal(
    fixed,
    `{
  "mcpdesc": "0.8.0",
  "info": {
    "name": "n",
    "version": "1"
  },
  "protocolVersions": [
    "2025-06-18"
  ],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" } } ]
}`,
  );
});

test('info.protocolVersion moved in YAML, into a protocolVersions list already there; other comments kept', () => {
  const text = `mcpdesc: 0.8.0 # the format
info:
  name: n
  protocolVersion: 2025-06-18
  version: "1" # ours
protocolVersions:
  - 2025-11-25 # latest
tools:
  - name: t
    inputSchema: {type: object}
`;
  const fixed = applyFix(
    text,
    'yaml',
    '/info/protocolVersion',
    "Move info.protocolVersion to the root's protocolVersions",
    true,
    [schema('unknown-member', '/info/protocolVersion')],
  );
  assert.equal(
    fixed,
    text
      .replace('  protocolVersion: 2025-06-18\n', '')
      .replace('  - 2025-11-25 # latest\n', '  - 2025-11-25 # latest\n  - "2025-06-18"\n'),
  );
});

test('a missing required member is inserted with a placeholder the schema accepts, never as the fix (JSON and YAML)', () => {
  const json = `{ "mcpdesc": "0.8.0", "info": { "name": "n" }, /* kept */ "protocolVersions": ["2025-11-25"],
  "tools": [ { "name": "t" } ] }`;
  const withVersion = applyFix(json, 'json', '/info/version', "Add the required member 'version'", false, [
    schema('missing-member', '/info/version'),
  ]);
  assert.equal(withVersion, json.replace('{ "name": "n" }', '{ "name": "n", "version": "TODO" }'));
  const withSchema = applyFix(json, 'json', '/tools/0/inputSchema', "Add the required member 'inputSchema'", false, [
    schema('missing-member', '/tools/0/inputSchema'),
  ]);
  assert.equal(withSchema, json.replace('{ "name": "t" }', '{ "name": "t", "inputSchema": { "type": "object" } }'));

  const yaml = `mcpdesc: 0.8.0
info:
  name: n # kept
protocolVersions: [2025-11-25]
transports:
  - type: streamable-http
tools:
  - name: t
    inputSchema: {type: object}
`;
  const withUrl = applyFix(yaml, 'yaml', '/transports/0/url', "Add the required member 'url'", false, [
    schema('missing-member', '/transports/0/url'),
  ]);
  assert.equal(
    withUrl,
    yaml.replace('  - type: streamable-http\n', '  - type: streamable-http\n    url: https://example.com/\n'),
  );
});

test('fix-all takes the preferred fixes (rename, nearest value, move) and converges; a second run changes nothing', () => {
  for (const [text, format] of [
    [JSON_TYPOS, 'json'],
    [YAML_TYPOS, 'yaml'],
    [HALF_MIGRATED_JSON, 'json'],
  ] as const) {
    const first = fixAll(text, options(format));
    assert.deepEqual(findings(first.text, format), [], first.text);
    assert.equal(fixAll(first.text, options(format)).applied, 0);
  }
});

const STEP_TYPOS = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "n", "version": "1" },
  "protocolVersions": ["2025-11-25"],
  "tools": [
    {
      "name": "t",
      "inputSchema": { "type": "object" },
      "elicitations": [
        { "name": "release", "mode": "form", "message": "Details?", "requestedSchema": { "type": "object", "properties": { "v": { "type": "string" } } } }
      ],
      "interactionExamples": {
        "e": {
          "input": {},
          "result": { "content": [] },
          "steps": [
            { "type": "elicitation", "declaration": "releas", "request": { "message": "Details?", "requestedSchema": { "type": "object", "properties": { "v": { "type": "string" } } } }, "reponse": { "action": "accept", "content": { "v": "x" } } }
          ]
        }
      }
    }
  ]
}`;

test('fix-all with the elicitation rules on: a step member renamed and a declaration name corrected in one run, no fight', () => {
  const rules = {
    [DOCUMENT_SCHEMA_RULE_ID]: 'on',
    [DOCUMENT_SEMANTICS_RULE_ID]: 'on',
    [ELICITATION_RULE_ID]: 'on',
    [DECLARATION_RULE_ID]: 'on',
  } as const;
  const first = fixAll(STEP_TYPOS, { format: 'json', rules });
  assert.equal(
    first.text,
    STEP_TYPOS.replace('"declaration": "releas"', '"declaration": "release"').replace('"reponse"', '"response"'),
  );
  // Left for the author: the request's mode (a placeholder is offered, never applied on its own).
  assert.deepEqual(
    checkDocument(first.text, { format: 'json', rules }).diagnostics.map((diagnostic) => [
      diagnostic.data.violation,
      diagnostic.data.pointer,
    ]),
    [['missing-member', '/tools/0/interactionExamples/e/steps/0/request/mode']],
  );
  assert.equal(fixAll(first.text, { format: 'json', rules }).applied, 0);
});

test('no insert where it would not be the one fix for its diagnostic or its value is the author to choose', () => {
  // Two members missing at one place share one diagnostic's fixes: neither is offered.
  const bothMissing = `{ "mcpdesc": "0.8.0", "info": {}, "protocolVersions": ["2025-11-25"], "tools": [ { "name": "t", "inputSchema": { "type": "object" } } ] }`;
  assert.deepEqual(diagnosticAt(bothMissing, 'json', '/info/name').fixes, []);
  assert.deepEqual(diagnosticAt(bothMissing, 'json', '/info/version').fixes, []);
  // An example's result is judged against the revisions in scope: no placeholder stands for it.
  const noResult = `{ "mcpdesc": "0.8.0", "info": { "name": "n", "version": "1" }, "protocolVersions": ["2026-07-28"],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" }, "examples": { "e": { "input": {} } } } ] }`;
  assert.deepEqual(diagnosticAt(noResult, 'json', '/tools/0/examples/e/result').fixes, []);
});

test('an MCP revision: one mistyped digit is changed back; a date farther off gets no guess from the list', () => {
  const text = (revision: string) => `mcpdesc: 0.8.0
info: {name: n, version: "1"}
protocolVersions: ["${revision}"] # ours
tools:
  - name: t
    inputSchema: {type: object}
`;
  const fixed = applyFix(text('2025-11-26'), 'yaml', '/protocolVersions/0', 'Change to "2025-11-25"', true, [
    schema('invalid-value', '/protocolVersions/0'),
  ]);
  assert.equal(fixed, text('2025-11-25'));
  assert.deepEqual(diagnosticAt(text('2027-01-01'), 'yaml', '/protocolVersions/0').fixes, []);
});
