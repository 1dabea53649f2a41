// The elicitation-consistency rule (mcpdesc.tool.interaction.elicitation-consistency) on the rule
// contract: each tool's declarations and elicitation steps, with the spec's quick-fixes.
import { ELICITATION_RULE_ID } from '../../../../../shared/src/rules';
import { toolNameCounts, toolsArrayOf } from '../../model/documentModel';
import { collectNotChecked } from '../../notChecked';
import { schemaCache } from '../../schema/sharedSchemaCache';
import { fixesForFinding } from './quickFixes';
import { metaOf, type Rule, type ToolContext, type ToolFindings } from '../rule';
import { checkToolNode } from './elicitationConsistency';
import type { ConsistencyFinding } from './findings';
import { officialCodeOfConsistency } from './officialCodes';
import { problemAtRange } from '../sameProblem';

function checkTool(context: ToolContext): ToolFindings<ConsistencyFinding> {
  const { root, tool, index, elements, nameCounts, schemas } = context;
  const checked = collectNotChecked(() => checkToolNode(root, tool, index, elements, nameCounts, schemas));
  for (const finding of checked.result) {
    const officialCode = officialCodeOfConsistency(finding.violation);
    if (officialCode) finding.officialCode = officialCode;
  }
  return { findings: checked.result, notChecked: checked.notChecked };
}

export const elicitationConsistencyRule: Rule<ConsistencyFinding> = {
  id: ELICITATION_RULE_ID,
  meta: metaOf(ELICITATION_RULE_ID),
  // Run while off too: what it could not check is still noticed (mcpdesc.checker), as it always was.
  scope: 'elicitation',
  runsUnder: () => true,
  checkRoot(context) {
    const { root } = context;
    // The rule never looks across tools, and finds nothing outside them.
    const elements = (root.type === 'object' ? toolsArrayOf(root)?.items : undefined) ?? [];
    const nameCounts = toolNameCounts(elements);
    const tools = elements.map((tool, index) => checkTool({ ...context, tool, index, elements, nameCounts }));
    return { tools, others: [], othersNotChecked: [] };
  },
  checkTool,
  fixes: (finding, editor) => fixesForFinding(finding, editor, schemaCache),
  problemOf(finding) {
    // A step's finding: the schema rule's finding at the same range of the same step is this one.
    if (finding.step) return problemAtRange(finding.step.node, finding);
    const subject = finding.declaration?.node ?? finding.tool.elicitationsProperty;
    return finding.aspect && subject ? { subject, aspect: finding.aspect } : undefined;
  },
};
