// The thorough tier's run of the linear scans' differentials: 20,000 generated texts each (linearScans.test.ts runs 500).
import { describe } from 'node:test';
import { itAnswerAsTheExpressions } from '../support/linearScansDifferential';

describe('linear scans answer as the expressions they replace', () => {
  itAnswerAsTheExpressions(20_000);
});
