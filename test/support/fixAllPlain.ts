// The reference fix-all is held to (test/checker/fixAllBatched.test.ts, bench/fixAllBench.ts): the
// same rounds, each planned the plain way, one declaration per fix and each YAML edit read back alone
// as it is planned, without fix-all's batching of one tool's declarations and of the YAML read-backs.
import { fixAll, planPlain, type FixAllOptions, type FixAllResult } from '../../server/src/checker/fixes/fixAll';

export function fixAllPlain(text: string, options: FixAllOptions = {}): FixAllResult {
  return fixAll(text, options, planPlain);
}
