// Rule mcpdesc.elicitation.declaration-validity (this linter's own): every elicitation declaration
// of every tool, resource, resource template and prompt, against MCP Description 0.8.0 and MCP's
// own schema for the revisions in its scope. It never looks across primitives, so a tool's
// findings are kept per element of `tools` (an edit inside one tool re-checks that tool only).
import { collectionOf, readPrimitive, readPrimitives, toolNameCounts, toolsArrayOf } from '../../model/documentModel';
import type { SyntaxNode } from '../../syntax/tree';
import { checkPrimitiveDeclarations } from './checkDeclarations';
import type { DeclarationFinding } from './kinds';

export interface DeclarationFindings {
  /** Per element of `tools`, index for index. */
  tools: DeclarationFinding[][];
  /** Of resources, resource templates and prompts, in that order. */
  others: DeclarationFinding[];
}

export function checkDeclarationValidity(root: SyntaxNode): DeclarationFindings {
  const elements = toolsArrayOf(root)?.items ?? [];
  const nameCounts = toolNameCounts(elements);
  const tools = elements.map((toolNode, index) => checkToolDeclarations(root, toolNode, index, elements, nameCounts));
  const others: DeclarationFinding[] = [];
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
    if (!collectionOf(root, kind)) continue;
    for (const primitive of readPrimitives(root, kind))
      for (const finding of checkPrimitiveDeclarations(primitive)) others.push(finding);
  }
  return { tools, others };
}

export function checkToolDeclarations(
  root: SyntaxNode,
  toolNode: SyntaxNode,
  index: number,
  siblings: readonly SyntaxNode[],
  nameCounts: ReadonlyMap<string, number>,
): DeclarationFinding[] {
  if (toolNode.type !== 'object' || !toolNode.properties.some((property) => property.key.value === 'elicitations')) return [];
  return checkPrimitiveDeclarations(readPrimitive(root, 'tool', toolNode, index, siblings, nameCounts));
}
