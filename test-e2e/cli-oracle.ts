// What the editor should list, from an independent front on the same checker: the project's own
// command-line checker (`mcpdesc-lint --format json`) run over the same workspace folder. The editor
// and the CLI disagreeing on a file's problems is a product bug, so the e2e test holds them equal.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface ExpectedProblem {
  /** Workspace-relative path with forward slashes. */
  file: string;
  severity: 'Error' | 'Warning' | 'Info';
  /** 1-based line and UTF-16 column, as the Problems panel says them. */
  line: number;
  column: number;
  message: string;
  /** The rule id. */
  code: string;
}

interface CliProblem {
  file: string;
  code: string;
  range: { start: { line: number; character: number } };
  severityNumber: number;
  message: string;
}

const PANEL_SEVERITY: Record<number, ExpectedProblem['severity'] | undefined> = { 1: 'Error', 2: 'Warning', 3: 'Info' };

/** The problems `mcpdesc-lint` reports for `workspace`; hints are left out, as the Problems panel leaves them out. */
export function problemsReportedByCli(cliPath: string, workspace: string): ExpectedProblem[] {
  const output = execFileSync(process.execPath, [cliPath, '--format', 'json', '--exit-zero', '.'], {
    cwd: workspace,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems = JSON.parse(output) as CliProblem[];
  const expected: ExpectedProblem[] = [];
  for (const problem of problems) {
    const severity = PANEL_SEVERITY[problem.severityNumber];
    if (!severity) continue;
    expected.push({
      file: problem.file.replace(/\\/g, '/'),
      severity,
      line: problem.range.start.line + 1,
      column: problem.range.start.character + 1,
      message: problem.message,
      code: problem.code,
    });
  }
  return expected;
}

/** The problems grouped by file, in the order the CLI gave them. */
export function groupByFile(problems: ExpectedProblem[]): Map<string, ExpectedProblem[]> {
  const byFile = new Map<string, ExpectedProblem[]>();
  for (const problem of problems) {
    const list = byFile.get(problem.file) ?? [];
    list.push(problem);
    byFile.set(problem.file, list);
  }
  return byFile;
}

/**
 * `text` as the file `fileName` of a folder of its own (never the workspace the editor watches), with
 * no configuration: what `mcpdesc-lint --fix` makes of it and what it reports then, or without --fix.
 */
function inFolderOfItsOwn<T>(fileName: string, text: string, use: (folder: string, file: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'mcpdesc-e2e-text-'));
  try {
    const file = join(folder, basename(fileName));
    writeFileSync(file, text);
    return use(folder, file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function textFixedByCli(cliPath: string, fileName: string, text: string): string {
  return inFolderOfItsOwn(fileName, text, (folder, file) => {
    execFileSync(process.execPath, [cliPath, '--fix', '--exit-zero', '--no-config', file], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return readFileSync(file, 'utf8');
  });
}

export function problemsOfTextByCli(cliPath: string, fileName: string, text: string): ExpectedProblem[] {
  return inFolderOfItsOwn(fileName, text, (folder) => problemsReportedByCli(cliPath, folder));
}
