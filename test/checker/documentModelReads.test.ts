// What the document model reads for the whole-document rules (server/src/checker/model/): the
// root's document-wide members (documentRoot.ts), the steps of every type of an interaction example,
// a primitive's clientRequirements and named examples, and components by namespace and name. The
// same reading in JSON and YAML, and never a throw on members of the wrong type.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { componentNamed, componentNamespace } from '../../server/src/checker/model/componentRef';
import {
  interactionExamplesOf,
  interactionStepsOf,
  readPrimitives,
  readTools,
} from '../../server/src/checker/model/documentModel';
import { readDocumentRoot, securitySchemeNamed } from '../../server/src/checker/model/documentRoot';
import { syntaxOf } from '../../server/src/checker/syntax/syntaxOf';
import { stringOf, type SyntaxNode } from '../../server/src/checker/syntax/tree';

function rootOf(text: string, format: 'json' | 'yaml' = 'json'): SyntaxNode {
  return syntaxOf(format).parse(text).roots[0];
}

/** Where a node is in `text`: its source. */
const sourceOf = (text: string, node: SyntaxNode | undefined) => node && text.slice(node.offset, node.offset + node.length);

const STEPS_JSON = `{
  "mcpdesc": "0.8.0",
  "tools": [{
    "name": "t",
    "clientRequirements": { "roots": {} },
    "examples": { "a": { "input": {} }, "b": { "$componentRef": "#/components/toolExamples/b" }, "a": { "input": { "x": 1 } } },
    "interactionExamples": {
      "ex": { "steps": [
        { "type": "roots", "response": { "roots": [] } },
        42,
        { "type": "sampling", "request": { "tools": [] } },
        { "type": "elicitation", "declaration": "d", "request": { "mode": "url" } },
        { "request": {} }
      ] },
      "none": { "steps": "not a list" }
    }
  }]
}`;

const STEPS_YAML = `mcpdesc: 0.8.0
tools:
  - name: t
    clientRequirements: { roots: {} }
    examples:
      b: { $componentRef: "#/components/toolExamples/b" }
      a: { input: { x: 1 } }
    interactionExamples:
      ex:
        steps:
          - type: roots
            response: { roots: [] }
          - 42
          - type: sampling
            request: { tools: [] }
          - type: elicitation
            declaration: d
            request: { mode: url }
          - request: {}
      none:
        steps: not a list
`;

