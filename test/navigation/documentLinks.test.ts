// `$componentRef` values as document links, in JSON and YAML: each reference that resolves links
// from its characters (inside the quotes) to the component's key; one that resolves to nothing, or
// is not of the local form, has no link; the walk stops at its limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { documentLinks } from '../../server/src/checker/navigation';

const JSON_TEXT = `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2025-11-25"],
  "tools": [{"name": "t",
    "inputSchema": {"$componentRef": "#/components/schemas/Query"},
    "outputSchema": {"$componentRef": "#/components/schemas/Missing"},
    "examples": {"one": {"$componentRef": "#/components/toolExamples/a~1b"}, "two": {"$componentRef": "https://x.example/s"}}}],
  "components": {"schemas": {"Query": {"type": "object"}}, "toolExamples": {"a/b": {"input": {}, "result": {"content": []}}}}}`;

const YAML_TEXT = `mcpdesc: 0.8.0
tools:
  - name: t
    inputSchema:
      $componentRef: '#/components/schemas/Query'
    outputSchema:
      $componentRef: "#/components/schemas/Missing"
components:
  schemas:
    Query:
      type: object
`;

function range(text: string, snippet: string, n = 0): { offset: number; length: number } {
  let offset = -1;
  for (let i = 0; i <= n; i++) offset = text.indexOf(snippet, offset + 1);
  assert.ok(offset >= 0, snippet);
  return { offset, length: snippet.length };
}

describe('$componentRef document links', () => {
  it('JSON: resolved references link to the component key, the escaped pointer included; the others have none', () => {
    const links = documentLinks(checkDocument(JSON_TEXT, { format: 'json' }));
    assert.deepEqual(links, [
      {
        range: range(JSON_TEXT, '#/components/schemas/Query'),
        target: range(JSON_TEXT, '"Query"'),
        tooltip: 'Go to components.schemas.Query',
      },
      {
        range: range(JSON_TEXT, '#/components/toolExamples/a~1b'),
        target: range(JSON_TEXT, '"a/b"'),
        tooltip: 'Go to components.toolExamples.a/b',
      },
    ]);
  });

  it('YAML: the same from a single-quoted scalar; an unresolved double-quoted one has no link', () => {
    const links = documentLinks(checkDocument(YAML_TEXT, { format: 'yaml' }));
    assert.deepEqual(links, [
      {
        range: range(YAML_TEXT, '#/components/schemas/Query'),
        target: range(YAML_TEXT, 'Query', 1),
        tooltip: 'Go to components.schemas.Query',
      },
    ]);
  });

  it('stops at its limit, in document order', () => {
    const tools = Array.from(
      { length: 5 },
      (_, i) => `{"name": "t${i}", "inputSchema": {"$componentRef": "#/components/schemas/Query"}}`,
    ).join(', ');
    const text = `{"mcpdesc": "0.8.0", "tools": [${tools}], "components": {"schemas": {"Query": {"type": "object"}}}}`;
    const links = documentLinks(checkDocument(text, { format: 'json' }), 3);
    assert.deepEqual(
      links.map((link) => link.range.offset),
      [0, 1, 2].map((n) => range(text, '#/components/schemas/Query', n).offset),
    );
  });
});
