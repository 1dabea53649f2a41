// What every check of rule mcpdesc.document.semantics finds, whichever file checks it: one shape
// and the official validator's code of each kind, in a file of their own rather than borrowed
// from one of the checks.
import {
  EXAMPLE_VIOLATION_KINDS,
  OFFICIAL_NAMED_KINDS,
  type ExampleViolationKind,
  type OfficialNamedKind,
  type SemanticViolationKind,
} from '../../types';

/** Every kind of mcpdesc.document.semantics (every semantic check's). */
export type SemanticKind = SemanticViolationKind;

/** The official validator's code for each kind. */
export const OFFICIAL_CODE_OF: Readonly<Record<SemanticKind, string>> = {
  'step-revision-mismatch': 'interaction-example-version-mismatch',
  'client-requirements-contradiction': 'interaction-example-client-requirements-contradiction',
  'roots-uri': 'interaction-example-roots-uri',
  'wrong-component-namespace': 'wrong-component-reference-namespace',
  'component-reference-cycle': 'component-reference-cycle',
  'missing-component-target': 'missing-component-reference-target',
  'client-requirement-revision-mismatch': 'client-requirement-version-mismatch',
  'invalid-client-requirement': 'invalid-client-requirement-value',
  'deprecated-client-requirement': 'deprecated-client-requirement',
  ...(Object.fromEntries(EXAMPLE_VIOLATION_KINDS.map((kind) => [kind, kind])) as Record<ExampleViolationKind, string>),
  ...(Object.fromEntries(OFFICIAL_NAMED_KINDS.map((kind) => [kind, kind])) as Record<OfficialNamedKind, string>),
};

export interface SemanticFinding {
  kind: SemanticKind;
  offset: number;
  length: number;
  message: string;
  /** The official validator's path for the same finding. */
  pointer: string;
}
