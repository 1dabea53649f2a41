// The thorough tier's run of the YAML read-back differential: all 30 seeded declare layouts and 12
// merge-key documents, 40 slices of each text (yamlReadBack.test.ts runs the first 2 and 2, and 4 slices).
import { readBackAgreesWithThePackage } from './yamlReadBackDifferential';

readBackAgreesWithThePackage(30, 12, 40);
