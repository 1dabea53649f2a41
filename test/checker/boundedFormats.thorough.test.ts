// The thorough tier's run of the format differential (boundedFormats.test.ts runs a sample): 3,000
// seeded random strings per expression format, and url on every pair of interesting first octets.
import { describe } from 'node:test';
import { itExcludesPrivateRanges, itGivesAjvFormatsVerdicts, OCTETS } from '../support/boundedFormatsDifferential';

describe('format checks on RE2 agree with ajv-formats', () => {
  itGivesAjvFormatsVerdicts(3000);
  itExcludesPrivateRanges(OCTETS);
});
