// What a reporting tool shows about each rule (SARIF's reportingDescriptor), read from the shared
// rule table; the docs links point at the pages shipped with this copy of the linter.
import { RULES, RULE_IDS, ruleDocsUri, type RuleDescription } from '../../../shared/src/rules';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';

export interface RuleMetadata extends RuleDescription {
  helpUri: string;
}

export const RULE_METADATA: readonly RuleMetadata[] = RULE_IDS.map((id) => ({ ...RULES[id], helpUri: ruleDocsUri(id, shippedDocsBaseUri()) }));
