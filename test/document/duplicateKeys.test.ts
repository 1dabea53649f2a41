// A key given twice in one object (spec 0.8.0 §15.3.2: YAML "MUST reject duplicate keys"; §15.2:
// JSON as RFC 8259, which the official toolchain parses strictly): mcpdesc.document.schema reports
// each later key, official code document-parse at path "", and the last value is still the one read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, type CheckOptions } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';

const ON: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'error', [DOCUMENT_SEMANTICS_RULE_ID]: 'error' } };

function found(text: string, format: 'json' | 'yaml'): Array<[string, string, string | undefined, string | undefined]> {
  return checkDocument(text, { ...ON, format }).diagnostics.map((diagnostic) => [
    String(diagnostic.code),
    text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
    diagnostic.data.officialCode,
    diagnostic.data.pointer,
  ]);
}

test('JSON: a repeated key in info and one inside a tool, each on the later key; the later value is the one read', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "a", "version": "1", "name": "b" }, "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "x" }],
  "tools": [ { "name": "t", "inputSchema": { "type": "object" }, "description": "one", "description": 7 } ] }`;
  const later = text.lastIndexOf('"description"');
  assert.deepEqual(found(text, 'json'), [
    [DOCUMENT_SCHEMA_RULE_ID, '"name"', 'document-parse', ''],
    [DOCUMENT_SCHEMA_RULE_ID, '"description"', 'document-parse', ''],
    [DOCUMENT_SCHEMA_RULE_ID, '7', 'schema-validation', '/tools/0/description'],
  ]);
  const offsets = checkDocument(text, { ...ON, format: 'json' }).diagnostics.map((diagnostic) => diagnostic.data.offset);
  assert.equal(offsets[0], text.lastIndexOf('"name": "b"'));
  assert.equal(offsets[1], later);
});

test('YAML: a repeated key is reported; merged keys (<<) are not repeats', () => {
  const text = `mcpdesc: "0.8.0"
info:
  name: probe
  version: "1.0.0"
  name: again
protocolVersions: ["2025-11-25"]
transports: [{ type: stdio, command: x }]
x-base: &base { type: object }
tools:
  - name: t
    inputSchema:
      <<: *base
      type: object
`;
  assert.deepEqual(found(text, 'yaml'), [[DOCUMENT_SCHEMA_RULE_ID, 'name', 'document-parse', '']]);
  assert.equal(checkDocument(text, { ...ON, format: 'yaml' }).diagnostics[0].data.offset, text.indexOf('name: again'));
});

test('the same document without the repeat is clean', () => {
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "b", "version": "1" }, "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "x" }], "tools": [ { "name": "t", "inputSchema": { "type": "object" } } ] }`;
  assert.deepEqual(found(text, 'json'), []);
});
