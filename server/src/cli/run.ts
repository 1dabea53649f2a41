// The whole command: arguments in, text out, exit status back. Streams and the environment are passed
// in so tests can run it without a process; cli.ts wires it to the real ones.
import * as path from 'node:path';
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import { displayPath, invalidConfigMessage, realPathOf } from '../host';
import { linterIdentity } from '../host/lintCache';
import { lintText, UNNAMED_TEXT, type FileOutcome } from '../host/lintFile';
import { decodeText } from '../host/textDecoding';
import { writeFileAtomically } from '../host/writeFileAtomically';
import { CliConfiguration } from './configuration';
import { EXIT_CLEAN, EXIT_TROUBLE, exitStatusOf } from './exitStatus';
import { formatReport } from './formatters';
import { shouldUseColor } from './formatters/colors';
import { githubSummary, summaryLinksFrom } from './formatters/githubSummary';
import { helpText } from './helpText';
import { lintFiles, lintSettingsFor } from './lintFiles';
import { parseArguments, type CliOptions } from './options';
import { stderrLine, terminalSafeJson } from './outputText';
import type { FileReport, RunReport } from './report';
import { runSuppressions } from './suppressionsRun';
import { appendToFile } from './appendToFile';
import { packageVersion } from './version';

export interface CliEnvironment {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdoutIsTTY: boolean;
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** The worker script (dist/checkWorker.js) for --jobs above 1; without it every file is checked on this thread. */
  workerScript?: string;
  /** Standard input, read whole (--stdin). */
  readStdin?(): Promise<Buffer>;
  /** The running bundle (dist/cli.js), whose hash is part of the cache's identity. */
  bundleFile?: string;
}

export { EXIT_CLEAN, EXIT_PROBLEMS, EXIT_TROUBLE } from './exitStatus';

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
  const warn = (message: string): void => environment.writeErr(stderrLine(message));

  let files: FileReport[];
  let baselined = 0;
  if (options.stdin) {
    // Piped text is no file of the suppressions file or the cache, as with ESLint: neither applies.
    files = await lintStdin(options, configuration, environment, fail, warn);
  } else {
    files = await lintFiles({
      options,
      configuration,
      cwd: environment.cwd,
      workerScript: environment.workerScript,
      cacheIdentity: linterIdentity(version, environment.bundleFile ?? __filename, [shippedDocsBaseUri()]),
      fail,
      warn,
    });
    const suppressed = runSuppressions(files, options, environment.cwd, fail);
    files = suppressed.files;
    baselined = suppressed.baselined;
  }

  // Warnings are counted before --quiet hides them: --max-warnings still applies (as ESLint does).
  const status = exitStatusOf(files, failures, options);
  if (status.tooManyWarnings) warn(status.tooManyWarnings);
  const shownFiles = options.quiet
    ? files.map((file) => ({ ...file, diagnostics: file.diagnostics.filter((d) => d.severity === 1) }))
    : files;
  const report: RunReport = { cwd: environment.cwd, files: shownFiles, failures, toolVersion: version, baselined };

  const formatted = formatReport(report, options.format, {
    useColor: options.outputFile === undefined && shouldUseColor(environment.stdoutIsTTY, environment.env),
    ruleDocsBase: summaryLinksFrom(environment.env).ruleDocsBase,
  });
  formatted.notices.forEach((notice) => warn(`warning: ${notice}`));
  if (options.outputFile !== undefined) {
    const outputFile = path.resolve(environment.cwd, options.outputFile);
    const problem = writeFileAtomically(outputFile, formatted.text);
    if (problem) {
      environment.writeErr(stderrLine(`${displayPath(outputFile, environment.cwd)}: the report cannot be written: ${problem}`));
      return EXIT_TROUBLE;
    }
  } else {
    environment.writeOut(formatted.text);
  }
  const summaryFile = environment.env.GITHUB_STEP_SUMMARY;
  if (options.format === 'github' && summaryFile) {
    const problem = appendToFile(summaryFile, githubSummary(report, summaryLinksFrom(environment.env)));
    if (problem) warn(`warning: the job summary (GITHUB_STEP_SUMMARY) cannot be written: ${problem}`);
  }
  return status.exitStatus;
}

async function lintStdin(
  options: CliOptions,
  configuration: CliConfiguration,
  environment: CliEnvironment,
  fail: (message: string) => void,
  warn: (message: string) => void,
): Promise<FileReport[]> {
  if (!environment.readStdin) {
    fail('standard input cannot be read here');
    return [];
  }
  const { text } = decodeText(await environment.readStdin());
  const named = options.stdinFilename === undefined ? undefined : path.resolve(environment.cwd, options.stdinFilename);
  // A name decides the configuration (the files above it) as a file there would; no name: the current directory's.
  const configPath = named ?? path.join(environment.cwd, UNNAMED_TEXT);
  const effective = configuration.forFile(configPath, realPathOf(path.dirname(configPath)));
  effective.invalid.forEach((loaded) => fail(invalidConfigMessage(loaded, displayPath(loaded.path, environment.cwd))));
  const outcome: FileOutcome = lintText(
    text,
    named,
    lintSettingsFor({ options, configuration, cwd: environment.cwd }, effective),
  );
  if (outcome.kind === 'ignored') {
    if (outcome.notice) warn(`warning: ${outcome.notice}`);
    return [];
  }
  if (outcome.kind === 'failed') {
    fail(outcome.message);
    return [];
  }
  if (outcome.failure) fail(outcome.failure);
  return [outcome.report];
}
