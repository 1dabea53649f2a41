// YAML documents for the navigation tests, parsed by the YAML adapter into the same tree shape.
import type { SyntaxNode } from '../../server/src/checker';
import type { NavigationDocument } from '../../server/src/checker/navigation';
import { parseYamlDocuments } from '../../server/src/checker/yaml';

export function yamlDocument(text: string): NavigationDocument {
  const roots = parseYamlDocuments(text).documents.map((document) => document.root).filter((root): root is SyntaxNode => !!root);
  return { text, roots };
}

/** Steps that name `confirm` as a plain scalar, a quoted one and through an alias; a second document of the stream. */
export const SAMPLE_YAML = `mcpdesc: 0.9.0-rc.3
tools:
  - name: prepare_release
    elicitations:
      confirm:
        message: Approve?
        requestedSchema: {type: object}
      'authorize':
        mode: url
    interactionExamples:
      first:
        steps:
          - type: elicitation
            declaration: confirm
            request: {message: Approve?, requestedSchema: {type: object}}
            response: {action: decline}
          - &again
            type: elicitation
            declaration: "confirm"
            response: {action: cancel}
          - *again
          - type: elicitation
            declaration: 'authorize'
`;
