// The rules, in the order they run and are reported: the one list check.ts and incremental.ts loop
// over. A rule earlier in the list wins when two report the same problem (sameProblem.ts). Adding
// a rule is a folder under rules/ with its Rule (rule.ts) and one line here (CONTRIBUTING.md).
import { elicitationConsistencyRule } from './elicitation/rule';
import { declarationValidityRule } from './declarationValidity/declarationValidity';
import { documentSchemaRule, documentSemanticsRule } from './document/documentRules';
import { documentIdentityRule } from './identity/rule';
import type { Rule } from './rule';

export const RULE_REGISTRY: readonly Rule[] = [
  documentIdentityRule,
  elicitationConsistencyRule,
  declarationValidityRule,
  documentSchemaRule,
  documentSemanticsRule,
];

export type { Finding, FixDocument, Rule, RootFindings, ToolFindings, RootContext, ToolContext } from './rule';
export { scopesRunningOn, nothingFoundIn } from './identity/rule';
export type { FixPlan } from './fixPlan';
export { reportEachProblemOnce, type Found, type LocatedFinding } from './sameProblem';
