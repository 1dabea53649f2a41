// Every JSON fixture of the corpus as YAML checks the same (yamlTwinsCheck.ts): each fixture in one of
// the three styles, the next fixture in the next style; yamlTwins.thorough.test.ts writes each
// fixture in the two other styles.
import { yamlTwins } from './yamlTwinsCheck';

yamlTwins('', (fileIndex, styleIndex) => styleIndex === fileIndex % 3);
