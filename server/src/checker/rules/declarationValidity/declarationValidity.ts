// Rule mcpdesc.elicitation.declaration-validity (this linter's own): every elicitation declaration
// of every tool, resource, resource template and prompt, against MCP Description 0.8.0 and MCP's
// own schema for the revisions in its scope. It never looks across primitives, so a tool's
// findings are kept per element of `tools` (an edit inside one tool re-checks that tool only).
import { DECLARATION_RULE_ID } from '../../../../../shared/src/rules';
import { collectionOf, readPrimitive, readPrimitives, toolNameCounts, toolsArrayOf } from '../../model/documentModel';
import type { SyntaxNode } from '../../syntax/tree';
import { declarationFixesFor } from './declarationFixes';
import { metaOf, type Rule, type ToolContext, type ToolFindings } from '../rule';
import { checkPrimitiveDeclarations } from './checkDeclarations';
import { officialCodeOfDeclaration, type DeclarationFinding } from './kinds';

/** Declaration-validity kinds that say what the consistency rule's invalid-declaration says. */
const SAME_PROBLEM_AS_INVALID_DECLARATION: ReadonlySet<string> = new Set([
  'malformed-declaration',
  'missing-name',
  'duplicate-name',
  'invalid-mode',
  'missing-requested-schema',
]);

function checkTool({ root, tool, index, elements, nameCounts }: ToolContext): ToolFindings<DeclarationFinding> {
  return { findings: checkToolDeclarations(root, tool, index, elements, nameCounts), notChecked: [] };
}

export const declarationValidityRule: Rule<DeclarationFinding> = {
  id: DECLARATION_RULE_ID,
  meta: metaOf(DECLARATION_RULE_ID),
  // Cheap, and noticing nothing: run always, as it always was.
  scope: 'elicitation',
  runsUnder: () => true,
  checkRoot(context) {
    const { root } = context;
    if (root.type !== 'object') return { tools: [], others: [], othersNotChecked: [] };
    const elements = toolsArrayOf(root)?.items ?? [];
    const nameCounts = toolNameCounts(elements);
    const tools = elements.map((tool, index) => checkTool({ ...context, tool, index, elements, nameCounts }));
    const others: DeclarationFinding[] = [];
    for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
      if (!collectionOf(root, kind)) continue;
      for (const primitive of readPrimitives(root, kind))
        for (const finding of withOfficialCodes(checkPrimitiveDeclarations(primitive))) others.push(finding);
    }
    return { tools, others, othersNotChecked: [] };
  },
  checkTool,
  fixes: (finding, editor) => declarationFixesFor(finding, editor),
  problemOf(finding) {
    const subject = finding.declaration?.node ?? finding.owner.elicitationsProperty;
    return finding.aspect && subject ? { subject, aspect: finding.aspect } : undefined;
  },
  // The same problem in the consistency rule's words: this rule's fix repairs that diagnostic too. A
  // finding inside a schema that diagnostic calls unusable is only hidden behind it.
  fixesTheSameProblem: (finding) => SAME_PROBLEM_AS_INVALID_DECLARATION.has(finding.violation),
  reportsRepeatsOnce: true,
};

function checkToolDeclarations(
  root: SyntaxNode,
  toolNode: SyntaxNode,
  index: number,
  siblings: readonly SyntaxNode[],
  nameCounts: ReadonlyMap<string, number>,
): DeclarationFinding[] {
  if (toolNode.type !== 'object' || !toolNode.properties.some((property) => property.key.value === 'elicitations')) return [];
  return withOfficialCodes(checkPrimitiveDeclarations(readPrimitive(root, 'tool', toolNode, index, siblings, nameCounts)));
}

function withOfficialCodes(findings: DeclarationFinding[]): DeclarationFinding[] {
  for (const finding of findings) {
    const officialCode = officialCodeOfDeclaration(finding);
    if (officialCode !== undefined) finding.officialCode = officialCode;
  }
  return findings;
}
