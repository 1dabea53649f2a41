// A generated hostile document (support/generatedCases.ts) through the CLI's command, in the test's
// process (runCliInProcess): no internal error, only the violations the case names, and the exit
// status its severities give. A case that hung would be ended by the tier's hang guard
// (scripts/run-tests.mjs); cli.test.ts runs the fixtures through the real dist/cli.js.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { it } from 'node:test';
import type { Range } from '../../../server/src/checker';
import { runCliInProcess } from '../../cli/support/cliInProcess';
import { apartFromDeclarationValidity } from '../../support/ruleScope';
import { generatedCase } from './generatedCases';

/** One problem of the CLI's --format json report. */
export interface CliDiagnostic {
  file: string;
  code: string;
  severity: string;
  range: Range;
  violation: string;
  message: string;
}

export function itAnswersOnTheGeneratedCase(name: string): void {
  it(`answers on the generated case ${name}`, async () => {
    const hostileCase = generatedCase(name);
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-cli-hostile-'));
    let run: Awaited<ReturnType<typeof runCliInProcess>>;
    try {
      fs.writeFileSync(path.join(directory, `${name}.mcpdesc.json`), hostileCase.build());
      run = await runCliInProcess(['--format', 'json', '.'], { cwd: directory });
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
    const { status, stdout, stderr } = run;
    assert.doesNotMatch(stderr, /internal error/i);
    // The case names the consistency rule's result (support/expectations.ts).
    const all = JSON.parse(stdout) as CliDiagnostic[];
    const reported = apartFromDeclarationValidity(all);
    const violations = reported.map((entry) => entry.violation);
    assert.ok(
      violations.every((violation) => hostileCase.expect.onlyViolations.includes(violation)),
      violations.join(', '),
    );
    if (hostileCase.expect.count !== undefined) assert.equal(violations.length, hostileCase.expect.count);
    // Errors (the declaration-validity rule's too) exit 1; a document with only notices (information) exits 0.
    assert.equal(status, all.some((entry) => entry.severity === 'error' || entry.severity === 'warning') ? 1 : 0, stderr);
  });
}
