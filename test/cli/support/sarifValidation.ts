// The SARIF the CLI writes (runCli in this process, every rule on) and the SARIF 2.1.0 schema as
// Microsoft's SARIF SDK ships it, for sarifCodeScanning.test.ts and its thorough file.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Log } from 'sarif';
import { runCli } from '../../../server/src/cli/run';
import { repoPath } from '../../support/repo';

const SCHEMA_FILE = repoPath('node_modules', '@microsoft', 'sarif-multitool-ts', 'assets', 'sarif-2.1.0.schema.json');

export function sarifValidator(): (log: unknown) => string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as object);
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`));
}

export async function sarifOf(args: string[], cwd: string): Promise<{ status: number; log: Log; text: string }> {
  let out = '';
  const status = await runCli(['--format', 'sarif', ...args], {
    cwd,
    env: {},
    stdoutIsTTY: false,
    writeOut: (text) => (out += text),
    writeErr: () => undefined,
  });
  return { status, log: JSON.parse(out) as Log, text: out };
}

/** The SARIF of each target (a path from the repository root) has findings and is valid. */
export function itIsValidSarifFor(targets: readonly string[], validate: (log: unknown) => string[]): void {
  it(`is valid SARIF 2.1.0 for ${targets.join(', ')}`, async () => {
    for (const target of targets) {
      const { log } = await sarifOf([target], repoPath());
      assert.ok((log.runs[0].results ?? []).length > 0, `${target} has findings`);
      assert.deepEqual(validate(log), [], target);
    }
  });
}
