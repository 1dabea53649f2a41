// The thorough tier's part of fix-all's batched-against-plain differential: seeded generated documents
// of 40 KB dense with problems, JSON and YAML (fixAllBatched.test.ts runs the same seeds at 12 KB).
import { describe } from 'node:test';
import { generatedSameAsPlain } from './fixAllGenerated';

describe('fix-all: the batched path equals the plain path', () => {
  generatedSameAsPlain(40_000);
});
