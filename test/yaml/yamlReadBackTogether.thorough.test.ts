// The thorough tier's run of fix-all's YAML read-back together (yamlReadBackTogetherCheck.ts): all 120
// seeded declare layouts (yamlReadBackTogether.test.ts runs the first 30).
import { describe } from 'node:test';
import { readBackTogetherOnLayouts } from './yamlReadBackTogetherCheck';

describe('YAML read-back together', () => {
  readBackTogetherOnLayouts(120);
});