describe('the document model for the whole-document rules', () => {
  for (const [format, text] of [
    ['json', STEPS_JSON],
    ['yaml', STEPS_YAML],
  ] as const) {
    it(`${format}: the steps of every type, each with its place in its example's steps`, () => {
      const [tool] = readTools(rootOf(text, format));
      assert.deepEqual(
        tool.examples.map((example) => example.name),
        ['ex', 'none'],
      );
      const steps = interactionStepsOf(tool.examples[0]);
      assert.deepEqual(
        steps.map((step) => [step.index, step.type, step.declarationName]),
        [
          [0, 'roots', undefined],
          [2, 'sampling', undefined],
          [3, 'elicitation', 'd'],
          [4, undefined, undefined],
        ],
      );
      assert.equal(stringOf(steps[0].typeNode), 'roots');
      assert.equal(steps[0].responseNode?.type, 'object');
      assert.equal(steps[1].requestNode?.type, 'object');
      assert.equal(steps[3].typeNode, undefined);
      assert.ok(steps.every((step) => step.example === tool.examples[0]));
      // The consistency rule's own reading is unchanged: the elicitation steps alone.
      assert.equal(tool.examples[0].steps.length, 1);
      assert.deepEqual(interactionStepsOf(tool.examples[1]), [], 'steps that are not a list have none');
      // The same examples read without the consistency rule's steps (the whole-document rules' reading).
      const [primitive] = readPrimitives(rootOf(text, format), 'tool');
      const examples = interactionExamplesOf(primitive);
      assert.deepEqual(
        examples.map((example) => example.name),
        ['ex', 'none'],
      );
      assert.equal(interactionExamplesOf(primitive), examples, 'read once per primitive');
      assert.deepEqual(
        interactionStepsOf(examples[0]).map((step) => [step.index, step.type, step.declarationName]),
        steps.map((step) => [step.index, step.type, step.declarationName]),
      );
    });

    it(`${format}: a primitive's clientRequirements and named examples (the last of a repeated name)`, () => {
      const [tool] = readTools(rootOf(text, format));
      assert.equal(tool.clientRequirements?.type, 'object');
      const named = tool.namedExamples.map(({ name, property }) => [name, sourceOf(text, property.value)?.replace(/\s/g, '')]);
      const expected =
        format === 'json'
          ? [
              ['a', '{"input":{"x":1}}'],
              ['b', '{"$componentRef":"#/components/toolExamples/b"}'],
            ]
          : [
              ['b', '{$componentRef:"#/components/toolExamples/b"}'],
              ['a', '{input:{x:1}}'],
            ];
      assert.deepEqual(named, expected);
    });
  }

  it("the root's document-wide members, each as written or as its elements", () => {
    const text = `{
      "mcpdesc": "0.8.0",
      "protocolVersions": ["2025-06-18", "2025-11-25"],
      "security": [{ "oauth": ["read"] }],
      "securitySchemes": { "oauth": { "type": "oauth2" } },
      "transports": "stdio",
      "capabilities": [{ "tools": {} }, 7],
      "tags": [{ "name": "a" }]
    }`;
    const document = readDocumentRoot(rootOf(text));
    assert.equal(sourceOf(text, document.protocolVersionsNode), '["2025-06-18", "2025-11-25"]');
    assert.deepEqual(document.protocolVersionElements.map(stringOf), ['2025-06-18', '2025-11-25']);
    assert.equal(document.security?.type, 'array');
    // A transports member that is not a list still says the document lists transports (none usable).
    assert.equal(document.listsTransports, true);
    assert.deepEqual(document.transports, []);
    assert.deepEqual(
      document.capabilities.map((node) => node.type),
      ['object', 'number'],
    );
    assert.equal(document.tags.length, 1);
    assert.equal(sourceOf(text, securitySchemeNamed(document, 'oauth')), '{ "type": "oauth2" }');
    assert.equal(securitySchemeNamed(document, 'toString'), undefined, 'own members only');
  });

  it('members of the wrong type, or a root that is not an object, read as absent', () => {
    const wrong = readDocumentRoot(rootOf('{"securitySchemes": [1], "tags": {}, "capabilities": "x"}'));
    assert.equal(wrong.securitySchemes, undefined);
    assert.equal(securitySchemeNamed(wrong, '0'), undefined);
    assert.deepEqual([wrong.tags, wrong.capabilities, wrong.listsTransports], [[], [], false]);
    const list = readDocumentRoot(rootOf('[1, 2]'));
    assert.deepEqual(
      [list.protocolVersionsNode, list.protocolVersionElements, list.security, list.transports, list.tags],
      [undefined, [], undefined, [], []],
    );
  });

  it("components by namespace and name; resources' clientRequirements", () => {
    const text = `{
      "components": { "schemas": { "S": { "type": "object" } }, "toolExamples": [] },
      "resources": [{ "uri": "file:///a", "clientRequirements": { "sampling": {} } }, "not an object"]
    }`;
    const root = rootOf(text);
    assert.equal(sourceOf(text, componentNamed(root, 'schemas', 'S')), '{ "type": "object" }');
    assert.equal(componentNamed(root, 'schemas', 'T'), undefined);
    assert.equal(componentNamespace(root, 'toolExamples')?.type, 'array');
    assert.equal(componentNamed(root, 'toolExamples', '0'), undefined, 'a namespace that is not a map names nothing');
    const resources = readPrimitives(root, 'resource');
    assert.deepEqual(
      resources.map((resource) => [resource.index, resource.clientRequirements?.type, resource.namedExamples.length]),
      [[0, 'object', 0]],
    );
  });
});
