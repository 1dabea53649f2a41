// The reference fix-all is held to (test/checker/fixAllBatched.test.ts, bench/fixAllBench.ts): the
// same rounds, each planned the plain way, one declaration per fix and each YAML edit read back alone
// from the whole text as it is planned, and each round checked whole: without fix-all's batching of
// one tool's declarations and of the YAML read-backs, and without re-checking only the tools a round edited.
import { fixAll, PLAIN_WAY, type FixAllOptions, type FixAllResult } from '../../server/src/checker/fixes/fixAll';

export function fixAllPlain(text: string, options: FixAllOptions = {}): FixAllResult {
  return fixAll(text, options, PLAIN_WAY);
}
