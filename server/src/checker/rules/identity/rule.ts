// The document's identity as a rule: what its `mcpdesc` and `$schema` say (formatVersion.ts) is
// reported as kinds of mcpdesc.document.schema, before and beside every other rule, and decides
// which of the other rules run on the root (Rule.scope): a 0.7.0 document gets its one diagnostic
// and its migration, not the findings of rules written for 0.8.0.
import { DOCUMENT_SCHEMA_RULE_ID } from '../../../../../shared/src/rules';
import { toolsArrayOf } from '../../model/documentModel';
import type { SyntaxNode } from '../../syntax/tree';
import type { CheckOptions } from '../../types';
import { isRuleOn } from '../makeDiagnostic';
import { metaOf, type RootFindings, type Rule, type RuleScope, type ToolFindings } from '../rule';
import { versionGateOf, type VersionFinding } from './formatVersion';
import { versionFixesFor } from './versionFixes';

const NOTHING: ToolFindings<VersionFinding> = Object.freeze({ findings: [], notChecked: [] }) as ToolFindings<VersionFinding>;

export const documentIdentityRule: Rule<VersionFinding> = {
  id: DOCUMENT_SCHEMA_RULE_ID,
  meta: metaOf(DOCUMENT_SCHEMA_RULE_ID),
  scope: 'identity',
  runsUnder: (options) => isRuleOn(DOCUMENT_SCHEMA_RULE_ID, options),
  // Its findings lie outside the tools (on `mcpdesc`, `$schema` or the root's first key): a tool
  // holds none, whatever is edited in it.
  checkRoot: ({ root }) => ({
    tools: (toolsArrayOf(root)?.items ?? []).map(() => ({ findings: [], notChecked: [] })),
    others: versionGateOf(root).findings,
    othersNotChecked: [],
  }),
  checkTool: () => NOTHING,
  fixes: (finding, editor, root, document) => {
    const rootIndex = document.roots.indexOf(root);
    if (rootIndex < 0) return [];
    return versionFixesFor(finding, editor, { ...document, root, rootIndex });
  },
};

/**
 * Whether a rule of `scope` runs on `root`, by what the root's identity says. The elicitation rules
 * are kept from a root only while its identity finding is reported (the schema rule is on): a
 * document is never left with no word at all, where those rules used to speak.
 */
export function identityLetsRun(root: SyntaxNode, scope: RuleScope, options: Pick<CheckOptions, 'rules'>): boolean {
  if (scope === 'identity') return true;
  if (scope === 'elicitation' && !documentIdentityRule.runsUnder(options)) return true;
  const gate = versionGateOf(root);
  return scope === 'elicitation' ? gate.elicitationRules : gate.documentRules;
}

/** What a rule its root's identity keeps from running found there: nothing, a place per tool kept for the one-tool re-check. */
export function nothingFoundIn(root: SyntaxNode): RootFindings {
  return {
    tools: (toolsArrayOf(root)?.items ?? []).map(() => ({ findings: [], notChecked: [] })),
    others: [],
    othersNotChecked: [],
  };
}
