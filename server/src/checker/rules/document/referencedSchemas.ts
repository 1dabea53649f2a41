// A tool's inputSchema written as a Reference Object is held, once resolved, to what an inline
// inputSchema must be. Spec §9.2: the schema root "MUST describe an object", and resolution "MUST
// occur before applying every inline schema rule in this section, including root shape"; §17: a
// component of `schemas` may be any JSON Schema object. So a component of another type is valid where
// it is declared and invalid where a tool takes its input from it. The official validator validates
// the resolved document again and reports `schema-validation` at the use site's path
// (`/tools/<i>/inputSchema/type`); so does this check, underlining the reference written there (the
// component itself is not at fault, and may serve other places well).
//
// The other places a reference may stand (outputSchema, the examples of tools, resources, resource
// templates and prompts, a chain of components) require of the resolved value exactly what its
// component's own place requires, which the schema rule checks there. Declarations' requestedSchema
// references are the elicitation rules'.
import { memberOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { describeNode } from '../../syntax/describe';
import { referenceTarget } from './referenceChains';
import { pointerOf, readablePath } from './pointers';
import type { SchemaFinding } from './documentSchema';

/** The use-site findings of the tool `index` of `tools`: its inputSchema's resolved root shape. */
export function checkToolReferencedSchemas(root: SyntaxNode, tool: SyntaxNode, index: number): SchemaFinding[] {
  if (root.type !== 'object' || tool.type !== 'object') return [];
  const reference = memberOf(tool, 'inputSchema');
  if (!reference) return [];
  const place = ['tools', index, 'inputSchema'] as const;
  const target = referenceTarget(root, reference, 'schemas', place);
  // A component that is not an object is reported where it is declared; a broken chain by the semantic rule.
  if (!target || target.node.type !== 'object') return [];
  const typeNode = memberOf(target.node, 'type');
  if (stringOf(typeNode) === 'object') return [];
  const anchor = memberOf(reference, '$componentRef')!;
  const pointer = pointerOf(...place);
  const has = typeNode === undefined ? 'has no type' : `has type ${describeNode(typeNode)}`;
  return [
    {
      offset: anchor.offset,
      length: anchor.length,
      // Not 'required' even when `type` is absent: the member is missing in the component, not at the
      // reference, so nothing is to be inserted here.
      keyword: 'const',
      pointer: `${pointer}/type`,
      component: target.pointer,
      message: `${readablePath(pointer)} refers to '#${target.pointer}', which ${has}; a tool's inputSchema must describe an object (type "object").`,
    },
  ];
}
