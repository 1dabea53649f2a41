// YAML rename to a name over 1,024 characters (issue 15, item 12). YAML limits an implicit key to
// 1,024 characters, not a value. In MCP Description 0.8.0 a declaration's name is the value of its
// `name` member and a step's `declaration` is a value too, so a rename writes values only: those
// must read back as the long name in every scalar style.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { checkDocument, type SyntaxNode } from '../../server/src/checker';
import { renameEdit } from '../../server/src/checker/navigation/scalarText';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';
import { itemsOf, memberOf } from '../../server/src/checker/syntax/tree';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';

const LONG_NAMES = [
  'a'.repeat(1_100),
  `approve-${'x'.repeat(2_000)}`,
  `${'é: "quoted" and \'single\' # not a comment, '.repeat(40)}end`,
  `line one\nline two ${'z'.repeat(1_100)}`,
];

function stepsOf(text: string): readonly SyntaxNode[] {
  const [document] = parseYamlDocuments(text).documents;
  const tool = itemsOf(memberOf(document.root, 'tools'))[0];
  const example = memberOf(memberOf(tool, 'interactionExamples'), 'approve');
  return itemsOf(memberOf(example, 'steps'));
}

function readBack(text: string): { errors: string[]; declarations: unknown[]; names: unknown[] } {
  const [document] = parseAllDocuments(text) as Array<{ errors: Array<{ code: string }>; toJS(): unknown }>;
  const value = document.toJS() as {
    tools: Array<{
      elicitations: Array<{ name: unknown }>;
      interactionExamples: { approve: { steps: Array<{ declaration: unknown }> } };
    }>;
  };
  const [tool] = value.tools;
  return {
    errors: document.errors.map((error) => error.code),
    declarations: tool.interactionExamples.approve.steps.map((step) => step.declaration),
    names: tool.elicitations.map((declaration) => declaration.name),
  };
}

const NEW_SHAPE = `mcpdesc: 0.8.0
info: { name: release-bot, version: 2.0.0 }
tools:
  - name: prepare_release
    inputSchema: { type: object }
    elicitations:
      - name: confirm
        mode: url
        message: Go
        url: "https://x.example"
      - { name: 'confirm2', mode: url, message: Go, url: "https://x.example" }
    interactionExamples:
      approve:
        steps:
          - type: elicitation
            declaration: confirm
            request: { mode: url, message: Go, url: "https://x.example" }
            response: { action: decline }
          - type: elicitation
            declaration: "confirm"
            response: { action: decline }
          - { type: elicitation, declaration: 'confirm', response: { action: decline } }
          - { type: elicitation, declaration: confirm, response: { action: decline } }
`;

describe('YAML: names written as values can be of any length', () => {
  for (const name of LONG_NAMES) {
    it(`${JSON.stringify(name.slice(0, 24))}… (${name.length} characters) in plain, double-quoted and single-quoted, block and flow values`, () => {
      const edits = stepsOf(NEW_SHAPE).map((step) => renameEdit(NEW_SHAPE, memberOf(step, 'declaration')!, name));
      const [document] = parseYamlDocuments(NEW_SHAPE).documents;
      const declarations = itemsOf(memberOf(itemsOf(memberOf(document.root, 'tools'))[0], 'elicitations'));
      edits.push(...declarations.map((declaration) => renameEdit(NEW_SHAPE, memberOf(declaration, 'name')!, name)));
      const renamed = applyOffsetEdits(NEW_SHAPE, edits);
      assert.deepEqual(readBack(renamed), { errors: [], declarations: [name, name, name, name], names: [name, name] });
      assert.deepEqual(
        checkDocument(renamed, { format: 'yaml' }).diagnostics.filter(
          (diagnostic) => diagnostic.data.violation === 'syntax-error',
        ),
        [],
      );
    });
  }
});
