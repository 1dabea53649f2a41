// The declaration name under the cursor, from either side: a declaration's `name` value in a tool's
// `elicitations`, or an elicitation step's `declaration` string. Definition, references, rename and
// hover all start here, on the document model's reading of the tool: the declaration a name finds is
// the first element with that name, and only the steps the rule reads are references.
import { isAliasCopy } from '../syntax/yaml/yamlTreeNode';
import type { Declaration, Step, Tool } from '../model/documentModel';
import type { SyntaxNode } from '../syntax/tree';
import { contains, readToolAt, toolAt, toolMemberAt } from './locate';
import type { NavigationDocument } from './types';

export type NameAt =
  | {
      side: 'declaration';
      name: string;
      /** The `name` value node under the cursor. */
      node: SyntaxNode;
      tool: Tool;
      /** The element whose name it is (possibly a later duplicate). */
      declaration: Declaration;
    }
  | {
      side: 'reference';
      name: string;
      /** The step's `declaration` string under the cursor. */
      node: SyntaxNode;
      tool: Tool;
      step: Step;
      /** What the name finds in the tool object, if anything. */
      declaration?: Declaration;
    };

/** A string written here (not a YAML alias standing for one written elsewhere) that contains the offset. */
function isNameHere(node: SyntaxNode | undefined, offset: number): node is SyntaxNode {
  return !!node && node.type === 'string' && !isAliasCopy(node) && contains(node, offset);
}

export function nameAt(document: NavigationDocument, offset: number): NameAt | undefined {
  const at = toolAt(document, offset);
  const member = at && toolMemberAt(at.node, offset);
  if (member === 'elicitations') {
    const tool = readToolAt(at!);
    const declaration = tool.declarations.find(
      (candidate) => candidate.name !== undefined && isNameHere(candidate.nameNode, offset),
    );
    if (!declaration) return undefined;
    return { side: 'declaration', name: declaration.name!, node: declaration.nameNode!, tool, declaration };
  }
  if (member === 'interactionExamples') {
    const tool = readToolAt(at!);
    const step = tool.steps.find(
      (candidate) => candidate.declarationName !== undefined && isNameHere(candidate.declarationNode, offset),
    );
    if (!step) return undefined;
    const found = { side: 'reference' as const, name: step.declarationName!, node: step.declarationNode!, tool, step };
    return step.declaration ? { ...found, declaration: step.declaration } : found;
  }
  return undefined;
}

/** The steps of the tool object naming `name`, in document order. */
export function stepsNaming(tool: Tool, name: string): Step[] {
  return tool.steps.filter((step) => step.declarationName === name);
}

/** The `name` nodes of every element declaring `name`: the declaration, then its duplicates. */
export function nameNodesOf(tool: Tool, name: string): SyntaxNode[] {
  const nodes: SyntaxNode[] = [];
  for (const declaration of tool.declarations) {
    if (declaration.name === name) nodes.push(declaration.nameNode!);
  }
  return nodes;
}
