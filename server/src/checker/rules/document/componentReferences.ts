// Reference Objects (`{ "$componentRef": "#/components/<namespace>/<name>" }`) where MCP
// Description 0.8.0 allows them: a component itself, a tool's inputSchema and outputSchema, and
// the named examples of tools, resources, resource templates and prompts. Each is followed to its
// target as the official validator follows it: a reference into another namespace than its place
// allows, a chain that comes back to a component it passed, and a target that does not exist are
// reported at the reference (so a tool naming a component whose chain breaks is told so too).
// Requested schemas of elicitation declarations are the elicitation rules' (an unusable reference
// makes the declaration unusable there), and are not followed here.
import { effectiveProperties, memberOf, propertyOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { componentNamed, componentNamespace } from '../../model/componentRef';
import { collectionOf, PRIMITIVE_COLLECTIONS } from '../../model/documentModel';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';

/** The examples map of each primitive collection, and the namespace its references must target. */
const EXAMPLE_NAMESPACES = {
  tools: 'toolExamples',
  resources: 'resourceExamples',
  resourceTemplates: 'resourceTemplateExamples',
  prompts: 'promptExamples',
} as const;

const COMPONENT_NAMESPACES = ['schemas', 'toolExamples', 'resourceExamples', 'resourceTemplateExamples', 'promptExamples'];

const REFERENCE = /^#\/components\/([^/]+)\/([^/]+)$/;

/** A reference object: an object with its own `$componentRef` member. */
function isReference(node: SyntaxNode | undefined): boolean {
  return node?.type === 'object' && propertyOf(node, '$componentRef') !== undefined;
}

/** The findings of references outside `tools`: in `components` and in the other primitives' examples. */
export function checkRootReferences(root: SyntaxNode): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (root.type !== 'object') return findings;
  for (const namespace of COMPONENT_NAMESPACES) {
    const map = componentNamespace(root, namespace);
    for (const name of effectiveProperties(map).keys()) {
      const value = memberOf(map, name);
      if (isReference(value))
        follow(root, value!, namespace, ['components', namespace, name], [`${namespace}/${name}`], findings);
    }
  }
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
    const collection = PRIMITIVE_COLLECTIONS[kind];
    collectionOf(root, kind)?.items.forEach((primitive, index) => checkExamples(root, primitive, collection, index, findings));
  }
  return findings;
}

/** The findings of the references in the tool `index` of `tools`. */
export function checkToolReferences(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (root.type !== 'object' || tool.type !== 'object') return findings;
  for (const field of ['inputSchema', 'outputSchema']) {
    const value = memberOf(tool, field);
    if (isReference(value)) follow(root, value!, 'schemas', ['tools', index, field], [], findings);
  }
  checkExamples(root, tool, 'tools', index, findings);
  return findings;
}

function checkExamples(
  root: SyntaxNode,
  primitive: SyntaxNode,
  collection: keyof typeof EXAMPLE_NAMESPACES,
  index: number,
  findings: SemanticFinding[],
): void {
  const examples = memberOf(primitive, 'examples');
  for (const name of effectiveProperties(examples).keys()) {
    const value = memberOf(examples, name);
    if (isReference(value))
      follow(root, value!, EXAMPLE_NAMESPACES[collection], [collection, index, 'examples', name], [], findings);
  }
}

/** A reference's final target (chains followed), with the pointer of the component it is. */
export interface ReferenceTarget {
  node: SyntaxNode;
  pointer: string;
}

/**
 * The value a Reference Object at `place` stands for, when its chain reaches one without a problem
 * (wrong namespace, cycle, missing target: checkToolReferences reports those): what the use site's
 * own requirements then apply to (spec §17, §9.2 "Resolution MUST occur before applying every inline
 * schema rule").
 */
export function referenceTarget(
  root: SyntaxNode,
  reference: SyntaxNode,
  namespace: string,
  place: ReadonlyArray<string | number>,
): ReferenceTarget | undefined {
  return isReference(reference) ? follow(root, reference, namespace, place, [], []) : undefined;
}

function follow(
  root: SyntaxNode,
  reference: SyntaxNode,
  namespace: string,
  place: ReadonlyArray<string | number>,
  passed: readonly string[],
  findings: SemanticFinding[],
): ReferenceTarget | undefined {
  // Every report of one chain is anchored at the reference written at `place`.
  const anchor = memberOf(reference, '$componentRef')!;
  const report = (kind: SemanticFinding['kind'], message: string) =>
    findings.push({
      kind,
      offset: anchor.offset,
      length: anchor.length,
      message: `${readablePath(pointerOf(...place))} ${message}`,
      pointer: pointerOf(...place),
    });
  let current = reference;
  const stack = [...passed];
  for (;;) {
    const target = stringOf(memberOf(current, '$componentRef'));
    const match = target === undefined ? null : REFERENCE.exec(target);
    if (!match) return undefined; // Not a component reference at all: the schema rule says so.
    const [, targetNamespace, name] = match;
    if (targetNamespace !== namespace) {
      report('wrong-component-namespace', `must reference #/components/${namespace}, not #/components/${targetNamespace}.`);
      return undefined;
    }
    const key = `${targetNamespace}/${name}`;
    if (stack.includes(key)) {
      report('component-reference-cycle', `is a reference that comes back to where it passed: ${[...stack, key].join(' -> ')}.`);
      return undefined;
    }
    const resolved = componentNamed(root, targetNamespace, name);
    if (resolved === undefined) {
      report('missing-component-target', `references ${JSON.stringify(target)}, which the document's components do not define.`);
      return undefined;
    }
    if (!isReference(resolved)) return { node: resolved, pointer: pointerOf('components', targetNamespace, name) };
    stack.push(key);
    current = resolved;
  }
}
