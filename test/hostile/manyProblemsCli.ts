// Tens of thousands of problems in one file, through the built CLI: every per-problem step must cost
// a lookup, not a pass over all the others. Before, the CLI counted fixable problems by asking each
// diagnostic's fixes, and each question scanned every diagnostic (and the text, for the suppression
// fix): a directive on each of 45,000 lines took minutes, one directive naming 40,000 rules seconds.
// At those sizes (manyProblems.thorough.test.ts) the old code needs far more than the hang guard and
// this code a second or two; no timing is asserted, only that the answer comes, and that it is right.
// manyProblems.test.ts runs the same cases at a hundredth of the size.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { UNUSED_SUPPRESSION_RULE_ID } from '../../shared/src/rules';
import { checkDocument } from '../../server/src/checker';
import { jsonDocument, UNKNOWN_DECLARATION_STEP } from '../config/monorepoFixture';
import { runCliInProcess } from '../cli/support/cliInProcess';
import type { ProcessRun } from '../cli/support/cliProcess';
import { repoPath } from '../support/repo';

const HANG_GUARD_MS = 60_000;

interface CliProblem {
  file: string;
  code: string;
  violation: string;
  message: string;
  range: { start: { line: number } };
}

/** The CLI in `files`' folder: the real dist/cli.js, or runCli in this process (`spawned` false). */
async function lintIn(files: Record<string, string>, args: string[], spawned: boolean): Promise<ProcessRun> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-many-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(directory, name), text);
    if (!spawned) return await runCliInProcess(['--jobs', '1', ...args], { cwd: directory });
    const child = spawnSync(process.execPath, [repoPath('dist', 'cli.js'), '--jobs', '1', ...args], {
      cwd: directory,
      encoding: 'utf8',
      timeout: HANG_GUARD_MS,
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.equal(child.error, undefined, `the CLI did not answer within ${HANG_GUARD_MS} ms`);
    return { status: child.status, stdout: child.stdout, stderr: child.stderr };
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * `inProcess`: the fast tier's small sizes run the CLI in the test's process, but for one stylish run
 * through the real dist/cli.js; the thorough tier's sizes run it all as a process, under its hang guard.
 */
export function manyProblemsThroughTheCli(lineCount: number, ruleCount: number, fixableCount: number, inProcess = false): void {
  const spawned = !inProcess;
  describe('many problems in one file, through the CLI', () => {
    it(`a directive on each of ${lineCount.toLocaleString('en-US')} lines, unused-suppression on: every one reported, with the summary`, async () => {
      const count = lineCount;
      const lines = [
        '{',
        '  "mcpdesc": "0.8.0",',
        '  "info": { "name": "many", "version": "1.0.0" }, "protocolVersions": ["2025-11-25"],',
        '  "x-notes": [',
      ];
      for (let index = 0; index < count; index++) lines.push('    // mcpdesc-disable-next-line', `    ${index},`);
      lines.push('    0', '  ]', '}', '');
      const text = lines.join('\n');
      assert.ok(text.length > 28 * count, `${text.length} characters`);
      const json = await lintIn(
        { 'lines.mcpdesc.jsonc': text },
        ['--report-unused-suppressions', '--format', 'json', '.'],
        spawned,
      );
      assert.equal(json.stderr, '');
      assert.equal(json.status, 0, 'warnings alone pass (issue 34)');
      const problems = JSON.parse(json.stdout) as CliProblem[];
      assert.equal(problems.length, count);
      assert.ok(problems.every((problem) => problem.code === UNUSED_SUPPRESSION_RULE_ID));
      // The directive on line 5 (1-based) covers line 6, and so on down the file.
      assert.equal(problems[0].message, 'Unused suppression: no problem is reported on line 6.');
      assert.equal(problems[count - 1].range.start.line, 4 + 2 * (count - 1));
      // The stylish summary counts the fixable ones: none (a suppression has no preferred fix).
      const stylish = await lintIn({ 'lines.mcpdesc.jsonc': text }, ['--report-unused-suppressions', '.'], true);
      assert.ok(stylish.stdout.endsWith(`\n✖ ${count} problems (0 errors, ${count} warnings)\n`), stylish.stdout.slice(-200));
    });

    it(`one directive naming ${ruleCount.toLocaleString('en-US')} rules: each reported unused but the one that hides a problem`, async () => {
      const count = ruleCount;
      const ids = Array.from({ length: count }, (_, index) =>
        index === count / 2 ? `${ELICITATION_RULE_ID}/unknown-declaration` : `rule.${index}`,
      );
      const text = `// mcpdesc-disable-file ${ids.join(', ')}\n${jsonDocument([`${UNKNOWN_DECLARATION_STEP},`, UNKNOWN_DECLARATION_STEP])}`;
      const { status, stdout, stderr } = await lintIn(
        { 'ids.mcpdesc.jsonc': text },
        ['--report-unused-suppressions', '--format', 'json', '.'],
        spawned,
      );
      assert.equal(stderr, '');
      assert.equal(status, 0, 'warnings alone pass (issue 34)');
      const problems = JSON.parse(stdout) as CliProblem[];
      assert.equal(problems.length, count - 1, 'both unknown-declaration findings are hidden, by the one target that names them');
      assert.ok(problems.every((problem) => problem.code === UNUSED_SUPPRESSION_RULE_ID));
      assert.ok(!problems.some((problem) => problem.message.includes(ELICITATION_RULE_ID)));
      assert.equal(
        problems[0].message,
        "Unused suppression: 'rule.0' is not a rule of this linter, so nothing is suppressed in this file.",
      );
    });

    it(`${fixableCount.toLocaleString('en-US')} fixable problems: the summary counts each of them once`, async () => {
      const count = fixableCount;
      const steps = Array.from({ length: count }, (_, index) => `${UNKNOWN_DECLARATION_STEP}${index === count - 1 ? '' : ','}`);
      const { stdout } = await lintIn({ 'fixable.mcpdesc.jsonc': jsonDocument(steps) }, ['.'], spawned);
      const expected = checkDocument(jsonDocument(steps.slice(0, 3)), { format: 'json' });
      const fixablePerStep =
        expected.diagnostics.filter((diagnostic) => expected.fixesFor(diagnostic).some((fix) => fix.isPreferred)).length / 3;
      assert.equal(fixablePerStep, 1);
      assert.ok(
        stdout.endsWith(`\n✖ ${count} problems (${count} errors, 0 warnings) — ${count} fixable with --fix\n`),
        stdout.slice(-200),
      );
    });
  });
}
