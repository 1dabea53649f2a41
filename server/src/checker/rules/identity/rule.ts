// The document's identity as a rule: what its `mcpdesc` and `$schema` say (formatVersion.ts) is
// reported as kinds of mcpdesc.document.schema, before and beside every other rule, and decides
// which of the other rules run on the root (Rule.scope): a 0.7.0 document gets its one diagnostic
// and its migration, not the findings of rules written for 0.8.0.
import { DOCUMENT_SCHEMA_RULE_ID } from '../../../../../shared/src/rules';
import { toolsArrayOf } from '../../model/documentModel';
import type { SyntaxNode } from '../../syntax/tree';
import type { CheckOptions } from '../../types';
import { isRuleOn } from '../makeDiagnostic';
import { metaOf, type Finding, type RootFindings, type Rule, type RuleScope, type ToolFindings } from '../rule';
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
  checkRoot: ({ root }) => ({ ...nothingFoundIn<VersionFinding>(root), others: versionGateOf(root).findings }),
  checkTool: () => NOTHING,
  fixes: (finding, editor, root, document) => {
    const rootIndex = document.roots.indexOf(root);
    if (rootIndex < 0) return [];
    return versionFixesFor(finding, editor, { ...document, root, rootIndex });
  },
};

/**
 * Which rules run on `root`, by what its identity says (read once per root): a predicate on their
 * scope. The elicitation rules are kept from a root only while its identity finding is reported
 * (the schema rule is on): a document is never left with no word at all, where those rules used to speak.
 */
export function scopesRunningOn(root: SyntaxNode, options: Pick<CheckOptions, 'rules'>): (scope: RuleScope) => boolean {
  const gate = versionGateOf(root);
  const elicitation = gate.elicitationRules || !documentIdentityRule.runsUnder(options);
  return (scope) => scope === 'identity' || (scope === 'elicitation' ? elicitation : gate.documentRules);
}

/** What a rule its root's identity keeps from running found there: nothing, a place per tool kept for the one-tool re-check. */
export function nothingFoundIn<F extends Finding = Finding>(root: SyntaxNode): RootFindings<F> {
  return {
    tools: (toolsArrayOf(root)?.items ?? []).map(() => ({ findings: [], notChecked: [] })),
    others: [],
    othersNotChecked: [],
  };
}
