// Positions under every line-break style and a BOM (support/lineBreakStyles.ts), on every fixture of
// the corpus; lineEndings.test.ts runs every third.
import { describeLineBreakStyles, lineBreakCorpus } from './support/lineBreakStyles';

describeLineBreakStyles(lineBreakCorpus());
