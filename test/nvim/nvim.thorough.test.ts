// A real LSP client as a Neovim user would set it up: headless Neovim starts the npm package's
// mcpdesc-language-server bin (the packed tarball installed into a project, shared with the
// package's own test), opens the rule page's invalid fixture, and reads back the four diagnostics and
// the code action titles (see lsp_check.lua). Skipped, with the reason, where `nvim` is not
// installed (.ci/run installs it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { repoPath } from '../server/repoRoot';
import { installedPackage } from '../support/installedPackage';
import { elicitationOnly } from '../support/ruleScope';

interface NvimDiagnostic {
  lnum: number;
  col: number;
  end_lnum: number;
  end_col: number;
  severity: number;
  source: string;
  code: string;
  violation: string;
  message: string;
}

interface NvimReport {
  error?: string;
  diagnostics: NvimDiagnostic[];
  code_actions: Array<{ line: number; title: string; kind: string; isPreferred: boolean }>;
  server_exit?: { code: number; signal: number };
}

const nvimMissing = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status !== 0;

describe('Neovim as a real LSP client', () => {
  it(
    'shows the four diagnostics of the rule page fixture (spec section 4) and offers their fixes',
    { skip: nvimMissing ? 'nvim is not installed (apt-get install -y neovim; .ci/run does it)' : false },
    () => {
      const run = spawnSync(repoPath('test', 'nvim', 'run-nvim-check.sh'), {
        encoding: 'utf8',
        env: {
          ...process.env,
          LSP_SERVER: installedPackage().bin('mcpdesc-language-server'),
          LSP_FILE: repoPath('test-fixtures', 'expected-invalid', 'invalid-tool-interaction-example-semantics.json'),
          // The fixture is a partial document, its four problems the elicitation rule's: that rule's
          // preset, set as a Neovim user sets a server's settings.
          LSP_SETTINGS: JSON.stringify({ mcpdesc: elicitationOnly() }),
        },
        timeout: 90_000,
      });
      const lastLine = run.stdout.trim().split('\n').pop() ?? '';
      assert.equal(run.status, 0, `nvim exited with ${run.status}: ${run.stdout}\n${run.stderr}`);
      const report = JSON.parse(lastLine) as NvimReport;
      assert.equal(report.error, undefined);

      assert.deepEqual(
        report.diagnostics.map((d) => [d.violation, d.lnum, d.col, d.end_lnum, d.end_col, d.severity, d.source, d.code]),
        [
          ['unknown-declaration', 39, 29, 39, 38, 1, 'mcpdesc', ELICITATION_RULE_ID],
          ['unexpected-content', 45, 48, 45, 57, 1, 'mcpdesc', ELICITATION_RULE_ID],
          ['schema-mismatch', 53, 16, 53, 33, 1, 'mcpdesc', ELICITATION_RULE_ID],
          ['invalid-content', 59, 73, 59, 77, 1, 'mcpdesc', ELICITATION_RULE_ID],
        ],
      );
      assert.match(report.diagnostics[0].message, /'missing'.*'prepare_release'/);

      const titlesOnLine = (line: number): string[] =>
        report.code_actions.filter((action) => action.line === line && action.kind === 'quickfix').map((action) => action.title);
      assert.deepEqual(titlesOnLine(39), ["Declare elicitation 'missing' on tool 'prepare_release'"]);
      assert.deepEqual(titlesOnLine(45), ['Remove content']);
      assert.deepEqual(titlesOnLine(53), ["Use the request of declaration 'confirm'"]);
      assert.deepEqual(titlesOnLine(59), []);
      assert.deepEqual(
        report.code_actions.filter((action) => action.isPreferred).map((action) => action.title),
        ["Declare elicitation 'missing' on tool 'prepare_release'", 'Remove content', "Use the request of declaration 'confirm'"],
      );
      assert.ok(
        report.code_actions.some((action) => action.kind === 'source.fixAll.mcpdesc'),
        'fix-all is offered too',
      );
      assert.deepEqual(report.server_exit, { code: 0, signal: 0 }, 'the server shut down cleanly when nvim stopped it');
    },
  );
});
