// The thorough tier's part of fix-all's batched-against-plain differential: every document of the
// fixture corpora (fixAllBatched.test.ts runs every twelfth), and seeded generated documents dense
// with problems, JSON and YAML: seeds 1 to 8 of 40 KB, and 5 to 8 of 12 KB (fixAllBatched.test.ts runs
// seeds 1 to 4 of 12 KB).
import { describe } from 'node:test';
import { corpusSameAsPlain } from './fixAllCorpus';
import { generatedSameAsPlain } from './fixAllGenerated';

describe('fix-all: the batched path equals the plain path', () => {
  corpusSameAsPlain(1);
  generatedSameAsPlain(40_000, [1, 2, 3, 4, 5, 6, 7, 8]);
  generatedSameAsPlain(12_000, [5, 6, 7, 8]);
});
