// Runs one directory through both fronts as a user would: the built CLI (dist/cli.js, --format
// json) with the working directory at the root, and the built server (dist/server.js over stdio)
// with the root as its only workspace folder, left to scan it without opening anything. Both
// answers are reduced to the same shape, per '/'-separated path relative to the root, so a test can
// assert that they are equal.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { runCliInProcess } from '../../cli/support/cliInProcess';
import { builtCliPath } from '../../cli/support/cliProcess';
import { fileUri, LspTestClient } from '../../server/lspClient';

/** What both fronts must agree on for one diagnostic. */
export interface SeenDiagnostic {
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
  severity: number;
  code: string;
  violation: string;
  message: string;
}

/** Per file (relative to the root, '/'-separated) with at least one diagnostic, sorted by path. */
export type SeenFiles = Record<string, SeenDiagnostic[]>;

/** The settings both fronts have; each is passed as the CLI's flag and the server's setting. */
export interface SharedSettings {
  include?: string[];
  exclude?: string[];
  maxFileSizeMB?: number;
}

export interface CliAnswer {
  status: number | null;
  stderr: string;
  files: SeenFiles;
}

function sortedFiles(entries: Array<[string, SeenDiagnostic]>): SeenFiles {
  const files: SeenFiles = {};
  for (const [file, diagnostic] of entries) (files[file] ??= []).push(diagnostic);
  const sorted: SeenFiles = {};
  for (const file of Object.keys(files).sort()) {
    sorted[file] = files[file].sort((a, b) => a.line - b.line || a.character - b.character || a.message.localeCompare(b.message));
  }
  return sorted;
}

export function cliFlags(settings: SharedSettings): string[] {
  const flags: string[] = [];
  for (const glob of settings.include ?? []) flags.push('--include', glob);
  for (const glob of settings.exclude ?? []) flags.push('--exclude', glob);
  if (settings.maxFileSizeMB !== undefined) flags.push('--max-file-size-mb', String(settings.maxFileSizeMB));
  return flags;
}

interface CliJsonProblem {
  file: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severityNumber: number;
  code: string;
  violation: string;
  message: string;
}

export interface ProcessOptions {
  /** Extra arguments before the path (e.g. --fix). */
  extra?: string[];
  /** Extra environment (e.g. the access guard's). */
  env?: Record<string, string>;
  /** Node options for the process (e.g. `--require` the access guard). */
  nodeArgs?: string[];
}

/** The CLI's JSON report reduced to what both fronts must agree on. */
function cliAnswerOf(status: number | null, stdout: string, stderr: string): CliAnswer {
  const problems = JSON.parse(stdout) as CliJsonProblem[];
  return {
    status,
    stderr,
    files: sortedFiles(
      problems.map((problem) => [
        problem.file,
        {
          line: problem.range.start.line,
          character: problem.range.start.character,
          endLine: problem.range.end.line,
          endCharacter: problem.range.end.character,
          severity: problem.severityNumber,
          code: problem.code,
          violation: problem.violation,
          message: problem.message,
        },
      ]),
    ),
  };
}

/**
 * `mcpdesc-lint --format json [flags] .` in `root`, through runCli in this process: the CLI's file
 * policy is the host layer's code, the same whether the bundle or this process runs it; the process
 * itself (its argv, its preloaded access guard) is runCli's case above.
 */
export async function runCliInProcessOn(root: string, settings: SharedSettings = {}): Promise<CliAnswer> {
  const run = await runCliInProcess(['--format', 'json', ...cliFlags(settings), '.'], { cwd: root });
  return cliAnswerOf(run.status, run.stdout, run.stderr);
}

/** `mcpdesc-lint --format json [flags] [extra] .` in `root`. */
export function runCli(root: string, settings: SharedSettings = {}, options: ProcessOptions = {}): CliAnswer {
  const args = [
    ...(options.nodeArgs ?? []),
    builtCliPath(),
    '--format',
    'json',
    ...cliFlags(settings),
    ...(options.extra ?? []),
    '.',
  ];
  const child = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  if (child.error) throw child.error;
  return cliAnswerOf(child.status, child.stdout, child.stderr);
}

function seen(diagnostic: Diagnostic): SeenDiagnostic {
  return {
    line: diagnostic.range.start.line,
    character: diagnostic.range.start.character,
    endLine: diagnostic.range.end.line,
    endCharacter: diagnostic.range.end.character,
    severity: diagnostic.severity ?? 0,
    code: String(diagnostic.code),
    violation: String((diagnostic.data as { violation?: unknown } | undefined)?.violation),
    message: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value,
  };
}

/** What the server shows for the files of `root` once its workspace scan has ended. */
export async function runServer(
  root: string,
  settings: SharedSettings = {},
  options: Pick<ProcessOptions, 'env'> = {},
): Promise<SeenFiles> {
  const [files] = await runServerOnFolders([{ root, settings }], options);
  return files;
}

/** One workspace folder of a server start, with the settings the server is answered for it. */
export interface FolderCase {
  root: string;
  settings?: SharedSettings;
}

function serverSettings(settings: SharedSettings = {}): unknown {
  return {
    files: { include: settings.include ?? [], exclude: settings.exclude ?? [] },
    maxFileSizeMB: settings.maxFileSizeMB,
  };
}

/**
 * What one server start shows for each folder once its workspace scan has ended: the folders are
 * its workspace folders, each answered its own settings (as a multi-root editor with folder
 * settings does), so many cases cost one start. The roots must be apart (none inside another).
 */
export async function runServerOnFolders(
  folders: readonly FolderCase[],
  options: Pick<ProcessOptions, 'env'> = {},
): Promise<SeenFiles[]> {
  const uris = folders.map((folder) => fileUri(folder.root));
  const folderOf = (uri: string | undefined): number => {
    if (uri === undefined || !uri.startsWith('file:')) return -1;
    const fsPath = fileURLToPath(uri);
    return folders.findIndex((folder) => fsPath === folder.root || fsPath.startsWith(`${folder.root}${path.sep}`));
  };
  const client = await LspTestClient.start({
    env: options.env,
    // Nothing is opened: what is compared is the workspace scan, whose check workers read and check the
    // files either way; the two document workers a server warms up for open documents would only cost.
    openChecksOnMainThread: true,
    workspaceFolders: folders.map((folder, index) => ({ uri: uris[index], name: path.basename(folder.root) })),
    settings: serverSettings(folders.length === 1 ? folders[0].settings : {}),
    settingsFor: (scopeUri, section) => {
      const index = folderOf(scopeUri);
      return section === 'mcpdesc' && index >= 0 ? serverSettings(folders[index].settings) : undefined;
    },
    timeoutMs: 30_000,
  });
  try {
    await client.waitFor('the end of the workspace scan', () => client.progress.find((entry) => entry.value.kind === 'end'));
    const last = new Map<string, Diagnostic[]>();
    for (const publish of client.publishes) last.set(publish.uri, publish.diagnostics);
    const entries: Array<Array<[string, SeenDiagnostic]>> = folders.map(() => []);
    for (const [uri, diagnostics] of last) {
      const index = folderOf(uri);
      if (index < 0) throw new Error(`a diagnostic outside every workspace folder: ${uri}`);
      const relative = path.relative(folders[index].root, fileURLToPath(uri)).split(path.sep).join('/');
      for (const diagnostic of diagnostics) entries[index].push([relative, seen(diagnostic)]);
    }
    return entries.map(sortedFiles);
  } finally {
    await client.stop();
  }
}
