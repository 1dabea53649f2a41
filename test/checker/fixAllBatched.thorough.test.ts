// The thorough tier's part of fix-all's batched-against-plain differential: every document of the
// fixture corpora (fixAllBatched.test.ts runs every fourth), and seeded generated documents of 40 KB
// dense with problems, JSON and YAML (fixAllBatched.test.ts runs the same seeds at 12 KB).
import { describe } from 'node:test';
import { corpusSameAsPlain } from './fixAllCorpus';
import { generatedSameAsPlain } from './fixAllGenerated';

describe('fix-all: the batched path equals the plain path', () => {
  corpusSameAsPlain(1);
  generatedSameAsPlain(40_000);
});
