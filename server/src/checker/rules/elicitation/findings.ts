// What the rule reports: one finding per violation, keeping references into the document model so
// that the quick-fixes can be built later from the same parse.
import type { Declaration, Step, Tool } from '../../model/documentModel';
import type { ViolationKind } from '../../types';
import type { Finding } from '../rule';

/**
 * What part of a declaration an invalid-declaration finding is about. The declaration-validity rule
 * tags its findings the same way, so that a problem both rules see is reported once (sameProblem.ts).
 */
export type DeclarationAspect = 'elicitations' | 'element' | 'name' | 'duplicate' | 'mode' | 'requestedSchema';

export interface ConsistencyFinding extends Finding<ViolationKind> {
  tool: Tool;
  step?: Step;
  declaration?: Declaration;
  /** Set on invalid-declaration findings. */
  aspect?: DeclarationAspect;
}
