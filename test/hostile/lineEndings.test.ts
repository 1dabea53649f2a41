// Positions under every line-break style and a BOM (support/lineBreakStyles.ts), on every third
// fixture of the corpus; lineEndings.thorough.test.ts runs all of them.
import { describeLineBreakStyles, lineBreakCorpus } from './support/lineBreakStyles';

describeLineBreakStyles(lineBreakCorpus(3));
