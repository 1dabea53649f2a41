// The thorough tier's run of the round-check differential (incrementalRounds.ts): all 400 seeded
// rounds (the fast tier, incrementalRounds.test.ts, runs the first 15 of them).
import { agreeOverRounds } from './incrementalRounds';

agreeOverRounds(400);
