// The CLI's configuration options on the monorepo fixture, through the built dist/cli.js:
// --print-config, --config, --no-config, --report-unused-suppressions, and what a configuration
// file above the paths given does.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import {
  CHECKER_RULE_ID,
  DECLARATION_RULE_ID,
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  UNUSED_SUPPRESSION_RULE_ID,
} from '../../shared/src/rules';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { runBuiltCli } from '../cli/support/cliProcess';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { writeMonorepo } from './monorepoFixture';

const E = ELICITATION_RULE_ID;

interface JsonProblem {
  file: string;
  code: string;
  violation: string;
  severity: string;
}

describe('mcpdesc-lint and the project configuration', () => {
  const workspace = new TempWorkspace('mcpdesc-config-cli-');
  after(() => workspace.dispose());
  writeMonorepo(workspace);
  const builtCli = (...args: string[]) => runBuiltCli(args, { cwd: workspace.root });
  const cli = (...args: string[]) => runCliInProcess(args, { cwd: workspace.root });
  const problems = (stdout: string): string[] =>
    (JSON.parse(stdout) as JsonProblem[]).map(
      (problem) => `${problem.file} ${problem.code}/${problem.violation} ${problem.severity}`,
    );

  it('--print-config shows the merged configuration of one file', async () => {
    const run = await cli('--print-config', 'packages/strict/beta/x.mcpdesc.json');
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      file: 'packages/strict/beta/x.mcpdesc.json',
      configFiles: ['mcpdesc-lint.config.json', 'packages/strict/mcpdesc-lint.config.json'],
      excluded: false,
      // The declaration-validity rule is on by default (error) and this monorepo leaves it so; so are
      // the whole-document rules and the checker's notices, each kind at its own severity ('on').
      rules: {
        [E]: 'information',
        [DECLARATION_RULE_ID]: 'error',
        [DOCUMENT_SCHEMA_RULE_ID]: 'on',
        [DOCUMENT_SEMANTICS_RULE_ID]: 'on',
        [SYNTAX_RULE_ID]: 'error',
        [CHECKER_RULE_ID]: 'on',
        [UNUSED_SUPPRESSION_RULE_ID]: 'error',
      },
      include: [],
      exclude: ['generated/**'],
    });
  });

  it("--print-config shows include globs rewritten from their file's folder, and an excluded file", async () => {
    const legacy = JSON.parse((await cli('--print-config', 'packages/legacy/descriptions/old.json')).stdout);
    assert.deepEqual(
      [legacy.configFiles, legacy.rules[E], legacy.include],
      [['mcpdesc-lint.config.json', 'packages/legacy/mcpdesc-lint.config.yaml'], 'off', ['packages/legacy/descriptions/*.json']],
    );
    assert.equal(JSON.parse((await cli('--print-config', 'generated/skipped.mcpdesc.json')).stdout).excluded, true);
    // root: true stops the lookup.
    assert.deepEqual(JSON.parse((await cli('--print-config', 'packages/island/doc.mcpdesc.jsonc')).stdout).configFiles, [
      'packages/island/mcpdesc-lint.config.json',
    ]);
  });

  it('--print-config of a file below a malformed configuration exits 2 naming it', () => {
    const run = builtCli('--print-config', 'packages/broken/doc.mcpdesc.json');
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^mcpdesc-lint: packages\/broken\/mcpdesc-lint\.config\.json:2: invalid configuration, not used: /);
  });

  it('a configuration file above the paths given applies, and its problems are reported', async () => {
    const run = await cli('--format', 'json', 'packages/strict', 'packages/broken');
    assert.equal(run.status, 2, 'packages/broken/mcpdesc-lint.config.json is malformed');
    assert.deepEqual(problems(run.stdout), [
      `packages/strict/a.mcpdesc.yaml ${UNUSED_SUPPRESSION_RULE_ID}/unused-suppression error`,
      `packages/strict/a.mcpdesc.yaml ${E}/unexpected-content warning`,
      `packages/strict/beta/x.mcpdesc.json ${E}/unknown-declaration information`,
      `packages/broken/doc.mcpdesc.json ${E}/unknown-declaration error`,
      'packages/broken/mcpdesc-lint.config.json mcpdesc.config/invalid-config error',
    ]);
  });

  it('--no-config uses no configuration file and checks none', async () => {
    const run = await cli('--format', 'json', '--no-config', 'packages/legacy', 'packages/broken', 'generated');
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(problems(run.stdout), [
      `packages/legacy/old.mcpdesc.yaml ${E}/unknown-declaration error`,
      `packages/broken/doc.mcpdesc.json ${E}/unknown-declaration error`,
      `generated/skipped.mcpdesc.json ${E}/unknown-declaration error`,
    ]);
  });

  it('--config FILE is the one configuration, its globs relative to the current directory', async () => {
    workspace.write('ci/lint.yaml', `rules:\n  ${E}: warning\nexclude:\n  - packages/broken/**\n`);
    const run = await cli('--format', 'json', '--config', 'ci/lint.yaml', 'packages/legacy', 'packages/broken');
    assert.equal(run.status, 0, `a warning alone passes (issue 34): ${run.stderr}`);
    assert.deepEqual(problems(run.stdout), [`packages/legacy/old.mcpdesc.yaml ${E}/unknown-declaration warning`]);
    const broken = await cli('--config', 'packages/broken/mcpdesc-lint.config.json', '.');
    assert.equal(broken.status, 2);
    assert.match(broken.stderr, /packages\/broken\/mcpdesc-lint\.config\.json:2: invalid configuration/);
    const missing = await cli('--config', 'nowhere.json', '.');
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--config nowhere\.json: cannot read: no such file or directory/);
  });

  it('--report-unused-suppressions turns the report on where the configuration leaves it off', async () => {
    const island = 'packages/island/doc.mcpdesc.jsonc';
    assert.deepEqual(problems((await cli('--format', 'json', island)).stdout), [`${island} ${E}/unknown-declaration error`]);
    assert.deepEqual(problems((await cli('--format', 'json', '--report-unused-suppressions', island)).stdout), [
      `${island} ${UNUSED_SUPPRESSION_RULE_ID}/unused-suppression warning`,
      `${island} ${E}/unknown-declaration error`,
    ]);
    // --rule wins over the configuration and the flag.
    assert.deepEqual(
      problems(
        (
          await cli(
            '--format',
            'json',
            '--report-unused-suppressions',
            '--rule',
            `${E}=off`,
            '--rule',
            `${UNUSED_SUPPRESSION_RULE_ID}=off`,
            island,
          )
        ).stdout,
      ),
      [],
    );
  });
});
