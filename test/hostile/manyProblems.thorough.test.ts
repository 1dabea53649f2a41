// The thorough tier's run of tens of thousands of problems in one file through the built CLI, at the
// sizes that took the old code minutes (manyProblems.test.ts runs them at a hundredth of the size).
import { manyProblemsThroughTheCli } from './manyProblemsCli';

manyProblemsThroughTheCli(45_000, 40_000, 20_000);
