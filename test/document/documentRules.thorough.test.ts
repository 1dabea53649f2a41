// The thorough tier's run of the whole-document rules' one-tool shortcut over seeded edits
// (oneToolEdits.ts): all three generated documents per format, 60 edits each (the fast tier,
// documentRules.test.ts, runs the first document's first 20).
import { oneToolEditsAgree } from './oneToolEdits';

oneToolEditsAgree(3, 60);
