// The thorough tier's run of the JSON incremental differential: all 1,500 seeded random edits (the
// fast tier, incremental.test.ts, runs the first 20 of them).
import { agreeOverRandomEdits } from './incrementalDifferential';

agreeOverRandomEdits(1500);
