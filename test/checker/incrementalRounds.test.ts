// Fix-all's round check against the full check (incrementalRounds.ts): the first 15 seeded rounds
// here, all 400 in incrementalRounds.thorough.test.ts.
import { agreeOverRounds } from './incrementalRounds';

agreeOverRounds(15);
