// The whole command: arguments in, text out, exit status back. Streams and the environment are passed
// in so tests can run it without a process; cli.ts wires it to the real ones.
import { isConfigFileName } from '../checker';
import { invalidConfigMessage, type LoadedConfigFile } from '../host';
import { defaultWorkerCount } from '../host/workerPool';
import { CliConfiguration } from './configuration';
import { discoverCandidates, type Candidate } from './discovery';
import { displayPath } from '../host';
import { unanchored } from '../host/findingAnchor';
import { formatReport } from './formatters';
import { shouldUseColor } from './formatters/colors';
import { helpText } from './helpText';
import { stderrLine, terminalSafeJson } from './outputText';
import type { FileOutcome } from '../host/lintFile';
import { lintRunner } from './lintRunner';
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
  /** The worker script (dist/checkWorker.js) for --jobs above 1; without it every file is checked on this thread. */
  workerScript?: string;
}

export const EXIT_CLEAN = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_TROUBLE = 2;

export async function runCli(argv: readonly string[], environment: CliEnvironment): Promise<number> {
  const parsed = parseArguments(argv);
  if (!parsed.ok) {
    environment.writeErr(`${stderrLine(parsed.message)}Run 'mcpdesc-lint --help' for usage.\n`);
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

  const configuration = CliConfiguration.open(options, environment.cwd);
  if (!(configuration instanceof CliConfiguration)) {
    environment.writeErr(stderrLine(configuration.message));
    return EXIT_TROUBLE;
  }
  if (options.printConfig !== undefined) {
    const printed = configuration.printConfig(options.printConfig);
    if ('message' in printed) {
      environment.writeErr(stderrLine(printed.message));
      return EXIT_TROUBLE;
    }
    environment.writeOut(terminalSafeJson(printed.text));
    return EXIT_CLEAN;
  }

  // Reported as they happen, so a long run shows trouble early; the exit status remembers them.
  const failures: string[] = [];
  const fail = (message: string): void => {
    failures.push(message);
    environment.writeErr(stderrLine(message));
  };
  const discovery = discoverCandidates(options.paths, environment.cwd);
  discovery.problems.forEach(fail);

  const files: FileReport[] = [];
  // A configuration file is reported once (its diagnostics, as a file of the run) and named once on
  // stderr when it cannot be used, however many documents it lies above.
  const reportedConfigs = new Set<string>();
  const namedConfigs = new Set<string>();
  const report = (fileReport: FileReport): void => {
    const diagnostics = options.quiet ? fileReport.diagnostics.filter((d) => d.severity === 1) : fileReport.diagnostics;
    files.push({ ...fileReport, diagnostics });
  };
  const reportOutcome = (outcome: FileOutcome): void => {
    if (outcome.kind === 'failed') fail(outcome.message);
    if (outcome.kind === 'ignored' && outcome.notice) environment.writeErr(stderrLine(`warning: ${outcome.notice}`));
    if (outcome.kind !== 'reported') return;
    if (outcome.failure) fail(outcome.failure);
    report(outcome.report);
  };
  const failInvalidConfig = (loaded: LoadedConfigFile): void => {
    if (namedConfigs.has(loaded.path)) return;
    namedConfigs.add(loaded.path);
    fail(invalidConfigMessage(loaded, displayPath(loaded.path, environment.cwd)));
  };
  const lintConfigFile = (candidate: Candidate): void => {
    if (reportedConfigs.has(candidate.absolutePath)) return;
    reportedConfigs.add(candidate.absolutePath);
    const scope = configuration.scopeOf(candidate.absolutePath, candidate.realRoot);
    const diagnostics = configuration.configs.diagnosticsOfFile(candidate.absolutePath, scope);
    if (!diagnostics) return;
    report({
      absolutePath: candidate.absolutePath,
      displayPath: displayPath(candidate.absolutePath, environment.cwd),
      diagnostics: diagnostics.map(unanchored),
    });
    const loaded = configuration.configs.read(candidate.absolutePath, scope.realBoundary);
    if (!('missing' in loaded) && !loaded.parsed.config) failInvalidConfig(loaded);
  };

  // Documents are checked in parallel and reported in discovery order, configuration files in their
  // place among them: each result waits for those before it, so the output (stderr included) is the
  // same whatever the number of jobs. Which configuration applies is decided here, on this thread.
  const candidates = discovery.candidates;
  const documentCount = candidates.filter((candidate) => !isConfigFileName(candidate.absolutePath)).length;
  const jobs = Math.min(options.jobs ?? defaultWorkerCount(false), documentCount);
  const runner = lintRunner(environment.workerScript, jobs);
  try {
    const pending = candidates.map((candidate): (() => Promise<void>) | (() => void) => {
      if (isConfigFileName(candidate.absolutePath)) {
        // Checked as configuration, not as documents, wherever they are (--exclude does not hide a broken one).
        return () => {
          if (configuration.looksUp) lintConfigFile(candidate);
        };
      }
      const effective = configuration.forFile(candidate.absolutePath, candidate.realRoot);
      const settings = {
        cwd: environment.cwd,
        ...configuration.settingsOf(effective),
        fix: options.fix,
        maxFileSizeMB: options.maxFileSizeMB,
      };
      const outcome = runner.run({ candidate, settings }).catch((error: unknown): FileOutcome => ({
        kind: 'failed',
        message: `${candidate.absolutePath}: internal error while checking: ${error instanceof Error ? error.message : String(error)}`,
      }));
      return async () => {
        effective.invalid.forEach(failInvalidConfig);
        reportOutcome(await outcome);
      };
    });
    for (const next of pending) await next();
  } finally {
    await runner.close();
  }
  // A configuration file the lookup read above the paths given (the current directory's, for
  // `mcpdesc-lint packages/a`) is reported as if it had been found in the tree.
  for (const loaded of configuration.configs.loaded()) {
    if (loaded.parsed.problems.length === 0) continue;
    lintConfigFile({
      absolutePath: loaded.path,
      explicit: false,
      realRoot: configuration.scopeOf(loaded.path, loaded.path).realBoundary,
    });
  }

  const useColor = shouldUseColor(environment.stdoutIsTTY, environment.env);
  environment.writeOut(formatReport({ cwd: environment.cwd, files, failures, toolVersion: version }, options.format, useColor));

  if (failures.length > 0) return EXIT_TROUBLE;
  const failing = files.some((file) => file.diagnostics.some((diagnostic) => isFailing(diagnostic.severity)));
  return failing && !options.exitZero ? EXIT_PROBLEMS : EXIT_CLEAN;
}
