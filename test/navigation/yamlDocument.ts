// YAML documents for the navigation tests, parsed by the YAML adapter into the same tree shape.
import type { ValueNode } from '../../server/src/checker/syntax/tree';
import type { NavigationDocument } from '../../server/src/checker/navigation';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';

export function yamlDocument(text: string): NavigationDocument {
  const roots = parseYamlDocuments(text)
    .documents.map((document) => document.root)
    .filter((root): root is ValueNode => !!root);
  return { text, roots };
}

/** Steps that name `confirm` as a plain scalar, a quoted one and through an alias; a single-quoted name. */
export const SAMPLE_YAML = `mcpdesc: 0.8.0
tools:
  - name: prepare_release
    elicitations:
      - name: confirm
        mode: form
        message: Approve?
        requestedSchema: {type: object, properties: {}}
      - name: 'authorize'
        mode: url
        message: Authorize.
    interactionExamples:
      first:
        steps:
          - type: elicitation
            declaration: confirm
            request: {message: Approve?, requestedSchema: {type: object, properties: {}}}
            response: {action: decline}
          - &again
            type: elicitation
            declaration: "confirm"
            request: {message: Approve?, requestedSchema: {type: object, properties: {}}}
            response: {action: cancel}
          - *again
          - type: elicitation
            declaration: 'authorize'
            request: {mode: url, message: Authorize., url: 'https://x.example'}
            response: {action: accept}
`;
