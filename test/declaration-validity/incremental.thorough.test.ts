// The thorough tier's run of the declaration shortcut differential (incrementalAroundTools.ts): all
// 300 seeded edits of each layout (the fast tier, incremental.test.ts, runs the first 60).
import { agreeAroundTheTools } from './incrementalAroundTools';

agreeAroundTheTools(300);
