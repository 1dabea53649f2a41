// Elicitation steps against the 0.8.0 structure (spec §9.4: a step holds the canonical request fields
// of its kind and nothing else; §12: the form vocabulary), reported by mcpdesc.document.schema, and
// reported once where the elicitation rule underlines the same range of the same step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, type CheckOptions, type Diagnostic } from '../../server/src/checker';
import {
  DECLARATION_RULE_ID,
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  ELICITATION_RULE_ID,
} from '../../shared/src/rules';

const ALL_ON: CheckOptions = {
  rules: {
    [ELICITATION_RULE_ID]: 'error',
    [DECLARATION_RULE_ID]: 'error',
    [DOCUMENT_SCHEMA_RULE_ID]: 'error',
    [DOCUMENT_SEMANTICS_RULE_ID]: 'error',
  },
};
const ELICITATION_OFF: CheckOptions = { rules: { ...ALL_ON.rules, [ELICITATION_RULE_ID]: 'off' } };

/** A valid document whose one tool has one interaction example with the step `step` (JSON text). */
function withStep(step: string): string {
  return `{
  "mcpdesc": "0.8.0",
  "info": { "name": "desk", "version": "1.0.0" },
  "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "desk" }],
  "tools": [
    {
      "name": "ship",
      "inputSchema": { "type": "object" },
      "elicitations": [
        { "name": "confirm", "mode": "form", "message": "Ship?", "requestedSchema": { "type": "object", "properties": { "ok": { "type": "boolean" } } } }
      ],
      "interactionExamples": {
        "ex": {
          "input": {},
          "steps": [${step}],
          "result": { "content": [{ "type": "text", "text": "done" }] }
        }
      }
    }
  ]
}`;
}

const FORM_REQUEST = `"request": { "mode": "form", "message": "Ship?", "requestedSchema": { "type": "object", "properties": { "ok": { "type": "boolean" } } } }`;

/** Each diagnostic as [rule, the text it underlines, message]. */
function seen(text: string, options: CheckOptions, format: 'json' | 'yaml' = 'json'): Array<[string, string, string]> {
  return checkDocument(text, { ...options, format }).diagnostics.map((diagnostic: Diagnostic) => [
    String(diagnostic.code),
    text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
    diagnostic.message,
  ]);
}

test('a valid step gets nothing from any rule', () => {
  const text = withStep(
    `{ "type": "elicitation", "declaration": "confirm", ${FORM_REQUEST}, "response": { "action": "accept", "content": { "ok": true } } }`,
  );
  assert.deepEqual(seen(text, ALL_ON), []);
});

test('a form request with a url: the url is a member a form request does not have (§9.4), at its key', () => {
  const text = withStep(
    `{ "type": "elicitation", "request": { "mode": "form", "message": "Ship?", "requestedSchema": { "type": "object", "properties": {} }, "url": "https://example.com/x" }, "response": { "action": "decline" } }`,
  );
  assert.deepEqual(seen(text, ALL_ON), [
    [
      DOCUMENT_SCHEMA_RULE_ID,
      '"url"',
      "tools[0].interactionExamples.ex.steps[0].request has a member 'url' that MCP Description 0.8.0 does not define there.",
    ],
  ]);
  const result = checkDocument(text, ALL_ON);
  assert.equal(result.diagnostics[0].data.officialCode, 'schema-validation');
  assert.equal(result.diagnostics[0].data.pointer, '/tools/0/interactionExamples/ex/steps/0/request/url');
});

test('a url request without a url, and a form request without requestedSchema: the missing member, on the request key', () => {
  const text = withStep(
    `{ "type": "elicitation", "request": { "mode": "url", "message": "Sign in" }, "response": { "action": "accept" } },
     { "type": "elicitation", "request": { "mode": "form", "message": "Ship?" }, "response": { "action": "cancel" } }`,
  );
  assert.deepEqual(seen(text, ALL_ON), [
    [
      DOCUMENT_SCHEMA_RULE_ID,
      '"request"',
      "tools[0].interactionExamples.ex.steps[0].request is missing the required member 'url'.",
    ],
    [
      DOCUMENT_SCHEMA_RULE_ID,
      '"request"',
      "tools[0].interactionExamples.ex.steps[1].request is missing the required member 'requestedSchema'.",
    ],
  ]);
});

