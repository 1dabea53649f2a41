// What a reporting tool shows about each rule (SARIF's reportingDescriptor): a stable name, one line
// of description and the default level. The ids and docs links come from the shared constants.
import { CHECKER_RULE_ID, ELICITATION_RULE_ID, RULE_DOCS, RULE_IDS, SYNTAX_RULE_ID } from '../../../shared/src/constants';
import type { RuleId } from '../../../shared/src/constants';
import type { SeverityName } from './severity';

export interface RuleMetadata {
  id: RuleId;
  /** PascalCase, as SARIF recommends for reportingDescriptor.name. */
  name: string;
  shortDescription: string;
  helpUri: string;
  defaultSeverity: SeverityName;
}

const DESCRIPTIONS: Record<RuleId, Omit<RuleMetadata, 'id' | 'helpUri'>> = {
  [ELICITATION_RULE_ID]: {
    name: 'ElicitationConsistency',
    shortDescription:
      "An elicitation step matches the tool's named elicitation declaration, and its response content is present exactly when an accepted form response requires it and validates against the requested schema.",
    defaultSeverity: 'error',
  },
  [SYNTAX_RULE_ID]: {
    name: 'Syntax',
    shortDescription: 'The document is well-formed JSON (comments and trailing commas allowed) or YAML.',
    defaultSeverity: 'error',
  },
  [CHECKER_RULE_ID]: {
    name: 'CheckerNotice',
    shortDescription: 'The checker skipped the document or could not finish it (too large, too deep, internal error).',
    defaultSeverity: 'information',
  },
};

export const RULE_METADATA: readonly RuleMetadata[] = RULE_IDS.map((id) => ({ id, helpUri: RULE_DOCS[id], ...DESCRIPTIONS[id] }));
