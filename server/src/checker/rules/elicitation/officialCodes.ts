// The official validator's codes for the findings of the elicitation-consistency rule, which keep
// their own kinds (data.violation) and name the official code beside them (data.officialCode).
import type { ViolationKind } from '../../types';

const CONSISTENCY_OFFICIAL_CODES: Readonly<Partial<Record<ViolationKind, string>>> = {
  'unknown-declaration': 'unknown-elicitation-declaration',
  'mode-mismatch': 'interaction-example-elicitation-declaration-mismatch',
  'schema-mismatch': 'interaction-example-elicitation-declaration-mismatch',
  'url-mismatch': 'interaction-example-elicitation-declaration-mismatch',
  'missing-content': 'interaction-example-elicitation-response-mismatch',
  'unexpected-content': 'interaction-example-elicitation-response-mismatch',
  'invalid-content': 'interaction-example-elicitation-content-schema-mismatch',
};

/** The official code of a consistency finding's kind, when the official validator has one. */
export function officialCodeOfConsistency(violation: ViolationKind): string | undefined {
  return CONSISTENCY_OFFICIAL_CODES[violation];
}
