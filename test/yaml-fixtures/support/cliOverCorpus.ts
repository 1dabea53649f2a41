// The CLI over test-fixtures/yaml: --format json gives exactly the expected diagnostics (and the
// checker's messages), a directory walk finds every YAML fixture, and --fix on a copy of the corpus
// writes what fixAll gives, in place. The corpus is the consistency rule's: its expectations are
// compared by code, and the declaration-validity rule's findings on it, also printed, must be the
// checker's (the messages of all of them are compared).
// Written once, as a function of how the CLI runs: the fast tier (../cli.test.ts) runs the command
// in-process, the thorough tier (../cli.thorough.test.ts) through the built dist/cli.js, as before.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkDocument, fixAll } from '../../../server/src/checker';
import type { JsonProblem } from '../../../server/src/cli/formatters/json';
import { DECLARATION_RULE_ID } from '../../../shared/src/rules';
import type { ProcessRun } from '../../cli/support/cliProcess';
import { compareExpected, toExpectedShape, type ExpectedDiagnostic } from '../../support/expectedDiagnostics';
import { repoPath } from '../../support/repo';
import { apartFromDeclarationValidity, elicitationOnly, ofDeclarationValidity } from '../../support/ruleScope';
import { expectedFileFor, RULE_PAGE_INVALID_TWIN, YAML_FIXTURES_DIR, yamlFixtures, type YamlFixture } from './yamlFixtures';

/** One run of the CLI's command: argv and working directory (the repository without one) in, exit status and output out. */
export type CliRunner = (args: string[], options?: { cwd?: string }) => Promise<ProcessRun>;

// The corpus is the elicitation rules' (partial documents): the CLI and the checker run those rules alone.
const ELICITATION_ONLY = elicitationOnly({ format: 'yaml' as const });

function problemsByFile(stdout: string): Map<string, JsonProblem[]> {
  const byFile = new Map<string, JsonProblem[]>();
  for (const problem of JSON.parse(stdout) as JsonProblem[])
    byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), problem]);
  return byFile;
}

function shapeOf(problems: JsonProblem[]): ExpectedDiagnostic[] {
  return problems
    .map((problem) => toExpectedShape({ range: problem.range, data: { violation: problem.violation } }))
    .sort(compareExpected);
}

/** Where the CLI runs (its test-fixtures/yaml is the corpus) and the fixtures that lie there. */
export interface YamlCorpus {
  cwd: string;
  invalid: YamlFixture[];
  valid: YamlFixture[];
}

/** The whole corpus, where it is: the repository. */
export function wholeYamlCorpus(): YamlCorpus {
  return { cwd: repoPath(), invalid: yamlFixtures('expected-invalid'), valid: yamlFixtures('expected-valid') };
}

/**
 * Some of the corpus (`keep`, and the two fixtures the --fix tests name) with their expected files,
 * copied to `folder`/test-fixtures/yaml as they lie in the repository.
 */
export function yamlCorpusSample(folder: string, keep: (fixtures: readonly YamlFixture[]) => YamlFixture[]): YamlCorpus {
  const named = (fixture: YamlFixture): boolean =>
    fixture.name === RULE_PAGE_INVALID_TWIN || fixture.name === 'crlf-line-endings.mcpdesc.yaml';
  const sample = (all: YamlFixture[]): YamlFixture[] => all.filter((fixture) => named(fixture) || keep(all).includes(fixture));
  const corpus = {
    cwd: folder,
    invalid: sample(yamlFixtures('expected-invalid')),
    valid: sample(yamlFixtures('expected-valid')),
  };
  // The folder's README too: a file the walk passes over.
  fs.mkdirSync(path.join(folder, 'test-fixtures', 'yaml'), { recursive: true });
  fs.copyFileSync(path.join(YAML_FIXTURES_DIR, 'README.md'), path.join(folder, 'test-fixtures', 'yaml', 'README.md'));
  for (const fixture of [...corpus.invalid, ...corpus.valid]) {
    const target = path.join(folder, 'test-fixtures', 'yaml', fixture.folder);
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, fixture.name), fixture.text);
    if (fixture.folder === 'expected-invalid')
      fs.copyFileSync(
        path.join(YAML_FIXTURES_DIR, fixture.folder, expectedFileFor(fixture.name)),
        path.join(target, expectedFileFor(fixture.name)),
      );
  }
  return corpus;
}

/**
 * The corpus's tests, each CLI run through `runCli`; `label` says which front (in-process, or the
 * built dist/cli.js), `corpus` (called when the tests run) which fixtures and where.
 */
