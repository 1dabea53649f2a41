// What the rule reports: one finding per violation, keeping references into the document model so
// that the quick-fixes can be built later from the same parse.
import type { Declaration, Step, Tool } from '../model/documentModel';
import type { ViolationKind } from '../types';

export interface Finding {
  violation: ViolationKind;
  offset: number;
  length: number;
  message: string;
  tool: Tool;
  step?: Step;
  declaration?: Declaration;
}
