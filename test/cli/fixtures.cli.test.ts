// The built CLI over the fixture corpus: each output format must give exactly the expected diagnostics.
// The corpus is the consistency rule's: its expectations are compared by code (that rule's and
// syntax), and the declaration-validity rule's findings on it, also printed, are the checker's own.
// Issue 34: the whole-document rules are on by default; these runs check the elicitation rules' corpora
// (deliberately partial documents), so they keep only the elicitation rules (--elicitation-only).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { before, describe, it } from 'node:test';
import type { Log } from 'sarif';
import { checkDocument, formatOfPath } from '../../server/src/checker';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { repoPath } from '../support/repo';
import { apartFromDeclarationValidity, ofDeclarationValidity } from '../support/ruleScope';
import { builtCliPath, runBuiltCli, type ProcessRun } from './support/cliProcess';
import { runCliInProcess } from './support/cliInProcess';
import { byPosition, invalidFixtures, validFixtures } from './support/fixtures';
import type { ExpectedDiagnostic } from './support/fixtures';

function groupByFile<T>(items: T[], fileOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(fileOf(item), [...(groups.get(fileOf(item)) ?? []), item]);
  return groups;
}

describe('cli over the fixture corpus', () => {
  before(() => builtCliPath());
  const fixtures = invalidFixtures();
  // One json run of the corpus for the tests that read it (the same command gives the same bytes).
  let jsonOfCorpus: Promise<ProcessRun> | undefined;
  const jsonRun = (): Promise<ProcessRun> =>
    (jsonOfCorpus ??= runCliInProcess(['--elicitation-only', '--format', 'json', 'test-fixtures/expected-invalid']));

  it('has invalid fixtures to check', () => {
    assert.ok(fixtures.length >= 2, 'no X.expected.json fixtures found');
  });

  it('--format json gives exactly the expected ranges and violations for every invalid fixture, and exit 1', async () => {
    const run = await jsonRun();
    assert.equal(run.stderr, '');
    assert.equal(run.status, 1);
    const problems = JSON.parse(run.stdout) as JsonProblem[];
    const byFile = groupByFile(problems, (problem) => problem.file);
    assert.deepEqual(
      [...byFile.keys()].sort(),
      fixtures.map((fixture) => fixture.file).sort(),
      'every invalid fixture is found and has problems',
    );
    for (const fixture of fixtures) {
      const own = byFile.get(fixture.file) ?? [];
      const text = fs.readFileSync(repoPath(...fixture.file.split('/')), 'utf8');
      const checked = ofDeclarationValidity(checkDocument(text, { format: formatOfPath(fixture.file) }).diagnostics);
      assert.deepEqual(
        ofDeclarationValidity(own).map((problem) => [problem.violation, problem.range, problem.message]),
        checked.map((d) => [d.data.violation, d.range, d.message]),
        fixture.file,
      );
      const actual: ExpectedDiagnostic[] = apartFromDeclarationValidity(own).map((problem) => ({
        violation: problem.violation,
        line: problem.range.start.line,
        character: problem.range.start.character,
        endLine: problem.range.end.line,
        endCharacter: problem.range.end.character,
      }));
      assert.deepEqual(actual.sort(byPosition), [...fixture.expected].sort(byPosition), fixture.file);
    }
    for (const problem of problems) {
      assert.equal(problem.severity, 'error');
      assert.equal(problem.severityNumber, 1);
      assert.ok(problem.message.length > 0);
      assert.match(problem.code, /^mcpdesc\./);
    }
  });

  it('every valid fixture, named explicitly, is clean with exit 0', () => {
    const valid = validFixtures();
    assert.ok(valid.length >= 2);
    const run = runBuiltCli(['--elicitation-only', '--format', 'json', ...valid]);
    assert.equal(run.stderr, '');
    const problems = JSON.parse(run.stdout) as JsonProblem[];
    assert.deepEqual(apartFromDeclarationValidity(problems), []);
    // Valid for the consistency rule; the declaration-validity rule's findings on them exit 1.
    assert.equal(run.status, problems.length > 0 ? 1 : 0);
  });

  it('recognizes every fixture document in a directory walk, and no expected-diagnostics file', async () => {
    // A size limit below every file turns each recognized document into one "skipped" diagnostic.
    const run = await runCliInProcess([
      '--elicitation-only',
      '--format',
      'json',
      '--max-file-size-mb',
      '0.000001',
      'test-fixtures/expected-valid',
      'test-fixtures/expected-invalid',
    ]);
    assert.equal(run.status, 0, run.stderr);
    const problems = JSON.parse(run.stdout) as JsonProblem[];
    assert.deepEqual(
      problems.map((problem) => problem.file).sort(),
      [...validFixtures(), ...fixtures.map((fixture) => fixture.file)].sort(),
    );
    assert.ok(
      problems.every(
        (problem) => problem.violation === 'skipped' && problem.code === 'mcpdesc.checker' && problem.severity === 'information',
      ),
    );
  });

  it('stylish shows each problem at its 1-based line:column under its file', async () => {
    const run = await runCliInProcess(['--elicitation-only', 'test-fixtures/expected-invalid']);
    assert.equal(run.status, 1);
    const blocks = run.stdout.trim().split('\n\n');
    const summary = blocks.pop() as string;
    const declarationFindings = (JSON.parse((await jsonRun()).stdout) as JsonProblem[]).filter(
      (problem) => problem.code === DECLARATION_RULE_ID,
    ).length;
    const total = fixtures.reduce((sum, fixture) => sum + fixture.expected.length, 0) + declarationFindings;
    assert.match(
      summary,
      new RegExp(`^\u2716 ${total} problems \\(${total} errors, 0 warnings\\) \u2014 \\d+ fixable with --fix$`),
    );
    const positionsByFile = new Map(
      blocks.map((block) => {
        const [file, ...rows] = block.split('\n');
        const consistencyRows = rows.filter((row) => !row.endsWith(`  ${DECLARATION_RULE_ID}`));
        return [
          file,
          consistencyRows.map((row) =>
            (/^\s+(\d+):(\d+)\s+error\s+\S/.exec(row) ?? ['', 'no position in', row]).slice(1).join(':'),
          ),
        ];
      }),
    );
    for (const fixture of fixtures) {
      const expected = [...fixture.expected]
        .sort(byPosition)
        .map((diagnostic) => `${diagnostic.line + 1}:${diagnostic.character + 1}`);
      assert.deepEqual(positionsByFile.get(fixture.file), expected, fixture.file);
    }
  });

  it('stylish prints the rule-page fixture exactly', () => {
    const file = 'test-fixtures/expected-invalid/invalid-tool-interaction-example-semantics.json';
    const run = runBuiltCli(['--elicitation-only', file]);
    assert.equal(run.status, 1);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], '');
    assert.equal(lines[1], file);
    const rule = ' {2}mcpdesc\\.tool\\.interaction\\.elicitation-consistency$';
    // Section 4: unknown-declaration, unexpected-content (steps[0]); schema-mismatch, invalid-content (steps[1]).
    assert.match(lines[2], new RegExp(`^ {2}40:30 {2}error {2}Elicitation step references 'missing'.*${rule}`));
    assert.match(lines[3], new RegExp(`^ {2}46:49 {2}error {2}Elicitation step's request is in url mode.*${rule}`));
    assert.match(lines[4], new RegExp(`^ {2}54:17 {2}error {2}Elicitation step's requestedSchema differs.*${rule}`));
    assert.match(lines[5], new RegExp(`^ {2}60:74 {2}error {2}Elicitation step's content does not match.*${rule}`));
    assert.deepEqual(lines.slice(6), ['', '\u2716 4 problems (4 errors, 0 warnings) \u2014 3 fixable with --fix', '']);
  });

  it('--format sarif is a SARIF 2.1.0 log whose regions are the expected ranges, 1-based', async () => {
    const run = await runCliInProcess(['--elicitation-only', '--format', 'sarif', 'test-fixtures/expected-invalid']);
    assert.equal(run.status, 1);
    const log = JSON.parse(run.stdout) as Log;
    assert.equal(log.version, '2.1.0');
    assert.ok(log.$schema);
    const sarifRun = log.runs[0];
    assert.equal(sarifRun.columnKind, 'utf16CodeUnits');
    assert.equal(sarifRun.tool.driver.name, 'mcpdesc-lint');
    assert.match(sarifRun.tool.driver.version ?? '', /^\d+\.\d+\.\d+/);
    assert.equal(sarifRun.tool.driver.informationUri, undefined, 'no home page of our own to point at');
    const ruleIds = (sarifRun.tool.driver.rules ?? []).map((rule) => rule.id);
    assert.ok(ruleIds.includes('mcpdesc.tool.interaction.elicitation-consistency'));
    const results = sarifRun.results ?? [];
    const byFile = groupByFile(results, (result) => result.locations?.[0].physicalLocation?.artifactLocation?.uri ?? '');
    for (const fixture of fixtures) {
      const regions = (byFile.get(fixture.file) ?? [])
        .filter((result) => result.ruleId !== DECLARATION_RULE_ID)
        .map((result) => {
          assert.ok(result.ruleId && ruleIds.includes(result.ruleId));
          assert.equal(result.level, 'error');
          assert.ok(result.message.text);
          const location = result.locations?.[0].physicalLocation;
          assert.equal(location?.artifactLocation?.uriBaseId, '%SRCROOT%');
          const region = location?.region;
          return {
            violation: String(result.properties?.violation),
            line: (region?.startLine ?? 0) - 1,
            character: (region?.startColumn ?? 0) - 1,
            endLine: (region?.endLine ?? 0) - 1,
            endCharacter: (region?.endColumn ?? 0) - 1,
          };
        });
      assert.deepEqual(regions.sort(byPosition), [...fixture.expected].sort(byPosition), fixture.file);
    }
  });
});
