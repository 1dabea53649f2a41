// A tool's inputSchema given as a $componentRef is held, resolved, to what an inline inputSchema must
// be (spec §9.2, §17): reported by mcpdesc.document.schema on the reference, at the official use-site path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, type CheckOptions } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';

const ON: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'error', [DOCUMENT_SEMANTICS_RULE_ID]: 'error' } };

function schemaFindings(text: string, format: 'json' | 'yaml'): Array<[string, string, string | undefined, string]> {
  return checkDocument(text, { ...ON, format })
    .diagnostics.filter((diagnostic) => diagnostic.code === DOCUMENT_SCHEMA_RULE_ID)
    .map((diagnostic) => [
      text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
      diagnostic.data.violation,
      diagnostic.data.pointer,
      diagnostic.message,
    ]);
}

const YAML_HEAD = `mcpdesc: "0.8.0"
info: { name: ledger, version: "1.0.0" }
protocolVersions: ["2025-11-25"]
transports: [{ type: stdio, command: ledger }]
`;

test('YAML: a component of type string used as a tool input, on the reference, at /tools/0/inputSchema/type', () => {
  const text = `${YAML_HEAD}components:
  schemas:
    Text: { type: string }
tools:
  - name: annotate
    inputSchema:
      $componentRef: "#/components/schemas/Text"
`;
  assert.deepEqual(schemaFindings(text, 'yaml'), [
    [
      '"#/components/schemas/Text"',
      'invalid-value',
      '/tools/0/inputSchema/type',
      `tools[0].inputSchema refers to '#/components/schemas/Text', which has type 'string'; a tool's inputSchema must describe an object (type "object").`,
    ],
  ]);
});

test('a component with no type, reached through a chain, is reported at each tool using it; an object component nowhere', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "l", "version": "1" }, "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "l" }],
  "components": { "schemas": { "A": { "$componentRef": "#/components/schemas/B" }, "B": { "properties": {} }, "C": { "type": "object" } } },
  "tools": [
    { "name": "a", "inputSchema": { "$componentRef": "#/components/schemas/A" } },
    { "name": "b", "inputSchema": { "$componentRef": "#/components/schemas/B" } },
    { "name": "c", "inputSchema": { "$componentRef": "#/components/schemas/C" } }
  ] }`;
  const message = (index: number) =>
    `tools[${index}].inputSchema refers to '#/components/schemas/B', which has no type; a tool's inputSchema must describe an object (type "object").`;
  assert.deepEqual(schemaFindings(text, 'json'), [
    ['"#/components/schemas/A"', 'invalid-value', '/tools/0/inputSchema/type', message(0)],
    ['"#/components/schemas/B"', 'invalid-value', '/tools/1/inputSchema/type', message(1)],
  ]);
});

test('a reference that does not resolve is the semantic rule’s alone (no use-site finding)', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "l", "version": "1" }, "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "l" }],
  "components": { "schemas": { "C": { "type": "object" } } },
  "tools": [ { "name": "a", "inputSchema": { "$componentRef": "#/components/schemas/Missing" } } ] }`;
  assert.deepEqual(schemaFindings(text, 'json'), []);
  const semantic = checkDocument(text, { ...ON, format: 'json' }).diagnostics.filter(
    (diagnostic) => diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID,
  );
  assert.deepEqual(
    semantic.map((diagnostic) => diagnostic.data.officialCode),
    ['missing-component-reference-target'],
  );
});
