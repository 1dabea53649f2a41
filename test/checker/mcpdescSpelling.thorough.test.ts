// The thorough tier's run of the escaped-root-key differential: 3,000 seeded texts per format (the
// fast tier, mcpdescSpelling.test.ts, runs the first 100). Another seed or a longer run:
// MCPDESC_SPELLING_SEED=n MCPDESC_SPELLING_ITERATIONS=n node --test out/test/checker/mcpdescSpelling.thorough.test.js
import { sniffAgreesWithFullParse } from '../support/mcpdescSpellingFuzz';

sniffAgreesWithFullParse(3000);
