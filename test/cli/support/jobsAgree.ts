// One job against two (--jobs): the CLI's stdout, stderr and exit status, byte for byte. Run in-process
// (runCli with the built worker script, so two jobs are two threads of dist/checkWorker.js); that the
// real dist/cli.js starts its workers is jobs.cli.test.ts's spawned case.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { it } from 'node:test';
import { generateDocument } from '../../../bench/generate';
import { runCliInProcess } from './cliInProcess';
import { runBuiltCli } from './cliProcess';
import { makeTempTree } from './tempTree';
import { WORKER_LOG_ENV } from './workerThreadLog';

/**
 * The fixture corpora a run of the CLI compares over. The hostile corpus is left out: its catastrophic
 * patterns and costly schemas meet the per-document time budget, so what they report depends on how
 * busy the machine is, not on the number of jobs.
 */
export const JOBS_CORPORA = [
  'declaration-validity',
  'expected-invalid',
  'expected-valid',
  'public-0.8.0',
  'workspace',
  'yaml',
].map((name) => `test-fixtures/${name}`);

export function itGivesTheSameReportForOneJobAndTwo(label: string, args: string[], cwd: () => string): void {
  it(`one job and two give the same report: ${label}`, async () => {
    // The elicitation rules only (issue 34): the corpora are theirs, and the whole-document rules' findings on them pass spawnSync's buffer.
    const one = await runCliInProcess(['--elicitation-only', '--jobs', '1', ...args], { cwd: cwd() });
    const two = await runCliInProcess(['--elicitation-only', '--jobs', '2', ...args], { cwd: cwd() });
    assert.ok(one.stdout.length > 0, 'something was reported');
    assert.equal(two.stdout, one.stdout);
    assert.equal(two.stderr, one.stderr);
    assert.equal(two.status, one.status);
  });
}

/**
 * A temporary tree of the awkward cases (a broken file, one over 1 MB, one sniffed by its head, JSON
 * that is no document) beside generated documents of several sizes; the caller removes it.
 */
export function makeJobsTree(): string {
  const files: Record<string, string> = {
    'specs/broken.mcpdesc.json': '{ "mcpdesc": "0.8.0" "tools": [] }\n',
    'specs/big.mcpdesc.json': generateDocument(7, 300_000),
    'specs/huge.mcpdesc.json': generateDocument(8, 1_200_000),
    'specs/sniffed.json': generateDocument(9, 40_000),
    'specs/plain.json': '{ "name": "not ours" }\n',
    'yaml/doc.mcpdesc.yaml': generateDocument(10, 60_000, { format: 'yaml' }),
  };
  for (let index = 0; index < 24; index++)
    files[`many/doc-${String(index).padStart(2, '0')}.mcpdesc.json`] = generateDocument(100 + index, 8_000);
  return makeTempTree(files);
}

/**
 * One job in-process (no worker thread starts) against two jobs in the real dist/cli.js (two worker
 * threads start: workerThreadLog, preloaded into it and so into its workers, logs each), and the two
 * give the same report, byte for byte: cli.ts wires the workers, and they change nothing the user sees.
 */
export function itRunsOneJobHereAndTwoOnRealWorkers(label: string, args: string[], cwd: () => string): void {
  it(`one job on the main thread and two on two worker threads of dist/cli.js give the same report: ${label}`, async () => {
    const log = path.join(cwd(), 'workers.log');
    const workers = (): Set<string> => {
      const seen = new Set(fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
      fs.rmSync(log, { force: true });
      return seen;
    };
    const one = await runCliInProcess(['--elicitation-only', '--jobs', '1', ...args], { cwd: cwd(), countWorkersIn: log });
    assert.equal(workers().size, 0);
    const preload = { NODE_OPTIONS: `--require ${path.join(__dirname, 'workerThreadLog.js')}`, [WORKER_LOG_ENV]: log };
    const two = runBuiltCli(['--elicitation-only', '--jobs', '2', ...args], { cwd: cwd(), env: preload });
    assert.equal(workers().size, 2);
    assert.ok(one.stdout.length > 0, 'something was reported');
    assert.deepEqual(two, one);
  });
}
