// The whole command: arguments in, text out, exit status back. Streams and the environment are passed
// in so tests can run it without a process; cli.ts wires it to the real ones.
import { discoverCandidates } from './discovery';
import { formatReport } from './formatters';
import { shouldUseColor } from './formatters/colors';
import { helpText } from './helpText';
import { lintCandidate } from './lintFile';
import { parseArguments } from './options';
import type { FileReport } from './report';
import { isFailing } from './severity';
import { packageVersion } from './version';

export interface CliEnvironment {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdoutIsTTY: boolean;
  writeOut(text: string): void;
  writeErr(text: string): void;
}

export const EXIT_CLEAN = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_TROUBLE = 2;

export function runCli(argv: readonly string[], environment: CliEnvironment): number {
  const parsed = parseArguments(argv);
  if (!parsed.ok) {
    environment.writeErr(`mcpdesc-lint: ${parsed.message}\nRun 'mcpdesc-lint --help' for usage.\n`);
    return EXIT_TROUBLE;
  }
  const options = parsed.options;
  const version = packageVersion();
  if (options.help) {
    environment.writeOut(helpText(version));
    return EXIT_CLEAN;
  }
  if (options.version) {
    environment.writeOut(`${version}\n`);
    return EXIT_CLEAN;
  }

  // Reported as they happen, so a long run shows trouble early; the exit status remembers them.
  const failures: string[] = [];
  const fail = (message: string): void => {
    failures.push(message);
    environment.writeErr(`mcpdesc-lint: ${message}\n`);
  };
  const discovery = discoverCandidates(options.paths, environment.cwd);
  discovery.problems.forEach(fail);

  const settings = {
    cwd: environment.cwd,
    rules: options.rules,
    globs: { include: options.include, exclude: options.exclude },
    fix: options.fix,
    maxFileSizeMB: options.maxFileSizeMB,
  };
  const files: FileReport[] = [];
  for (const candidate of discovery.candidates) {
    const outcome = lintCandidate(candidate, settings);
    if (outcome.kind === 'failed') fail(outcome.message);
    if (outcome.kind === 'ignored' && outcome.notice) environment.writeErr(`mcpdesc-lint: warning: ${outcome.notice}\n`);
    if (outcome.kind !== 'reported') continue;
    if (outcome.failure) fail(outcome.failure);
    const diagnostics = options.quiet ? outcome.report.diagnostics.filter((d) => d.severity === 1) : outcome.report.diagnostics;
    files.push({ ...outcome.report, diagnostics });
  }

  const useColor = shouldUseColor(environment.stdoutIsTTY, environment.env);
  environment.writeOut(formatReport({ cwd: environment.cwd, files, failures, toolVersion: version }, options.format, useColor));

  if (failures.length > 0) return EXIT_TROUBLE;
  const failing = files.some((file) => file.diagnostics.some((diagnostic) => isFailing(diagnostic.severity)));
  return failing && !options.exitZero ? EXIT_PROBLEMS : EXIT_CLEAN;
}
