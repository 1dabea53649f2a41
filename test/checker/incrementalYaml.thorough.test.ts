// The thorough tier's run of the YAML incremental differentials: all 800 seeded random edits per
// corpus (the fast tier, incrementalYaml.test.ts, runs the first 12 of them).
import { yamlDifferentials } from './incrementalYamlDifferential';

yamlDifferentials(800);
