// The CLI over test-fixtures/yaml (support/cliOverCorpus.ts), in the fast tier: every third fixture
// through the command run in-process (the same code behind the same argv), and a few fixtures through
// the real dist/cli.js, for what only the process has (its argv, pipes and exit code). The whole corpus
// through dist/cli.js is cli.thorough.test.ts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { builtCliPath, runBuiltCli } from '../cli/support/cliProcess';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { compareExpected, toExpectedShape } from '../support/expectedDiagnostics';
import { apartFromDeclarationValidity } from '../support/ruleScope';
import { describeTheCliOverTheYamlFixtures, yamlCorpusSample, type YamlCorpus } from './support/cliOverCorpus';
import { everyThird, yamlFixture } from './support/yamlFixtures';

// Every third fixture (and the two the --fix tests name), laid out as in the repository. Its hooks
// are inside a describe: at the top of the file they would run around the tests of the other files
// of this folder's shared process too.
describe('the CLI over a sample of the YAML fixtures', () => {
  let sample: YamlCorpus | undefined;
  let sampleFolder: string | undefined;
  before(() => {
    sampleFolder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-yaml-sample-')));
    sample = yamlCorpusSample(sampleFolder, everyThird);
  });
  after(() => {
    if (sampleFolder) fs.rmSync(sampleFolder, { recursive: true, force: true });
  });
  describeTheCliOverTheYamlFixtures('the CLI (in-process)', runCliInProcess, () => sample!);
});

describe('the built CLI over a few YAML fixtures', () => {
  before(() => builtCliPath());

  it('--format json gives each invalid fixture exactly its expected diagnostics and exits 1; a valid one has none', () => {
    const invalid = [
      yamlFixture('expected-invalid', 'crlf-line-endings.mcpdesc.yaml'),
      yamlFixture('expected-invalid', 'url-mismatch.mcpdesc.yml'),
    ];
    const valid = yamlFixture('expected-valid', 'request-mode-defaults-to-form.mcpdesc.yaml');
    const run = runBuiltCli(['--elicitation-only', '--format', 'json', ...invalid.map((fixture) => fixture.file), valid.file]);
    assert.equal(run.stderr, '');
    assert.equal(run.status, 1);
    const problems = apartFromDeclarationValidity(JSON.parse(run.stdout) as JsonProblem[]);
    for (const fixture of [...invalid, valid]) {
      const shapes = problems
        .filter((problem) => problem.file === fixture.file)
        .map((problem) => toExpectedShape({ range: problem.range, data: { violation: problem.violation } }))
        .sort(compareExpected);
      assert.deepEqual(shapes, fixture.expected, fixture.file);
    }
    assert.ok(invalid.every((fixture) => fixture.expected.length > 0));
  });
});
