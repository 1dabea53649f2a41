// DocumentEditor.removeElements held to what it says (removeElements.ts): 300 seeded lists here,
// 5,000 in removeElements.thorough.test.ts.
import { removeElementsHolds } from './removeElements';

removeElementsHolds(300);
