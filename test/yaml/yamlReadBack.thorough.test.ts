// The thorough tier's run of the YAML read-back differential: all 30 seeded declare layouts and 12
// merge-key documents, 40 slices of each text, every YAML fixture (yamlReadBack.test.ts runs the first 2
// and 2, 4 slices, every fourth fixture).
import { readBackAgreesWithThePackage } from './yamlReadBackDifferential';

readBackAgreesWithThePackage(30, 12, 40, 1);
