// Snippets for the root's lists (tools, transports, resources, resource templates, prompts): inserted
// with their tab stops at their defaults, in JSON and YAML, the document checks clean with every rule on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { insertScaffold, problemsOf } from './snippetInsertion';
import { checkDocument } from '../../server/src/checker';
import { objectScaffoldsAt } from '../../server/src/checker/navigation';

const JSON_TEXT = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "s", "version": "1.0.0" },
  "protocolVersions": ["2025-11-25"],
  "transports": [{ "type": "stdio", "command": "s" }|T],
  "tools": [{ "name": "a", "inputSchema": { "type": "object" } }|O],
  "resources": [{ "uri": "file:///a", "name": "a" }|R],
  "resourceTemplates": [{ "uriTemplate": "file:///{a}", "name": "a" }|M],
  "prompts": [{ "name": "a" }|P]
}
`;

const YAML_TEXT = `mcpdesc: 0.8.0
info:
  name: s
  version: 1.0.0
protocolVersions:
  - 2025-11-25
transports:
  - type: stdio
    command: s
  - |T
tools:
  - name: a
    inputSchema:
      type: object
  - |O
resources:
  - uri: file:///a
    name: a
  - |R
resourceTemplates:
  - uriTemplate: file:///{a}
    name: a
  - |M
prompts:
  - name: a
  - |P
`;

const LISTS = {
  T: ['stdio transport', 'streamable-http transport'],
  O: ['tool'],
  R: ['resource'],
  M: ['resource template'],
  P: ['prompt'],
};

for (const [format, template] of [
  ['json', JSON_TEXT],
  ['yaml', YAML_TEXT],
] as const) {
  describe(`object snippets in ${format}`, () => {
    for (const [mark, labels] of Object.entries(LISTS)) {
      it(`${labels.join(', ')}: inserted, the document checks clean`, () => {
        // The other marks go; in YAML so do their empty items.
        let text: string = template;
        for (const other of Object.keys(LISTS))
          if (other !== mark) text = text.replace(format === 'yaml' ? `  - |${other}\n` : `|${other}`, '');
        const offset = text.indexOf(`|${mark}`);
        text = text.replace(`|${mark}`, '');
        const base = format === 'yaml' ? text.replace('  - \n', '') : text;
        assert.deepEqual(problemsOf(base, format), []);
        const items = objectScaffoldsAt(checkDocument(text, { format }), offset);
        assert.deepEqual(
          items?.map((item) => item.label),
          labels,
        );
        for (const item of items!)
          assert.deepEqual(problemsOf(insertScaffold(text, item), format), [], `${item.label}:\n${insertScaffold(text, item)}`);
      });
    }
  });
}
