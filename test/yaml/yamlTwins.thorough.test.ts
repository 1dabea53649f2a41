// The thorough tier's YAML twins of the JSON fixtures (yamlTwinsCheck.ts): each fixture in the two
// styles yamlTwins.test.ts does not write it in.
import { yamlTwins } from './yamlTwinsCheck';

yamlTwins(', in the other styles', (fileIndex, styleIndex) => styleIndex !== fileIndex % 3);
