// Rule mcpdesc.tool.interaction.elicitation-consistency: walks every tool, its declarations and
// the elicitation steps of its interaction examples. Wrong JSON types anywhere just end the walk
// of that branch; nothing here throws on a document's content.
import type { DocumentSchemas } from '../documentSchemas';
import { effectiveProperties, memberOf, stringOf, type SyntaxNode } from '../tree';
import { checkStep, readStep } from './checkStep';
import type { Finding, Step, Tool } from './model';
import { readTool } from './readTool';

/** The effective `tools` array of a document root, when it is one. */
export function toolsArrayOf(root: SyntaxNode): SyntaxNode | undefined {
  const tools = memberOf(root, 'tools');
  return tools?.type === 'array' ? tools : undefined;
}

/** The findings of each element of `tools`, index for index (the rule never looks across tools). */
export function checkElicitationConsistency(root: SyntaxNode, schemas: DocumentSchemas): Finding[][] {
  return (toolsArrayOf(root)?.children ?? []).map((toolNode, index) => checkToolNode(toolNode, index, schemas));
}

export function checkToolNode(toolNode: SyntaxNode, index: number, schemas: DocumentSchemas): Finding[] {
  return toolNode.type === 'object' ? checkTool(readTool(toolNode, index, schemas), schemas) : [];
}

function checkTool(tool: Tool, schemas: DocumentSchemas): Finding[] {
  const findings: Finding[] = [];
  for (const declaration of tool.declarations.values()) {
    if (declaration.problem) {
      const key = declaration.property.children![0];
      findings.push({
        violation: 'invalid-declaration',
        offset: key.offset,
        length: key.length,
        message: `Elicitation declaration '${declaration.name}' of tool '${tool.label}' is invalid: ${declaration.problem}.`,
        tool,
        declaration,
      });
    }
  }
  for (const step of elicitationStepsOf(tool)) findings.push(...checkStep(step, schemas));
  return findings;
}

/** Every elicitation step of the tool's (effective) interaction examples, in document order. */
export function elicitationStepsOf(tool: Tool): Step[] {
  const steps: Step[] = [];
  for (const exampleProperty of effectiveProperties(memberOf(tool.node, 'interactionExamples')).values()) {
    const stepNodes = memberOf(exampleProperty.children![1], 'steps');
    if (stepNodes?.type !== 'array') continue;
    for (const stepNode of stepNodes.children ?? []) {
      const typeNode = memberOf(stepNode, 'type');
      if (typeNode && stringOf(typeNode) === 'elicitation') steps.push(readStep(tool, stepNode, typeNode));
    }
  }
  return steps;
}
