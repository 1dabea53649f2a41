// Completion from the format's schema in the pure checker: where the cursor is (a key being typed, a
// new YAML key on an empty line, a value), what is offered, and the text each item writes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { schemaCompletionAt, type SchemaCompletion } from '../../server/src/checker/navigation';

/** The items at the `|` of `marked` (which the text does not keep). */
function at(marked: string, format: 'json' | 'yaml'): { text: string; items: SchemaCompletion[] | undefined } {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { text, items: schemaCompletionAt(checkDocument(text, { format }), offset) };
}

const labels = (items: SchemaCompletion[] | undefined) => items?.map((item) => item.label);

describe('completion from the format schema', () => {
  it("a transport's type: the three transports, in YAML plain and in JSON quoted", () => {
    const yaml = at('mcpdesc: 0.8.0\ntransports:\n  - type: |\n', 'yaml');
    assert.deepEqual(labels(yaml.items), ['stdio', 'streamable-http', 'sse']);
    assert.deepEqual(yaml.items![0].edit, { offset: yaml.text.indexOf('type: ') + 6, length: 0, newText: 'stdio' });
    const json = at('{"mcpdesc": "0.8.0", "transports": [{"type": "s|"}]}', 'json');
    assert.deepEqual(labels(json.items), ['"stdio"', '"streamable-http"', '"sse"']);
    assert.deepEqual(json.items![2].edit, { offset: json.text.indexOf('"s"'), length: 3, newText: '"sse"' });
  });

  it('revision strings: those the array has already are left out', () => {
    const { items } = at('{"mcpdesc": "0.8.0", "protocolVersions": ["2025-06-18", |]}', 'json');
    assert.deepEqual(labels(items), ['"2024-11-05"', '"2025-03-26"', '"2025-11-25"', '"2026-07-28"']);
  });

  it('a new YAML key joins the mapping whose keys start in its column, not the one nested before it', () => {
    const marked = 'mcpdesc: 0.8.0\ntools:\n  - name: a\n    annotations:\n      readOnlyHint: true\n    |\n';
    const { text, items } = at(marked, 'yaml');
    const names = labels(items)!;
    assert.ok(names.includes('inputSchema') && !names.includes('annotations') && !names.includes('name'));
    assert.ok(!names.includes('destructiveHint'), 'not the annotations');
    assert.equal(items!.find((item) => item.label === 'inputSchema')!.sortText[0], '0', 'required first');
    // The key with a block below it, indented relative to its line (the editor adds the line's indentation).
    const inputSchema = items!.find((item) => item.label === 'inputSchema')!;
    assert.deepEqual(inputSchema.edit, { offset: text.lastIndexOf('    \n') + 4, length: 0, newText: 'inputSchema:\n  $0' });
    const nested = at('mcpdesc: 0.8.0\ntools:\n  - name: a\n    annotations:\n      readOnlyHint: true\n      |\n', 'yaml');
    assert.deepEqual(labels(nested.items), ['title', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
  });

  it('JSON: a key being typed is replaced whole; the member before it gets its comma', () => {
    const { text, items } = at('{"mcpdesc": "0.8.0", "tools": [{"name": "a" "ti|"}]}', 'json');
    const title = items!.find((item) => item.label === '"title"')!;
    assert.deepEqual(title.edit, { offset: text.indexOf('"ti"'), length: 4, newText: '"title": "$0"' });
    assert.deepEqual(title.additionalEdits, [{ offset: text.indexOf('"a"') + 3, length: 0, newText: ',' }]);
  });

  it('JSON: a key typed without its colon before other members (an auto-closed `""`): those members are still left out', () => {
    const text = `{"mcpdesc": "0.8.0", "tools": [{
      "name": "a",
      "description": "d",
      "|"
      "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]},
      "elicitations": [{"name": "e", "mode": "url", "message": "m", "url": "https://example.com/"}],
      "annotations": {"title": "A"}
    }]}`;
    const names = labels(at(text, 'json').items) ?? [];
    for (const present of ['"name"', '"description"', '"inputSchema"', '"elicitations"', '"annotations"'])
      assert.ok(!names.includes(present), `${present} is there already`);
    // Members of the values after the cursor are not the tool's: `title` is still offered.
    for (const absent of ['"title"', '"outputSchema"', '"examples"']) assert.ok(names.includes(absent), absent);
  });

  it('members the revisions in scope do not define come last, marked', () => {
    const { items } = at('{"mcpdesc": "0.8.0", "protocolVersions": ["2025-03-26"], "tools": [{"name": "a", |}]}', 'json');
    const title = items!.find((item) => item.label === '"title"')!;
    assert.equal(title.detail, 'string — not in 2025-03-26');
    assert.equal(title.sortText[0], '2');
    assert.match(title.documentation, /Applies to MCP 2025-06-18 and later: not to 2025-03-26, in this scope\./);
  });

  it("a $componentRef: the document's components", () => {
    const { items } = at(
      "mcpdesc: 0.8.0\ntools:\n  - name: a\n    inputSchema:\n      $componentRef: '|'\ncomponents:\n  schemas:\n    Query:\n      type: object\n",
      'yaml',
    );
    assert.deepEqual(labels(items), ["'#/components/schemas/Query'"]);
  });

  it('nothing inside a free-form value (a tool schema is any JSON Schema)', () => {
    assert.equal(at('{"tools": [{"name": "a", "inputSchema": {"type": "object", "x": "|"}}]}', 'json').items, undefined);
  });
});
