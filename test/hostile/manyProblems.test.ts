// Tens of thousands of problems in one file, through the built CLI: every per-problem step must cost
// a lookup, not a pass over all the others. Before, the CLI counted fixable problems by asking each
// diagnostic's fixes, and each question scanned every diagnostic (and the text, for the suppression
// fix): a directive on each of 45,000 lines took minutes, one directive naming 40,000 rules seconds.
// Here at a hundredth of those sizes (manyProblemsCli.ts); at full size, where the old code needs far
// more than the hang guard, in manyProblems.thorough.test.ts. No timing is asserted, only that the
// answer comes, and that it is right.
// The shortcuts (an index of diagnostics, one token table for the suppression fix, one editor for
// the count) are held to the plain way on every sixth document of the fixture corpus
// (support/plainWay.ts; the whole corpus in manyProblems.thorough.test.ts).
import { manyProblemsThroughTheCli } from './manyProblemsCli';
import { describeTheShortcutsHeldToThePlainWay, plainWayDocuments } from './support/plainWay';

// The cases at a hundredth of the sizes that took minutes before (all of it: manyProblems.thorough.test.ts).
manyProblemsThroughTheCli(450, 400, 200, true);

describeTheShortcutsHeldToThePlainWay(plainWayDocuments(6), { documents: 20, blocked: 4, fixable: 20 });
