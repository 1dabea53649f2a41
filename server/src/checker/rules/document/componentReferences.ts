// Reference Objects (`{ "$componentRef": "#/components/<namespace>/<name>" }`) where MCP
// Description 0.8.0 allows them: a component itself, a tool's inputSchema and outputSchema, and
// the named examples of tools, resources, resource templates and prompts. Each is followed to its
// target as the official validator follows it (referenceChains.ts): a reference into another namespace than its place
// allows, a chain that comes back to a component it passed, and a target that does not exist are
// reported at the reference (so a tool naming a component whose chain breaks is told so too).
// Requested schemas of elicitation declarations are the elicitation rules' (an unusable reference
// makes the declaration unusable there), and are not followed here.
import { effectiveProperties, memberOf, type SyntaxNode } from '../../syntax/tree';
import { componentNamespace } from '../../model/componentRef';
import {
  examplesOf,
  PRIMITIVE_COLLECTIONS,
  primitiveObjectsOf,
  type NamedExample,
  type Primitive,
} from '../../model/documentModel';
import type { SemanticFinding } from './semanticFinding';
import { followReference, isReference } from './referenceChains';

/** The examples map of each primitive collection, and the namespace its references must target. */
const EXAMPLE_NAMESPACES = {
  tools: 'toolExamples',
  resources: 'resourceExamples',
  resourceTemplates: 'resourceTemplateExamples',
  prompts: 'promptExamples',
} as const;

const COMPONENT_NAMESPACES = ['schemas', 'toolExamples', 'resourceExamples', 'resourceTemplateExamples', 'promptExamples'];

/** The findings of references outside `tools`: in `components` and in the other primitives' examples. */
export function checkRootReferences(root: SyntaxNode): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (root.type !== 'object') return findings;
  for (const namespace of COMPONENT_NAMESPACES) {
    const map = componentNamespace(root, namespace);
    for (const name of effectiveProperties(map).keys()) {
      const value = memberOf(map, name);
      if (isReference(value))
        followReference(root, value!, namespace, ['components', namespace, name], [`${namespace}/${name}`], findings);
    }
  }
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
    const collection = PRIMITIVE_COLLECTIONS[kind];
    for (const { node, index } of primitiveObjectsOf(root, kind))
      checkExamples(root, examplesOf(node).namedExamples, collection, index, findings);
  }
  return findings;
}

/** The findings of the references in the tool `index` of `tools` (`model`: the model's reading of it, when it is an object). */
export function checkToolReferences(
  root: SyntaxNode,
  tool: SyntaxNode,
  index: number,
  model: Primitive | undefined,
): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (root.type !== 'object' || tool.type !== 'object') return findings;
  for (const field of ['inputSchema', 'outputSchema']) {
    const value = memberOf(tool, field);
    if (isReference(value)) followReference(root, value!, 'schemas', ['tools', index, field], [], findings);
  }
  checkExamples(root, model?.namedExamples ?? [], 'tools', index, findings);
  return findings;
}

function checkExamples(
  root: SyntaxNode,
  examples: readonly NamedExample[],
  collection: keyof typeof EXAMPLE_NAMESPACES,
  index: number,
  findings: SemanticFinding[],
): void {
  for (const { name, property } of examples) {
    if (isReference(property.value))
      followReference(root, property.value, EXAMPLE_NAMESPACES[collection], [collection, index, 'examples', name], [], findings);
  }
}
