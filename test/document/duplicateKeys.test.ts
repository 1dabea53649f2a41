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

test('every later repeat, in small objects (names compared pairwise) and large ones (a set), at any depth, in document order', () => {
  // A key three times among few members, and among more than eight (duplicateKeys.ts reads the two
  // sizes two ways); one object in an array in an array inside the tool, one in the tool's schema.
  const many = Array.from({ length: 10 }, (_, i) => `"p${i}": { "type": "string" }`).join(', ');
  const text = `{ "mcpdesc": "0.8.0", "info": { "name": "a", "version": "1" }, "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "x" }],
  "tools": [ { "name": "t", "x-deep": [[{ "k": 1, "j": 2, "k": 3, "k": 4 }]],
    "inputSchema": { "type": "object", "properties": { ${many}, "p3": { "type": "number" }, "p9": {}, "p3": {} } } } ] }`;
  const at = (needle: string, from: number) => text.indexOf(needle, from);
  const firstK = at('"k"', 0);
  const secondP3 = at('"p3"', at('"p3"', 0) + 1);
  const expected = [
    at('"k"', firstK + 1),
    at('"k"', at('"k"', firstK + 1) + 1),
    secondP3,
    at('"p9"', at('"p9"', 0) + 1),
    at('"p3"', secondP3 + 1),
  ];
  const repeats = checkDocument(text, { ...ON, format: 'json' }).diagnostics.filter(
    (diagnostic) => diagnostic.data.officialCode === 'document-parse',
  );
  assert.deepEqual(
    repeats.map((diagnostic) => [diagnostic.data.offset, diagnostic.data.length]),
    expected.map((offset) => [offset, text.slice(offset).indexOf('"', 1) + 1]),
  );
});
