// The thorough tier's run of removeElements.ts: 5,000 seeded lists (the fast tier runs 300).
import { removeElementsHolds } from './removeElements';

removeElementsHolds(5000);
