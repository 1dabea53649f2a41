// YAML rename to a name over 1,024 characters (issue 15, item 12). YAML limits an implicit key to
// 1,024 characters, not a value. In MCP Description 0.8.0 a declaration's name is the value of its
// `name` member and a step's `declaration` is a value too, so a rename writes values only: those
// must read back as the long name in every scalar style. Documents of the older shape, where the
// name is a key of the `elicitations` map, get the key refused instead of an invalid file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { checkDocument, type SyntaxNode } from '../../server/src/checker';
import { renameAt } from '../../server/src/checker/navigation';
import { renameEdit } from '../../server/src/checker/navigation/scalarText';
import { applyOffsetEdits } from '../../server/src/checker/textEdits';
import { memberOf } from '../../server/src/checker/tree';
import { parseYamlDocuments } from '../../server/src/checker/yaml';

const LONG_NAMES = [
  'a'.repeat(1_100),
  `approve-${'x'.repeat(2_000)}`,
  `${'é: "quoted" and \'single\' # not a comment, '.repeat(40)}end`,
  `line one\nline two ${'z'.repeat(1_100)}`,
];

function stepsOf(text: string): SyntaxNode[] {
  const [document] = parseYamlDocuments(text).documents;
  const tool = memberOf(document.root, 'tools')!.children![0];
  const example = memberOf(memberOf(tool, 'interactionExamples'), 'approve');
  return memberOf(example, 'steps')!.children!;
}

function readBack(text: string): { errors: string[]; declarations: unknown[]; names: unknown[] } {
  const [document] = parseAllDocuments(text) as Array<{ errors: Array<{ code: string }>; toJS(): unknown }>;
  const value = document.toJS() as { tools: Array<{ elicitations: Array<{ name: unknown }>; interactionExamples: { approve: { steps: Array<{ declaration: unknown }> } } }> };
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
      const declarations = memberOf(memberOf(document.root, 'tools')!.children![0], 'elicitations')!.children!;
      edits.push(...declarations.map((declaration) => renameEdit(NEW_SHAPE, memberOf(declaration, 'name')!, name)));
      const renamed = applyOffsetEdits(NEW_SHAPE, edits);
      assert.deepEqual(readBack(renamed), { errors: [], declarations: [name, name, name, name], names: [name, name] });
      assert.deepEqual(
        checkDocument(renamed, { format: 'yaml' }).diagnostics.filter((diagnostic) => diagnostic.data.violation === 'syntax-error'),
        [],
      );
    });
  }
});

describe('YAML of the older shape: a declaration key over 1,024 characters is refused, not written', () => {
  const OLD_SHAPE = `mcpdesc: 0.9.0-rc.3
tools:
  - name: t
    elicitations:
      confirm: {mode: url, message: m, url: "https://x"}
    interactionExamples:
      e:
        steps:
          - type: elicitation
            declaration: confirm
            request: {mode: url, message: m, url: "https://x"}
            response: {action: decline}
`;
  const document = checkDocument(OLD_SHAPE, { format: 'yaml' });
  const atKey = OLD_SHAPE.indexOf('confirm') + 1;

  it('a 1,100-character name: refused with the reason', () => {
    const result = renameAt(document, atKey, 'a'.repeat(1_100));
    assert.deepEqual(result, {
      ok: false,
      message: 'A YAML key is at most 1,024 characters long; written as a key, the new name would be 1,100. Choose a shorter name.',
    });
  });

  it('a 1,000-character name: renamed, and the file still parses', () => {
    const result = renameAt(document, atKey, 'a'.repeat(1_000));
    assert.ok(result?.ok);
    const renamed = applyOffsetEdits(OLD_SHAPE, result.edits);
    assert.deepEqual(parseAllDocuments(renamed).flatMap((parsed) => parsed.errors.map((error) => error.code)), []);
    assert.equal(renamed.split('a'.repeat(1_000)).length, 3);
  });
});
