// The one-tool shortcut with declaration findings around the tools (incrementalAroundTools.ts): the
// first 60 seeded edits of each layout here, all 300 in incremental.thorough.test.ts.
import { agreeAroundTheTools } from './incrementalAroundTools';

agreeAroundTheTools(60);
