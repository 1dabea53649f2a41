// The monorepo fixture through the built CLI and the built server (its workspace scan, nothing
// opened): the same diagnostics for every file, and exactly the ones its configuration files and
// suppression comments call for.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CONFIG_RULE_ID, DOCUMENT_SCHEMA_RULE_ID, UNUSED_SUPPRESSION_RULE_ID } from '../../shared/src/rules';
import { ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { runCli, runCliInProcessOn, runServer, type SeenFiles } from '../parity/support/bothFronts';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { BROKEN_CONFIG, writeMonorepo } from './monorepoFixture';

/** Per file: `line code/violation severity`, in order. */
function summary(files: SeenFiles): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [file, diagnostics] of Object.entries(files)) {
    result[file] = diagnostics.map(
      (diagnostic) => `${diagnostic.line} ${diagnostic.code}/${diagnostic.violation} ${diagnostic.severity}`,
    );
  }
  return result;
}

const E = ELICITATION_RULE_ID;
const UNUSED = `${UNUSED_SUPPRESSION_RULE_ID}/unused-suppression`;
const ERROR = 1;
const WARNING = 2;
const INFORMATION = 3;
const HINT = 4;

describe('one project configuration for the CLI and the server', () => {
  const workspace = new TempWorkspace('mcpdesc-config-');
  after(() => workspace.dispose());
  writeMonorepo(workspace);
  // One in-process CLI run for the tests that read it (the same command gives the same answer).
  let inProcess: ReturnType<typeof runCliInProcessOn> | undefined;
  const cliInProcess = (): ReturnType<typeof runCliInProcessOn> => (inProcess ??= runCliInProcessOn(workspace.root));

  it('gives identical diagnostics for every file of the monorepo, the ones its configuration calls for', async () => {
    const cli = runCli(workspace.root);
    const server = await runServer(workspace.root);
    assert.deepEqual(cli.files, server, `the CLI and the server disagree (CLI stderr: ${cli.stderr})`);
    assert.deepEqual(summary(cli.files), {
      // Line 12's suppression hides line 13's finding; line 14's names a rule with nothing on line 15 (warning: the root config).
      'app.mcpdesc.jsonc': [`14 ${UNUSED} ${WARNING}`, `15 ${E}/unexpected-content ${ERROR}`],
      // Below the malformed configuration, the root's applies.
      'packages/broken/doc.mcpdesc.json': [`12 ${E}/unknown-declaration ${ERROR}`],
      'packages/broken/mcpdesc-lint.config.json': [`1 ${CONFIG_RULE_ID}/invalid-config ${ERROR}`],
      // root: true below the top: the root's unused-suppression setting does not reach it.
      'packages/island/doc.mcpdesc.jsonc': [`13 ${E}/unknown-declaration ${ERROR}`],
      // Included by packages/legacy's glob (relative to its folder); descriptions/not-included.json is not.
      // A document by the glob alone, so without the `mcpdesc` member the schema rule (on by default) requires.
      'packages/legacy/descriptions/old.json': [
        `0 ${DOCUMENT_SCHEMA_RULE_ID}/missing-snapshot-identity ${ERROR}`,
        `0 ${SYNTAX_RULE_ID}/syntax-error ${ERROR}`,
      ],
      // The rule off; the file-level suppression unused, reported as the root configures it.
      'packages/legacy/old.mcpdesc.yaml': [`0 ${UNUSED} ${WARNING}`],
      'packages/shadow/doc.mcpdesc.json': [`12 ${E}/unknown-declaration ${HINT}`],
      'packages/shadow/mcpdesc-lint.config.json': [`0 ${CONFIG_RULE_ID}/unknown-rule ${WARNING}`],
      'packages/shadow/mcpdesc-lint.config.yaml': [`0 ${CONFIG_RULE_ID}/unused-config ${WARNING}`],
      // The root's *.mcpdesc.yaml override (warning); strict's own unused-suppression severity (error).
      'packages/strict/a.mcpdesc.yaml': [`20 ${UNUSED} ${ERROR}`, `29 ${E}/unexpected-content ${WARNING}`],
      // strict's override for beta/**.
      'packages/strict/beta/x.mcpdesc.json': [`12 ${E}/unknown-declaration ${INFORMATION}`],
    });
    // generated/** is excluded by the root configuration.
    assert.equal(cli.files['generated/skipped.mcpdesc.json'], undefined);
  });

  it('puts the one error of a malformed configuration file where it goes wrong, and the CLI exits 2 naming it', async () => {
    const cli = await cliInProcess();
    assert.equal(cli.status, 2);
    assert.match(
      cli.stderr,
      /packages\/broken\/mcpdesc-lint\.config\.json:2: invalid configuration, not used: The severity 'warn' of .* is not one of error, warning, information, hint, on, off/,
    );
    assert.equal(cli.stderr.match(/invalid configuration/g)?.length, 1, 'named once, however many documents lie below it');
    const [error] = cli.files['packages/broken/mcpdesc-lint.config.json'];
    const column = BROKEN_CONFIG.split('\n')[1].indexOf('"warn"');
    assert.deepEqual([error.line, error.character, error.endLine, error.endCharacter], [1, column, 1, column + '"warn"'.length]);
  });

  it('reports an unused suppression at the rule it names', async () => {
    const cli = await cliInProcess();
    const [unused] = cli.files['app.mcpdesc.jsonc'];
    const line = `            // mcpdesc-disable-next-line ${SYNTAX_RULE_ID}`;
    assert.deepEqual([unused.character, unused.endCharacter], [line.indexOf(SYNTAX_RULE_ID), line.length]);
    assert.equal(unused.message, `Unused suppression: no ${SYNTAX_RULE_ID} problem is reported on line 16.`);
  });
});
