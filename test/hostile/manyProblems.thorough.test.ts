// The thorough tier's run of tens of thousands of problems in one file through the built CLI, at the
// sizes that took the old code minutes (manyProblems.test.ts runs them at a hundredth of the size),
// and the shortcuts held to the plain way on the whole fixture corpus (manyProblems.test.ts: a sample).
import { manyProblemsThroughTheCli } from './manyProblemsCli';
import { describeTheShortcutsHeldToThePlainWay, plainWayDocuments } from './support/plainWay';

manyProblemsThroughTheCli(45_000, 40_000, 20_000);
describeTheShortcutsHeldToThePlainWay(plainWayDocuments(), { documents: 21, blocked: 4, fixable: 21 });