test('a form field outside the §12 vocabulary (pattern), and a field of an unknown type', () => {
  const text = withStep(
    `{ "type": "elicitation", "request": { "mode": "form", "message": "Code?", "requestedSchema": { "type": "object", "properties": { "code": { "type": "string", "pattern": "^[0-9]+$" }, "when": { "type": "object" } } } }, "response": { "action": "cancel" } }`,
  );
  assert.deepEqual(seen(text, ALL_ON), [
    [
      DOCUMENT_SCHEMA_RULE_ID,
      '"pattern"',
      "tools[0].interactionExamples.ex.steps[0].request.requestedSchema.properties.code has a member 'pattern' that MCP Description 0.8.0 does not define there.",
    ],
    [
      DOCUMENT_SCHEMA_RULE_ID,
      '"object"',
      'tools[0].interactionExamples.ex.steps[0].request.requestedSchema.properties.when.type must be one of "string", "number", "integer", "boolean", "array", not the string "object".',
    ],
  ]);
});

// The same problem seen by both rules: the elicitation rule (earlier in the registry) reports it, once.
const SAME_PROBLEMS: Array<{ name: string; step: string; underlined: string; elicitation: string }> = [
  {
    name: 'a declined step with content',
    step: `{ "type": "elicitation", "declaration": "confirm", ${FORM_REQUEST}, "response": { "action": "decline", "content": { "ok": true } } }`,
    underlined: '"content"',
    elicitation: "Elicitation step's response action is 'decline', so it must not have content.",
  },
  {
    name: 'a declaration that is not a name (42)',
    step: `{ "type": "elicitation", "declaration": 42, ${FORM_REQUEST}, "response": { "action": "cancel" } }`,
    underlined: '42',
    elicitation:
      "Elicitation step's 'declaration' must be a string naming one of the elicitations of tool 'ship', not 42 (declared: confirm).",
  },
  {
    name: 'a declaration that is the empty string',
    step: `{ "type": "elicitation", "declaration": "", ${FORM_REQUEST}, "response": { "action": "cancel" } }`,
    underlined: '""',
    elicitation: "Elicitation step references '', but tool 'ship' declares no elicitation named '' (declared: confirm).",
  },
  {
    name: 'an action that is none of the three',
    step: `{ "type": "elicitation", ${FORM_REQUEST}, "response": { "action": "maybe" } }`,
    underlined: '"maybe"',
    elicitation: "Elicitation step's response action 'maybe' is not one of 'accept', 'decline' or 'cancel'.",
  },
];

for (const { name, step, underlined, elicitation } of SAME_PROBLEMS) {
  test(`${name}: one diagnostic, the elicitation rule's; the schema rule's at that range when that rule is off`, () => {
    const text = withStep(step);
    assert.deepEqual(seen(text, ALL_ON), [[ELICITATION_RULE_ID, underlined, elicitation]]);
    const alone = seen(text, ELICITATION_OFF);
    assert.deepEqual(
      alone.map(([rule, at]) => [rule, at]),
      [[DOCUMENT_SCHEMA_RULE_ID, underlined]],
    );
  });
}

test('YAML: a declined step with content is reported once, by the elicitation rule, on the content key', () => {
  const text = `mcpdesc: "0.8.0"
info: { name: desk, version: "1.0.0" }
protocolVersions: ["2025-11-25"]
transports: [{ type: stdio, command: desk }]
tools:
  - name: ship
    inputSchema: { type: object }
    interactionExamples:
      ex:
        input: {}
        steps:
          - type: elicitation
            request:
              mode: form
              message: Ship?
              requestedSchema: { type: object, properties: { ok: { type: boolean } } }
            response:
              action: cancel
              content: { ok: true }
        result: { content: [{ type: text, text: done }] }
`;
  assert.deepEqual(seen(text, ALL_ON, 'yaml'), [
    [ELICITATION_RULE_ID, 'content', "Elicitation step's response action is 'cancel', so it must not have content."],
  ]);
  assert.deepEqual(
    seen(text, ELICITATION_OFF, 'yaml').map(([rule, at]) => [rule, at]),
    [[DOCUMENT_SCHEMA_RULE_ID, 'content']],
  );
});
