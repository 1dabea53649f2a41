// The thorough tier's part of the hostile documents through the CLI (cli.test.ts runs the fixtures
// through dist/cli.js and one generated case of each kind they lack): the catastrophic backreference
// pattern in 200 steps, which spends the document's time budget.
import { describe } from 'node:test';
import { itAnswersOnTheGeneratedCase } from './support/cliGenerated';

describe('hostile fixtures through the CLI', () => {
  itAnswersOnTheGeneratedCase('catastrophic-backreference-steps');
});
