// The thorough tier's run of quickFixSafety.ts: 3,000 seeded documents (the fast tier runs the first 8).
import { quickFixesAddNoSyntaxError } from './quickFixSafety';

quickFixesAddNoSyntaxError(3000);
