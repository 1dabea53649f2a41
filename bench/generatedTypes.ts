// The generator's types, which the document shapes (shapes.ts, specLike.ts) build with too: a file
// of their own, so that the generator and its shapes do not import each other.
import type { ViolationKind } from '../server/src/checker';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The violation kinds the generator seeds (every kind of the rule except invalid-declaration). */
export type SeededViolation = Exclude<ViolationKind, 'invalid-declaration'>;

export interface GenerationStats {
  bytes: number;
  tools: number;
  declarations: number;
  examples: number;
  steps: number;
  elicitationSteps: number;
  /** How many steps were made to violate the rule, by kind; each gives exactly one diagnostic. */
  seeded: Record<SeededViolation, number>;
}
