// The fix editor's read-backs (yamlReadBack.ts) now go through the checker's one YAML reader; they
// are held to the `yaml` package's own reading (parseAllDocuments / parseDocument and toJS, how they
// were read before; test/support/yamlComposedReference.ts): on the texts fix-all reads back (the
// declare layouts, the merge-key documents, the YAML fixtures, generated documents dense with
// problems, their fixed texts, one tool's lines alone), the same documents, extents and values, and
// a text with errors has errors in both readings. Here on every fourth YAML fixture, the first 2
// seeded declare layouts and 2 merge-key documents and 4 slices of each text
// (yamlReadBackDifferential.ts); every fixture, all 30 and 12, and 40 slices, in
// yamlReadBack.thorough.test.ts.
import { readBackAgreesWithThePackage } from './yamlReadBackDifferential';

readBackAgreesWithThePackage(2, 2, 4, 4);
