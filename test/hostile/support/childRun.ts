// Runs caseRunner in a child process under a hang guard (the child is killed after `timeoutMs`), and
// optionally under the access-watching preload.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { CaseReport } from './caseRunner';

export interface ChildOptions {
  timeoutMs: number;
  /** Extra node options, e.g. ['--require', preload]. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface ChildResult {
  /** The first report (the only one when a single case or file was given). */
  report?: CaseReport;
  reports: CaseReport[];
  /** Set when the child did not finish normally: timed out, crashed, or printed no report. */
  failure?: string;
  stderr: string;
}

export function runCaseInChild(args: string[], options: ChildOptions): Promise<ChildResult> {
  const runner = path.join(__dirname, 'caseRunner.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), runner, ...args], {
      env: { ...process.env, ...options.env },
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut)
        return resolve({ failure: `did not finish within the hang guard of ${options.timeoutMs} ms`, reports: [], stderr });
      if (code !== 0) return resolve({ failure: `exited with ${code ?? signal}: ${stderr.slice(-3000)}`, reports: [], stderr });
      try {
        const reports = stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as CaseReport);
        resolve({ report: reports[0], reports, stderr });
      } catch {
        resolve({ failure: `printed no report: ${stdout.slice(-1000)} ${stderr.slice(-1000)}`, reports: [], stderr });
      }
    });
  });
}
