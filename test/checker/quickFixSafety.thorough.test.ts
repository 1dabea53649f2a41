// The thorough tier's run of quickFixSafety.ts: 3,000 seeded documents (the fast tier runs 150).
import { quickFixesAddNoSyntaxError } from './quickFixSafety';

quickFixesAddNoSyntaxError(3000);