export function describeTheCliOverTheYamlFixtures(label: string, runCli: CliRunner, corpus: () => YamlCorpus): void {
  describe(`${label} over the YAML fixtures`, () => {
    // Read when the tests run, after the caller's `before` has laid the corpus out.
    let invalid: YamlFixture[] = [];
    let valid: YamlFixture[] = [];
    let cwd = '';
    before(() => {
      ({ invalid, valid, cwd } = corpus());
    });

    it("--format json gives every invalid fixture exactly its expected diagnostics, with the checker's messages, and exit 1", async () => {
      const run = await runCli(['--elicitation-only', '--format', 'json', 'test-fixtures/yaml'], { cwd });
      assert.equal(run.stderr, '');
      assert.equal(run.status, 1);
      const byFile = problemsByFile(run.stdout);
      const withConsistencyProblems = [...byFile]
        .filter(([, problems]) => apartFromDeclarationValidity(problems).length > 0)
        .map(([file]) => file);
      assert.deepEqual(
        withConsistencyProblems.sort(),
        invalid.map((fixture) => fixture.file).sort(),
        'exactly the invalid fixtures have problems',
      );
      for (const fixture of invalid) {
        const problems = byFile.get(fixture.file) ?? [];
        assert.deepEqual(shapeOf(apartFromDeclarationValidity(problems)), fixture.expected, fixture.file);
        const messages = checkDocument(fixture.text, ELICITATION_ONLY)
          .diagnostics.map((diagnostic) => diagnostic.message)
          .sort();
        assert.deepEqual(problems.map((problem) => problem.message).sort(), messages, `${fixture.file}: messages`);
      }
    });

    it('every valid fixture, named explicitly, is clean with exit 0', async () => {
      const run = await runCli(['--elicitation-only', '--format', 'json', ...valid.map((fixture) => fixture.file)], { cwd });
      const problems = JSON.parse(run.stdout) as JsonProblem[];
      assert.deepEqual({ stderr: run.stderr, problems: apartFromDeclarationValidity(problems) }, { stderr: '', problems: [] });
      for (const fixture of valid) {
        const declarationFindings = ofDeclarationValidity(checkDocument(fixture.text, ELICITATION_ONLY).diagnostics);
        assert.deepEqual(
          shapeOf(problems.filter((problem) => problem.file === fixture.file)),
          declarationFindings.map((d) => toExpectedShape(d)).sort(compareExpected),
          fixture.file,
        );
      }
      assert.equal(run.status, problems.length > 0 ? 1 : 0);
    });

    it('a directory walk recognizes every YAML fixture (by name or by its root mcpdesc key) and no expected file', async () => {
      // A size limit below every file turns each recognized document into one "skipped" diagnostic.
      const run = await runCli(
        ['--elicitation-only', '--format', 'json', '--max-file-size-mb', '0.000001', 'test-fixtures/yaml'],
        { cwd },
      );
      assert.equal(run.status, 0, run.stderr);
      const files = [...problemsByFile(run.stdout).keys()].sort();
      assert.deepEqual(files, [...valid, ...invalid].map((fixture) => fixture.file).sort());
    });

    describe('--fix on a copy of the corpus', () => {
      let copy: string;
      let run: ProcessRun;
      before(async () => {
        copy = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-yaml-fix-')));
        fs.cpSync(path.join(cwd, 'test-fixtures', 'yaml'), path.join(copy, 'yaml'), { recursive: true });
        run = await runCli(['--elicitation-only', '--fix', '--format', 'json', 'yaml'], { cwd: copy });
      });
      after(() => fs.rmSync(copy, { recursive: true, force: true }));

      it('writes what fixAll gives to every fixture, and leaves valid ones as they are', () => {
        assert.equal(run.stderr, '');
        for (const fixture of [...invalid, ...valid]) {
          const written = fs.readFileSync(path.join(copy, 'yaml', fixture.folder, fixture.name), 'utf8');
          assert.equal(written, fixAll(fixture.text, ELICITATION_ONLY).text, fixture.file);
          if (checkDocument(fixture.text, ELICITATION_ONLY).diagnostics.length === 0)
            assert.equal(written, fixture.text, fixture.file);
        }
      });

      it("reports what remains after the fixes; of the rule page's fixture as YAML, only the revision-mismatch of what it declared", () => {
        const byFile = problemsByFile(run.stdout);
        for (const fixture of invalid) {
          const relative = `yaml/expected-invalid/${fixture.name}`;
          const written = fs.readFileSync(path.join(copy, relative), 'utf8');
          const remaining = checkDocument(written, ELICITATION_ONLY).diagnostics;
          assert.deepEqual(
            shapeOf(byFile.get(relative) ?? []),
            remaining.map((diagnostic) => toExpectedShape(diagnostic)).sort(compareExpected),
            relative,
          );
        }
        // Its steps[0] requests url mode, which its scope (2025-06-18) does not have: declared, the
        // declaration-validity rule says so on the declaration's mode.
        const rulePage = byFile.get(`yaml/expected-invalid/${RULE_PAGE_INVALID_TWIN}`) ?? [];
        assert.deepEqual(
          rulePage.map((problem) => [problem.code, problem.violation]),
          [[DECLARATION_RULE_ID, 'revision-mismatch']],
        );
        assert.equal(run.status, byFile.size > 0 ? 1 : 0);
      });

      it('keeps CRLF files CRLF', () => {
        const crlf = fs.readFileSync(path.join(copy, 'yaml', 'expected-invalid', 'crlf-line-endings.mcpdesc.yaml'), 'utf8');
        assert.ok(crlf.includes('\r\n') && !/[^\r]\n/.test(crlf));
      });

      it('a second --fix finds nothing more to fix', async () => {
        const snapshot = (): string[] =>
          invalid.map((fixture) => fs.readFileSync(path.join(copy, 'yaml', 'expected-invalid', fixture.name), 'utf8'));
        const first = snapshot();
        await runCli(['--elicitation-only', '--fix', '--format', 'json', 'yaml'], { cwd: copy });
        assert.deepEqual(snapshot(), first);
      });
    });
  });
}
