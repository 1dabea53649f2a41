// Rule mcpdesc.tool.interaction.elicitation-consistency: every tool's declarations (kind 9) and the
// elicitation steps of its interaction examples (kinds 1-8), read through the document model. Wrong
// JSON types anywhere just end the walk of that branch; nothing here throws on a document's content.
import type { DocumentSchemas } from '../../schema/documentSchemas';
import { declarationAnchor, elicitationsKeyOf, readTool, type Tool } from '../../model/documentModel';
import type { SyntaxNode } from '../../syntax/tree';
import { checkStep } from './checkStep';
import { DeclarationVerdicts } from './declarationVerdicts';
import { describeNode, quote } from '../../syntax/describe';
import type { ConsistencyFinding } from './findings';

/** The findings of one element of `tools` (the rule never looks across tools: rule.ts checks each). */
export function checkToolNode(
  root: SyntaxNode,
  toolNode: SyntaxNode,
  index: number,
  siblings: readonly SyntaxNode[],
  nameCounts: ReadonlyMap<string, number>,
  schemas: DocumentSchemas,
): ConsistencyFinding[] {
  return toolNode.type === 'object' ? checkTool(readTool(root, toolNode, index, siblings, nameCounts), schemas) : [];
}

function checkTool(tool: Tool, schemas: DocumentSchemas): ConsistencyFinding[] {
  const findings: ConsistencyFinding[] = [];
  const verdicts = new DeclarationVerdicts(schemas);
  const elicitations = tool.elicitationsProperty?.value;
  if (elicitations && elicitations.type !== 'array') {
    const key = elicitationsKeyOf(tool)!;
    findings.push({
      violation: 'invalid-declaration',
      offset: key.offset,
      length: key.length,
      message: `The elicitations of tool ${tool.title} must be an array of named declarations, not ${describeNode(elicitations)}; it declares nothing.`,
      tool,
      aspect: 'elicitations',
    });
  }
  for (const declaration of tool.declarations) {
    const verdict = verdicts.of(declaration);
    if (verdict.usable) continue;
    const anchor = declarationAnchor(declaration);
    const which =
      declaration.name !== undefined
        ? `Elicitation declaration ${quote(declaration.name)}`
        : `Elicitation declaration elicitations[${declaration.index}]`;
    findings.push({
      violation: 'invalid-declaration',
      offset: anchor.offset,
      length: anchor.length,
      message: `${which} of tool ${tool.title} is invalid: ${verdict.problem}.`,
      tool,
      declaration,
      aspect: verdict.aspect,
    });
  }
  for (const step of tool.steps) for (const finding of checkStep(step, verdicts, schemas)) findings.push(finding);
  return findings;
}
