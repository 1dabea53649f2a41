// The CLI over test-fixtures/yaml (support/cliOverCorpus.ts) through the built dist/cli.js: every run a
// process of its own, its worker threads as a user's run starts them. The fast tier runs the same tests
// in-process (cli.test.ts).
import { before } from 'node:test';
import { builtCliPath, runBuiltCli } from '../cli/support/cliProcess';
import { describeTheCliOverTheYamlFixtures, wholeYamlCorpus } from './support/cliOverCorpus';

before(() => builtCliPath());

describeTheCliOverTheYamlFixtures(
  'the built CLI',
  (args, options) => Promise.resolve(runBuiltCli(args, options)),
  wholeYamlCorpus,
);
